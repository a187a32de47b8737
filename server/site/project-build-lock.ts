import fs from 'node:fs/promises';
import path from 'node:path';
import { tryPidLock } from '../shared/pid-lock.ts';

/** How often a waiting build looks whether the project folder is free. */
const pollMs = 250;

/**
 * Runs `work` while holding the project folder's build lock. Astro writes generated modules (the
 * content's picture imports among them) under the project's `.astro/`, whatever the version's own
 * folders: two builds at once in one project folder read each other's, even from two installs' data
 * (two processes on one machine, or two sites). The build slot in the database keeps one build per
 * site; this lock keeps one per project folder. A lock whose process has died is taken over.
 */
export async function withProjectBuildLock<T>(
  projectRoot: string,
  timeoutMs: number,
  work: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const lock = path.join(projectRoot, '.astro', 'build.lock');
  await fs.mkdir(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  while ((await tryPidLock(lock)) !== undefined) {
    signal?.throwIfAborted();
    if (Date.now() > deadline) throw new Error(`Another build held the project folder for ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  try {
    return await work();
  } finally {
    await fs.rm(lock, { force: true });
  }
}

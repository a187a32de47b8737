import fs from 'node:fs/promises';
import path from 'node:path';

/** How often a waiting build looks whether the project folder is free. */
const pollMs = 250;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process lives but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

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
  for (;;) {
    try {
      await fs.writeFile(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await fs.readFile(lock, 'utf8').catch(() => '');
    if (/^\d+$/.test(holder) && !alive(Number(holder))) {
      // Read again just before removing, so a lock another waiter has taken meanwhile stays.
      if ((await fs.readFile(lock, 'utf8').catch(() => '')) === holder) await fs.rm(lock, { force: true });
      continue;
    }
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

import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withProjectBuildLock } from './project-build-lock.ts';

describe('the project folder build lock', () => {
  it('runs two builds of one project folder one after the other, never together', async () => {
    const project = await fs.mkdtemp(path.join(os.tmpdir(), 'build-lock-'));
    const events: string[] = [];
    const build = (name: string) =>
      withProjectBuildLock(project, 10_000, async () => {
        events.push(`${name} start`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        events.push(`${name} end`);
      });
    await Promise.all([build('a'), build('b')]);
    expect(events).toEqual(['a start', 'a end', 'b start', 'b end']);
    await expect(fs.access(path.join(project, '.astro', 'build.lock'))).rejects.toThrow();
  });

  it('takes over a lock left by a process that died, and waits no longer than asked for a living one', async () => {
    const project = await fs.mkdtemp(path.join(os.tmpdir(), 'build-lock-'));
    await fs.mkdir(path.join(project, '.astro'));
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    await fs.writeFile(path.join(project, '.astro', 'build.lock'), dead);
    expect(await withProjectBuildLock(project, 1_000, async () => 'built')).toBe('built');

    await fs.writeFile(path.join(project, '.astro', 'build.lock'), String(process.ppid));
    await expect(withProjectBuildLock(project, 600, async () => 'built')).rejects.toThrow(/held the project folder/);
  });
});

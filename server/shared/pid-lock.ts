import fs from 'node:fs/promises';

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
 * Takes a lock file that names this process, once: answers undefined when taken, else the pid of the
 * live process that holds it. A lock whose process has died (a crash, SIGKILL) is taken over.
 */
export async function tryPidLock(file: string): Promise<number | undefined> {
  for (;;) {
    try {
      await fs.writeFile(file, String(process.pid), { flag: 'wx' });
      return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await fs.readFile(file, 'utf8').catch(() => '');
    if (/^\d+$/.test(holder) && alive(Number(holder))) return Number(holder);
    // Read again just before removing, so a lock another process has taken meanwhile stays.
    if ((await fs.readFile(file, 'utf8').catch(() => '')) === holder) await fs.rm(file, { force: true });
  }
}

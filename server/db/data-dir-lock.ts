import fs from 'node:fs/promises';
import path from 'node:path';
import { tryPidLock } from '../shared/pid-lock.ts';

/** The lock file in an embedded database's folder; PostgreSQL's own files never take this name. */
export const dataDirLockName = 'storefront.lock';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/**
 * One process at a time on an embedded database's folder. PGlite holds the database in its process and
 * writes the folder as it goes: a second process on the same folder (the admin command while the server
 * runs, a second server) works on a copy of its own, neither sees the other's writes (an operator added
 * that cannot sign in), and the files end up as whichever wrote last, or broken. So the second is refused,
 * saying which process holds the folder. A lock left by a process that died (a crash, SIGKILL) is taken
 * over. Answers the release, which the database's close calls.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, dataDirLockName);
  const holder = await tryPidLock(file);
  if (holder !== undefined) {
    throw new DataDirInUseError(
      `the embedded database in ${dataDir} is in use by process ${holder} (a running server?): stop it, then run this again`,
    );
  }
  return () => fs.rm(file, { force: true });
}

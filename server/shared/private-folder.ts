import fs from 'node:fs/promises';

/**
 * Makes `folder` (and any missing parent) and leaves it readable by the server's user only (0700),
 * whatever the umask: the embedded data folder holds the database files, identity photos and the
 * card-number key, and PGlite writes its own files world-readable or world-writable under a loose
 * umask, so the folder itself is the fence (docs/decisions/053-production-install-and-backups.md).
 */
export async function makePrivateFolder(folder: string): Promise<void> {
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  await fs.chmod(folder, 0o700);
}

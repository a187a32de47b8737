import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database.ts';
import { blobContents, storeVersionFiles, versionFilePaths } from './site-files.repository.ts';

/**
 * A built version's folder kept in the database, and written back out on any process that has not got it
 * (decision 057): SITE_DIR is then each process's own copy, and no folder is shared between machines.
 */

/** Contents read per query when writing a version out. */
const blobsPerRead = 50;

/** Stores every file of the version's folder. */
export async function saveVersion(db: Db, buildId: number, folder: string): Promise<void> {
  const files: { path: string; content: Buffer }[] = [];
  for (const entry of await fs.readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    files.push({ path: path.relative(folder, absolute).split(path.sep).join('/'), content: await fs.readFile(absolute) });
  }
  await storeVersionFiles(db, buildId, files);
}

/**
 * Writes the version's files out to its folder, whole or not at all (written aside, then renamed). False when the
 * database has no files for it (a version built before migration 0041, or forgotten).
 */
export async function writeVersionOut(db: Db, buildId: number, folder: string): Promise<boolean> {
  const files = await versionFilePaths(db, buildId);
  if (files.length === 0) return false;
  const scratch = `${folder}.partial-${process.pid}`;
  await fs.rm(scratch, { recursive: true, force: true });
  try {
    for (let start = 0; start < files.length; start += blobsPerRead) {
      const chunk = files.slice(start, start + blobsPerRead);
      const contents = await blobContents(db, [...new Set(chunk.map((file) => file.sha256))]);
      for (const file of chunk) {
        // Paths were made from a folder listing; one that climbs out is never written.
        const target = path.resolve(scratch, file.path);
        const content = contents.get(file.sha256);
        if (!target.startsWith(`${scratch}${path.sep}`) || content === undefined)
          throw new Error(`version ${buildId}: bad file ${file.path}`);
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(target, content);
      }
    }
    await fs.mkdir(path.dirname(folder), { recursive: true });
    await fs.rm(folder, { recursive: true, force: true });
    await fs.rename(scratch, folder);
    return true;
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

import type { Db } from '../db/database.ts';
import { listStoredFiles, partialSuffix, removeImage, storedNamePattern } from './upload-store.ts';
import { storedNamesInUse } from './uploads.repository.ts';

/**
 * Old enough that no upload still in flight can own the file: a photo is written, then its row
 * inserted, within moments; another process sharing the folder may be between the two right now.
 */
export const orphanAgeMs = 10 * 60_000;

/**
 * Removes what a process killed mid-upload can leave in the private upload folder: a ".partial"
 * file (killed while writing) or a photo no upload row refers to (killed before the row was
 * inserted). Run at start-up; returns how many files it removed.
 */
export async function sweepOrphanedUploads(db: Db, uploadDir: string, now = Date.now()): Promise<number> {
  const old = (await listStoredFiles(uploadDir, now)).filter((file) => file.ageMs > orphanAgeMs);
  const partial = old.filter((file) => file.name.endsWith(partialSuffix)).map((file) => file.name);
  const photos = old.filter((file) => storedNamePattern.test(file.name)).map((file) => file.name);
  const inUse = await storedNamesInUse(db, photos);
  const orphans = [...partial, ...photos.filter((name) => !inUse.has(name))];
  for (const name of orphans) await removeImage(uploadDir, name);
  return orphans.length;
}

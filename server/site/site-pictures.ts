import fs from 'node:fs/promises';
import path from 'node:path';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { cleanImage } from '../uploads/image-check.ts';
import { newStoredName, storedNamePattern } from '../uploads/upload-store.ts';
import { insertSitePicture, listSitePictures } from './site-files.repository.ts';

/** Where pictures operators uploaded before migration 0041 are (SITE_DIR/images); newer ones are in the database. */
export const picturesDir = (siteDir: string) => path.join(siteDir, 'images');

/**
 * A picture for the brand site: checked by its content and re-encoded without metadata, as every
 * upload is (server/uploads); the build then makes the responsive AVIF and WebP sizes of it. Answers
 * the path a page's `src` takes. The file is public once a page that shows it is published.
 */
export async function addPicture(db: Db, operatorId: number, bytes: Buffer) {
  const image = await cleanImage(bytes);
  // In the database, so a build on any process has it (decision 057).
  const name = newStoredName(image.contentType);
  await insertSitePicture(db, name, image.bytes);
  const src = `../images/${name}`;
  await recordAudit(db, {
    operatorId,
    action: 'site.picture_upload',
    subjectType: 'site_picture',
    subjectId: name,
    after: { src, width: image.width, height: image.height },
  });
  return { src, width: image.width, height: image.height };
}

/**
 * Copies the uploaded pictures into the content folder a build reads, beside the repository's own: those in the
 * database, and those uploaded before it kept them (SITE_DIR/images).
 */
export async function copyPictures(db: Db, siteDir: string, contentImages: string): Promise<void> {
  const uploaded = picturesDir(siteDir);
  const names = await fs.readdir(uploaded).catch(() => [] as string[]);
  for (const name of names) {
    if (storedNamePattern.test(name)) await fs.copyFile(path.join(uploaded, name), path.join(contentImages, name));
  }
  for (const picture of await listSitePictures(db)) await fs.writeFile(path.join(contentImages, picture.name), picture.content);
}

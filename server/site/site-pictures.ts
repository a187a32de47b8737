import fs from 'node:fs/promises';
import path from 'node:path';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { cleanImage } from '../uploads/image-check.ts';
import { storeImage } from '../uploads/upload-store.ts';

/** Pictures operators upload for the brand site, beside the builds (SITE_DIR/images). */
export const picturesDir = (siteDir: string) => path.join(siteDir, 'images');

/**
 * A picture for the brand site: checked by its content and re-encoded without metadata, as every
 * upload is (server/uploads); the build then makes the responsive AVIF and WebP sizes of it. Answers
 * the path a page's `src` takes. The file is public once a page that shows it is published.
 */
export async function addPicture(db: Db, siteDir: string, operatorId: number, bytes: Buffer) {
  const image = await cleanImage(bytes);
  const name = await storeImage(picturesDir(siteDir), image.bytes, image.contentType);
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

/** Copies the uploaded pictures into the content folder a build reads, beside the repository's own. */
export async function copyPictures(siteDir: string, contentImages: string): Promise<void> {
  const uploaded = picturesDir(siteDir);
  const names = await fs.readdir(uploaded).catch(() => [] as string[]);
  for (const name of names) {
    if (/^[0-9a-f]{32}\.(png|jpg)$/.test(name)) await fs.copyFile(path.join(uploaded, name), path.join(contentImages, name));
  }
}

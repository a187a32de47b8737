import type { Db } from '../db/database.ts';
import { cleanImage } from './image-check.ts';
import { newStoredName } from './upload-store.ts';
import { insertUpload, uploadPath } from './uploads.repository.ts';

/**
 * Keeps a member's photo: judged by its content, re-encoded without its metadata (image-check.ts), then the photo
 * and its row in one statement, so any process on the database serves it and none is ever half stored.
 */
export async function storeUpload(db: Db, userId: number, bytes: Buffer): Promise<{ id: number; image_path: string }> {
  const image = await cleanImage(bytes);
  const id = await insertUpload(db, { userId, ...image, content: image.bytes, storedName: newStoredName(image.contentType) });
  return { id: Number(id), image_path: uploadPath(id) };
}

export { findUpload, uploadPath } from './uploads.repository.ts';

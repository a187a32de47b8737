import type { Db } from '../db/database.ts';
import type { ImageContentType } from '../db/schema-back-office.ts';

export interface UploadRow {
  id: string;
  user_id: number;
  content_type: ImageContentType;
  stored_name: string;
  /** Null for a photo from before migration 0041, still in UPLOAD_DIR. */
  content: Buffer | null;
}

export async function insertUpload(
  db: Db,
  upload: { userId: number; contentType: ImageContentType; content: Buffer; width: number; height: number; storedName: string },
): Promise<string> {
  const row = await db
    .insertInto('uploads')
    .values({
      user_id: upload.userId,
      content_type: upload.contentType,
      bytes: upload.content.length,
      content: upload.content,
      width: upload.width,
      height: upload.height,
      stored_name: upload.storedName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Which of these stored names an upload row refers to. */
export async function storedNamesInUse(db: Db, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db.selectFrom('uploads').select('stored_name').where('stored_name', 'in', names).execute();
  return new Set(rows.map((row) => row.stored_name));
}

export async function findUpload(db: Db, id: number): Promise<UploadRow | undefined> {
  return db
    .selectFrom('uploads')
    .select(['id', 'user_id', 'content_type', 'stored_name', 'content'])
    .where('id', '=', String(id))
    .executeTakeFirst();
}

/** Whether every given upload id belongs to the member: a photo of someone else's is never attached. */
export async function ownsUploads(db: Db, userId: number, ids: number[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const rows = await db
    .selectFrom('uploads')
    .select('id')
    .where('user_id', '=', userId)
    .where(
      'id',
      'in',
      ids.map((id) => String(id)),
    )
    .execute();
  return rows.length === new Set(ids).size;
}

/** The path clients use to fetch an upload (owner or operator, with their token). */
export const uploadPath = (id: string | number): string => `/api/v1/image/${id}`;

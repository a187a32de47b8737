import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The brand site's files in the database (migration 0041, decision 057): pictures operators upload, and every file of
 * each built version, stored once per content. Any process on the database builds with the pictures and serves the
 * versions; its SITE_DIR is only its own copy.
 */

export async function insertSitePicture(db: Db, name: string, content: Buffer): Promise<void> {
  await db.insertInto('site_pictures').values({ name, content }).execute();
}

/** Every uploaded picture, by name, for a build to copy beside the repository's own. */
export async function listSitePictures(db: Db): Promise<{ name: string; content: Buffer }[]> {
  return db.selectFrom('site_pictures').select(['name', 'content']).orderBy('name').execute();
}

/** Files written per statement: a few megabytes at most, as pictures are small. */
const filesPerInsert = 50;

/** Records a built version's files (path relative to its folder, and content), each content stored once. */
export async function storeVersionFiles(db: Db, buildId: number, files: readonly { path: string; content: Buffer }[]): Promise<void> {
  const hashed = files.map((file) => ({ ...file, sha256: createHash('sha256').update(file.content).digest('hex') }));
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < hashed.length; start += filesPerInsert) {
      const chunk = hashed.slice(start, start + filesPerInsert);
      const known = new Set(
        (
          await trx
            .selectFrom('site_blobs')
            .select('sha256')
            .where('sha256', 'in', [...new Set(chunk.map((file) => file.sha256))])
            .execute()
        ).map((row) => row.sha256),
      );
      const fresh = new Map(chunk.filter((file) => !known.has(file.sha256)).map((file) => [file.sha256, file.content]));
      if (fresh.size > 0) {
        await trx
          .insertInto('site_blobs')
          .values([...fresh].map(([sha256, content]) => ({ sha256, content })))
          .onConflict((conflict) => conflict.column('sha256').doNothing())
          .execute();
      }
      await trx
        .insertInto('site_version_files')
        .values(chunk.map((file) => ({ build_id: buildId, path: file.path, sha256: file.sha256 })))
        .onConflict((conflict) => conflict.columns(['build_id', 'path']).doUpdateSet({ sha256: (eb) => eb.ref('excluded.sha256') }))
        .execute();
    }
  });
}

/** The paths of a version's files, and their contents a page at a time (a version is megabytes: never all in memory). */
export async function versionFilePaths(db: Db, buildId: number): Promise<{ path: string; sha256: string }[]> {
  return db.selectFrom('site_version_files').select(['path', 'sha256']).where('build_id', '=', buildId).orderBy('path').execute();
}

export async function blobContents(db: Db, hashes: readonly string[]): Promise<Map<string, Buffer>> {
  if (hashes.length === 0) return new Map();
  const rows = await db
    .selectFrom('site_blobs')
    .select(['sha256', 'content'])
    .where('sha256', 'in', [...hashes])
    .execute();
  return new Map(rows.map((row) => [row.sha256, row.content]));
}

/**
 * Forgets the files of versions no one can reach any more, and contents no version uses. A build still running (in
 * any process) keeps its files: it stores them just before it is marked finished.
 */
export async function forgetVersionFiles(db: Db, keep: readonly number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let forget = trx
      .deleteFrom('site_version_files')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('site_builds')
              .select('id')
              .whereRef('site_builds.id', '=', 'site_version_files.build_id')
              .where('status', '=', 'running'),
          ),
        ),
      );
    if (keep.length > 0) forget = forget.where('build_id', 'not in', [...keep]);
    await forget.execute();
    await sql`delete from site_blobs b where not exists (select 1 from site_version_files f where f.sha256 = b.sha256)`.execute(trx);
  });
}

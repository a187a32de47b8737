import { type Kysely, sql } from 'kysely';

/**
 * No shared folder between processes (issue 37, decision 057): members' photos, the pictures operators upload for
 * the brand site and the files of each built version of the site are kept in the database, so any process on it
 * serves them. A version's files are stored once per content (`site_blobs`, by SHA-256): most of a version is the
 * same pictures and scripts as the one before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Null: a photo from before, still in UPLOAD_DIR.
  await db.schema.alterTable('uploads').addColumn('content', 'bytea').execute();
  await db.schema
    .createTable('site_pictures')
    .addColumn('name', 'text', (col) => col.primaryKey().check(sql`name ~ '^[0-9a-f]{32}\\.(png|jpg)$'`))
    .addColumn('content', 'bytea', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('site_blobs')
    .addColumn('sha256', 'text', (col) => col.primaryKey())
    .addColumn('content', 'bytea', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('site_version_files')
    .addColumn('build_id', 'integer', (col) => col.notNull().references('site_builds.id').onDelete('cascade'))
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull().references('site_blobs.sha256'))
    .addPrimaryKeyConstraint('site_version_files_pkey', ['build_id', 'path'])
    .execute();
  await db.schema.createIndex('site_version_files_by_blob').on('site_version_files').column('sha256').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_version_files').execute();
  await db.schema.dropTable('site_blobs').execute();
  await db.schema.dropTable('site_pictures').execute();
  await db.schema.alterTable('uploads').dropColumn('content').execute();
}

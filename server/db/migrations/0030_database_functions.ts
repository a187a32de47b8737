import { type Kysely, sql } from 'kysely';
import { defineFunction } from '../functions/index.ts';

/**
 * Which text of each database function was last applied (decision 040). A function's body lives
 * only in its file under server/db/functions; after the numbered migrations, the runner re-applies
 * every file whose SHA-256 differs from the one recorded here. A database that ran every migration
 * before this one has no record at all, so all its functions are replaced once by their current text.
 *
 * It also brings in journal_hash, the content hash every writer of journals in SQL now shares.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('database_functions')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('applied_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await defineFunction(db, 'journal_hash');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function journal_hash(text, text, integer[], bigint[])`.execute(db);
  await db.schema.dropTable('database_functions').execute();
}

import { type Kysely, sql } from 'kysely';
import { defineFunction } from '../functions/index.ts';

/**
 * The back office (PRODUCT.md decision 5): operators with sessions of their own, the audit log
 * of everything they do, and the private store of uploaded photos.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('disabled_at', 'timestamptz')
    .execute();
  await sql`create unique index operators_username_lower on operators (lower(username))`.execute(db);

  await db.schema
    .createTable('operator_sessions')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('operator_id', 'integer', (col) => col.notNull().references('operators.id'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('operator_id', 'integer', (col) => col.references('operators.id'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject_type', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'text', (col) => col.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The log is evidence: rows are added, never changed or removed.
  await defineFunction(db, 'audit_log_is_append_only');
  await sql`create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_is_append_only()`.execute(db);

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('content_type', 'text', (col) => col.notNull().check(sql`content_type in ('image/png', 'image/jpeg')`))
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('stored_name', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('uploads_by_user').on('uploads').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
  await sql`drop trigger audit_log_append_only on audit_log`.execute(db);
  await sql`drop function audit_log_is_append_only()`.execute(db);
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('operator_sessions').execute();
  await db.schema.dropTable('operators').execute();
}

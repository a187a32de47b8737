import { sql, type Kysely } from 'kysely';

/**
 * Customer service resets a lost password (as in the original app: recovered through customer service with an
 * identity check): an operator issues a one-time code, kept here only as its SHA-256, which the
 * member uses once, before it expires, to choose a new password.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_password_resets')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('code_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_by', 'integer', (col) => col.notNull().references('operators.id'))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('member_password_resets_by_user').on('member_password_resets').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_password_resets').execute();
}

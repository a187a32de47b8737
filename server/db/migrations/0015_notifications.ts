import { type Kysely, sql } from 'kysely';

/**
 * In-app notifications (the bell): what happened to a member's payments, verification,
 * withdrawals, income and account, with the parameters the widgets word it with. Unread ones
 * are counted every few seconds per member, so they have an index of their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('params', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .addColumn('mailed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('notifications_user_id_idx').on('notifications').columns(['user_id', 'id']).execute();
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(db);
  await sql`create index notifications_unmailed_idx on notifications (id) where mailed_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
}

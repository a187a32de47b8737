import { sql, type Kysely } from 'kysely';

/**
 * Operators may be told of new work by e-mail and by a signed webhook (issue 35, decision 064): where to, in the
 * back office's one settings row, and which items each channel has already been told of, so that no item is told
 * twice on one channel whichever process finds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('operator_settings')
    .addColumn('alert_emails', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('alert_webhook_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('alert_webhook_secret', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('operator_alerts')
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('item', 'text', (col) => col.notNull())
    .addColumn('told_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('operator_alerts_pkey', ['channel', 'item'])
    .execute();
  await db.schema.createIndex('operator_alerts_by_time').on('operator_alerts').column('told_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_alerts').execute();
  await db.schema
    .alterTable('operator_settings')
    .dropColumn('alert_emails')
    .dropColumn('alert_webhook_url')
    .dropColumn('alert_webhook_secret')
    .execute();
}

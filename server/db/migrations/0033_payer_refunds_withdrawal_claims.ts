import { sql, type Kysely } from 'kysely';

/**
 * A payment from someone other than the member is recorded with the account it goes back to
 * (payer's bank and account as the operator typed them) and the operator's reason; a mistaken
 * mismatch can be undone before the refund is paid, which leaves its record as `undone`
 * (decision 050). A withdrawal is claimed by one operator before the bank transfer is sent
 * (decision 051).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('refunds')
    .addColumn('payer_bank', 'text')
    .addColumn('payer_account', 'text')
    .addColumn('reason', 'text')
    .addColumn('undone_by', 'integer', (col) => col.references('operators.id'))
    .addColumn('undone_at', 'timestamptz')
    .addColumn('undo_reason', 'text')
    .execute();
  await sql`alter table refunds drop constraint refunds_status_check`.execute(db);
  await sql`alter table refunds add constraint refunds_status_check check (status in ('owed', 'paid', 'undone'))`.execute(db);
  // One live refund per order: an undone one no longer counts.
  await sql`drop index refunds_one_per_order`.execute(db);
  await sql`create unique index refunds_one_per_order on refunds (order_id) where status <> 'undone'`.execute(db);

  await db.schema
    .alterTable('withdrawals')
    .addColumn('claimed_by', 'integer', (col) => col.references('operators.id'))
    .addColumn('claimed_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('withdrawals').dropColumn('claimed_at').dropColumn('claimed_by').execute();
  await sql`delete from refunds where status = 'undone'`.execute(db);
  await sql`drop index refunds_one_per_order`.execute(db);
  await sql`create unique index refunds_one_per_order on refunds (order_id)`.execute(db);
  await sql`alter table refunds drop constraint refunds_status_check`.execute(db);
  await sql`alter table refunds add constraint refunds_status_check check (status in ('owed', 'paid'))`.execute(db);
  await db.schema
    .alterTable('refunds')
    .dropColumn('undo_reason')
    .dropColumn('undone_at')
    .dropColumn('undone_by')
    .dropColumn('reason')
    .dropColumn('payer_account')
    .dropColumn('payer_bank')
    .execute();
}

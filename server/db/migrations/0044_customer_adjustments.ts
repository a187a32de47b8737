import { type Kysely, sql } from 'kysely';

const kindsBefore = `'member_main', 'member_partner', 'remittance_clearing', 'engine_room_revenue', 'income_paid', 'withdrawals_held', 'refunds_owed', 'partner_in_transit', 'partner_settlement', 'order_sales'`;

/**
 * Customer service credits or debits a member's main wallet by hand (issue 35, decision 060), from
 * a ledger account of its own, `customer_adjustments`: it faces the business, so it may run negative
 * (points the business gave) like remittance clearing. Each adjustment is a row with its reason and
 * who asked; above the install's limit a second administrator approves it before it is posted.
 * The operator's key makes a repeated request (a double click, a retry) one adjustment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`.execute(db);
  await sql
    .raw(`alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in (${kindsBefore}, 'customer_adjustments'))`)
    .execute(db);
  await sql`alter table ledger_accounts drop constraint ledger_accounts_balance_floor`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_balance_floor
    check (balance >= 0 or kind in ('remittance_clearing', 'income_paid', 'partner_settlement', 'customer_adjustments'))`.execute(db);
  await db.schema
    .createTable('member_adjustments')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('direction', 'text', (col) => col.notNull().check(sql`direction in ('credit', 'debit')`))
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'posted', 'rejected')`))
    .addColumn('request_key', 'text', (col) => col.notNull())
    .addColumn('requested_by', 'integer', (col) => col.notNull().references('operators.id'))
    .addColumn('requested_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('decided_by', 'integer', (col) => col.references('operators.id'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decision_note', 'text')
    .addColumn('journal_id', 'bigint', (col) => col.references('ledger_journals.id'))
    .addUniqueConstraint('member_adjustments_one_per_key', ['requested_by', 'request_key'])
    .execute();
  await sql`create index member_adjustments_by_member on member_adjustments (user_id, id desc)`.execute(db);
  await sql`create index member_adjustments_pending on member_adjustments (id) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_adjustments').execute();
  await sql`alter table ledger_accounts drop constraint ledger_accounts_balance_floor`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_balance_floor
    check (balance >= 0 or kind in ('remittance_clearing', 'income_paid', 'partner_settlement'))`.execute(db);
  await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`.execute(db);
  await sql.raw(`alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in (${kindsBefore}))`).execute(db);
}

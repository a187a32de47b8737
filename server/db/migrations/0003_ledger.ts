import { type Kysely, sql } from 'kysely';
import { defineFunction } from '../functions/index.ts';

/**
 * The double-entry ledger (decision 007), the partner cities it serves, and the members'
 * transfer records. The database backs every rule the ledger code asserts: journals balance,
 * ledger rows never change, and accounts that hold someone's money never go below zero.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('partner_cities')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('internal', 'external')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    // One stable name per account ("member:12:main", "system:remittance_clearing"), so an
    // account is found or created by what it is, never twice.
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`kind in ('member_main', 'member_partner', 'remittance_clearing', 'engine_room_revenue', 'income_paid', 'withdrawals_held', 'refunds_owed', 'partner_in_transit', 'partner_settlement')`,
        ),
    )
    .addColumn('user_id', 'integer', (col) => col.references('users.id'))
    .addColumn('partner_city_id', 'integer', (col) => col.references('partner_cities.id'))
    .addColumn('balance', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Only the accounts that face the outside world (money arriving, income paid out, a partner's
    // settlement) may run negative; everything that holds a member's money stays at or above zero.
    .addCheckConstraint(
      'ledger_accounts_balance_floor',
      sql`balance >= 0 or kind in ('remittance_clearing', 'income_paid', 'partner_settlement')`,
    )
    .addCheckConstraint(
      'ledger_accounts_member_owner',
      sql`(kind in ('member_main', 'member_partner')) = (user_id is not null)
          and (kind in ('member_partner', 'partner_in_transit', 'partner_settlement')) = (partner_city_id is not null)`,
    )
    .execute();
  await db.schema.createIndex('ledger_accounts_user').on('ledger_accounts').column('user_id').execute();

  await db.schema
    .createTable('ledger_journals')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('content_hash', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('memo', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('journal_id', 'bigint', (col) => col.notNull().references('ledger_journals.id'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount <> 0`))
    .addUniqueConstraint('ledger_entries_journal_account', ['journal_id', 'account_id'])
    .execute();
  await db.schema.createIndex('ledger_entries_account').on('ledger_entries').columns(['account_id', 'id']).execute();

  // Ledger rows are facts: a correction is a new journal, never an edit.
  await defineFunction(db, 'ledger_refuse_change');
  for (const table of ['ledger_journals', 'ledger_entries']) {
    await sql`create trigger ${sql.raw(`${table}_immutable`)} before update or delete on ${sql.table(table)}
      for each row execute function ledger_refuse_change()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function ledger_refuse_change()`.execute(db);
  }

  // A statement that leaves a journal unbalanced fails, whatever code wrote it. This migration first
  // created a per-row check deferred to commit, which 0009 replaced by this per-statement
  // one; the function now has one definition (server/db/functions, decision 040) that only a
  // per-statement trigger can run, so a new database takes this trigger's final shape here.
  await defineFunction(db, 'ledger_assert_balanced');
  await sql`create trigger ledger_entries_balanced after insert on ledger_entries
    referencing new table as new_entries for each statement execute function ledger_assert_balanced()`.execute(db);

  await db.schema
    .createTable('transaction_records')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('partner_city_id', 'integer', (col) => col.notNull().references('partner_cities.id'))
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('deposit', 'withdrawal')`))
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('fee', 'bigint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`fee >= 0`),
    )
    .addColumn('status', 'smallint', (col) => col.notNull().check(sql`status between 0 and 4`))
    .addColumn('reason', 'text')
    .addColumn('journal_id', 'bigint', (col) => col.references('ledger_journals.id'))
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index transaction_records_user_key on transaction_records (user_id, idempotency_key)
    where idempotency_key is not null`.execute(db);
  await db.schema.createIndex('transaction_records_user_type').on('transaction_records').columns(['user_id', 'type', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transaction_records').execute();
  await db.schema.dropTable('ledger_entries').execute();
  await db.schema.dropTable('ledger_journals').execute();
  await sql`drop function ledger_assert_balanced()`.execute(db);
  await sql`drop function ledger_refuse_change()`.execute(db);
  await db.schema.dropTable('ledger_accounts').execute();
  await db.schema.dropTable('partner_cities').execute();
}

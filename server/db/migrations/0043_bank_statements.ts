import { type Kysely, sql } from 'kysely';

/**
 * Bank reconciliation (issue 35, decision 059): an operator imports a receiving account's bank
 * statement, each credit is matched to a waiting payment notice, and matched pairs are confirmed
 * through the ordinary confirmation rule.
 * - `bank_statement_formats`: the column mapping chosen once per receiving account, remembered;
 * - `bank_statements`: one imported file, who imported it and when;
 * - `bank_statement_lines`: each line as read, with the order its payment confirmed. A line's
 *   fingerprint (its raw fields and how many identical lines came before it in the file) is unique
 *   per receiving account, so importing an overlapping statement again never lists a payment twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bank_statement_formats')
    .addColumn('remittance_account_id', 'integer', (col) => col.primaryKey().references('remittance_accounts.id'))
    .addColumn('mapping', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.notNull().references('operators.id'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('bank_statements')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('remittance_account_id', 'integer', (col) => col.notNull().references('remittance_accounts.id'))
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('file_sha256', 'text', (col) => col.notNull())
    .addColumn('lines_total', 'integer', (col) => col.notNull())
    .addColumn('imported_by', 'integer', (col) => col.notNull().references('operators.id'))
    .addColumn('imported_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('bank_statement_lines')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('statement_id', 'bigint', (col) => col.notNull().references('bank_statements.id'))
    .addColumn('remittance_account_id', 'integer', (col) => col.notNull().references('remittance_accounts.id'))
    .addColumn('line', 'integer', (col) => col.notNull())
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('booked_on', 'date')
    .addColumn('amount', 'bigint')
    .addColumn('payer_name', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('payer_account', 'text', (col) => col.notNull())
    .addColumn('last_five', 'text')
    .addColumn('problems', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('confirmed_order_id', 'bigint', (col) => col.references('orders.id'))
    .addColumn('confirmed_by', 'integer', (col) => col.references('operators.id'))
    .addColumn('confirmed_at', 'timestamptz')
    .addUniqueConstraint('bank_statement_lines_once_per_account', ['remittance_account_id', 'fingerprint'])
    .execute();
  await sql`create index bank_statement_lines_by_statement on bank_statement_lines (statement_id, line)`.execute(db);
  await sql`create index bank_statements_newest on bank_statements (id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bank_statement_lines').execute();
  await db.schema.dropTable('bank_statements').execute();
  await db.schema.dropTable('bank_statement_formats').execute();
}

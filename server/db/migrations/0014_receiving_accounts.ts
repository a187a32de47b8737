import { type Kysely, sql } from 'kysely';

/**
 * Receiving accounts that operators manage (decision 024). Remittance accounts gain an order, an
 * on/off switch with the reason it was switched off, the sites (locales) and member countries that
 * see each, and a demo mark: a demo account is shown only while the server runs in demo mode.
 * Accounts are disabled, never deleted, so a payment notice keeps the account it was paid into.
 * The virtual-currency method gains its network beside its receiving address (`serial_number`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('remittance_accounts')
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('disabled_reason', 'text')
    .addColumn('demo', 'boolean', (col) => col.notNull().defaultTo(false))
    // Site locales whose payment screen shows the account; empty: none of them.
    .addColumn('locales', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{zhs,zht,eng}'::text[]`))
    // Member countries (countries.id) that see the account; empty: every country.
    .addColumn('country_ids', sql`integer[]`, (col) => col.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // Before this migration no screen or route could add an account, so the rows are the seed's
  // placeholders unless someone wrote them by hand: those that still carry a placeholder number are demo.
  await sql`update remittance_accounts set demo = true
            where (id, account_number) in ((1, '6217000000000001'), (2, '0071000000002'), (3, '004000000000003'))`.execute(db);
  // The original app's payment view hides type "Taiwan" on every site: that rule is now the account's data.
  await sql`update remittance_accounts set locales = '{}'::text[] where lower(trim(type)) = 'taiwan'`.execute(db);
  await sql`update remittance_accounts set position = id`.execute(db);

  await db.schema.alterTable('payment_methods').addColumn('network', 'text').execute();
  await db.schema
    .alterTable('payment_methods')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // The account the member says they paid into (null when they did not say, or for virtual currency).
  await db.schema
    .alterTable('order_notices')
    .addColumn('remittance_account_id', 'integer', (col) => col.references('remittance_accounts.id'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_notices').dropColumn('remittance_account_id').execute();
  await db.schema.alterTable('payment_methods').dropColumn('updated_at').dropColumn('network').execute();
  await db.schema
    .alterTable('remittance_accounts')
    .dropColumn('updated_at')
    .dropColumn('country_ids')
    .dropColumn('locales')
    .dropColumn('demo')
    .dropColumn('disabled_reason')
    .dropColumn('enabled')
    .dropColumn('position')
    .execute();
}

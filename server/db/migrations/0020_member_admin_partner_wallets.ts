import { type Kysely, sql } from 'kysely';

/**
 * Members and partner-city wallets in the back office (decision 029).
 *
 * Partner cities gain their names in each language (`name` stays the API's field and the
 * fallback), a disabled state (no new transfers in; balances stay and can be moved out), and the
 * adapter settings of an external platform: base URL, key id and the secret, sealed with the
 * server's key and never sent back. Sessions may now be ended by an operator.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('partner_cities')
    .addColumn('names', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('disabled_reason', 'text')
    .addColumn('base_url', 'text')
    .addColumn('api_key', 'text')
    .addColumn('secret_cipher', 'text')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`update partner_cities set names = '{"zhs":"商城","zht":"商城","eng":"Store"}'::jsonb where id = 1 and name = 'store'`.execute(
    db,
  );
  await sql`update partner_cities set names = '{"zhs":"影城","zht":"影城","eng":"Cinema"}'::jsonb where id = 2 and name = 'cinema'`.execute(
    db,
  );
  await sql`alter table sessions drop constraint if exists sessions_revoked_reason_check`.execute(db);
  await sql`alter table sessions add constraint sessions_revoked_reason_check
    check (revoked_reason in ('logout', 'other_device', 'password_change', 'operator'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update sessions set revoked_reason = 'logout' where revoked_reason = 'operator'`.execute(db);
  await sql`alter table sessions drop constraint sessions_revoked_reason_check`.execute(db);
  await sql`alter table sessions add constraint sessions_revoked_reason_check
    check (revoked_reason in ('logout', 'other_device', 'password_change'))`.execute(db);
  await db.schema
    .alterTable('partner_cities')
    .dropColumn('names')
    .dropColumn('disabled_at')
    .dropColumn('disabled_reason')
    .dropColumn('base_url')
    .dropColumn('api_key')
    .dropColumn('secret_cipher')
    .dropColumn('updated_at')
    .execute();
}

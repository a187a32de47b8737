import { type Kysely, sql } from 'kysely';

/**
 * Partner sites (decision 017): the origins allowed to embed the widgets, managed by operators
 * instead of an environment variable. An origin is stored normalised (`scheme://host[:port]`, lower
 * case, no default port, no path), so one site is one row. A site may name a member's referral code
 * that new members registering through it without typing one are attributed to. Registrations and
 * orders keep the site they came from; a site is disabled, never deleted, so that record stays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('partner_sites')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('origin', 'text', (col) =>
      col
        .notNull()
        .unique()
        .check(sql`origin ~ '^https?://[^/?#]+$'`),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('referral_code', 'text')
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('partner_site_id', 'integer', (col) => col.references('partner_sites.id'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('partner_site_id', 'integer', (col) => col.references('partner_sites.id'))
    .execute();
  // The operator's list counts members and orders per site.
  await sql`create index users_by_partner_site on users (partner_site_id) where partner_site_id is not null`.execute(db);
  await sql`create index orders_by_partner_site on orders (partner_site_id) where partner_site_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('partner_site_id').execute();
  await db.schema.alterTable('users').dropColumn('partner_site_id').execute();
  await db.schema.dropTable('partner_sites').execute();
}

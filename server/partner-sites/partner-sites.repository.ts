import { sql, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PartnerSiteTable } from '../db/schema-partner-sites.ts';

export type PartnerSiteRow = Selectable<PartnerSiteTable>;

/** Every process's directory reloads when this is announced (decision 017). */
export const partnerSitesChangedChannel = 'partner_sites_changed';

/** Every site with its state, for each process's directory. */
export async function listPartnerSitesForDirectory(db: Db) {
  return db.selectFrom('partner_sites').select(['id', 'origin', 'referral_code', 'enabled']).execute();
}

export async function countPartnerSites(db: Db): Promise<number> {
  const row = await db
    .selectFrom('partner_sites')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of sites, oldest first, each with the members and orders attributed to it. */
export async function listPartnerSites(db: Db, offset: number, limit: number) {
  return db
    .selectFrom('partner_sites as s')
    .selectAll('s')
    .select([
      sql<string>`(select count(*) from users u where u.partner_site_id = s.id)`.as('members'),
      sql<string>`(select count(*) from orders o where o.partner_site_id = s.id)`.as('orders'),
    ])
    .orderBy('s.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** One site with its counts, as the list shows it. */
export async function findPartnerSiteWithCounts(db: Db, id: number) {
  return db
    .selectFrom('partner_sites as s')
    .selectAll('s')
    .select([
      sql<string>`(select count(*) from users u where u.partner_site_id = s.id)`.as('members'),
      sql<string>`(select count(*) from orders o where o.partner_site_id = s.id)`.as('orders'),
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** The site under a row lock, so two operators' changes to one site queue. */
export async function lockPartnerSite(db: Db, id: number): Promise<PartnerSiteRow | undefined> {
  return db.selectFrom('partner_sites').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertPartnerSite(
  db: Db,
  site: { origin: string; name: string; referral_code: string | null },
): Promise<PartnerSiteRow> {
  return db.insertInto('partner_sites').values(site).returningAll().executeTakeFirstOrThrow();
}

export async function updatePartnerSite(db: Db, id: number, changes: Updateable<PartnerSiteTable>): Promise<PartnerSiteRow> {
  return db.updateTable('partner_sites').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Adds the origins that are not there yet, enabled (the CORS_ORIGINS start-up seed). A site that
 * exists keeps its state: an origin an operator disabled stays disabled. Returns the origins added.
 */
export async function insertMissingPartnerSites(db: Db, origins: readonly string[]): Promise<string[]> {
  if (origins.length === 0) return [];
  const rows = await db
    .insertInto('partner_sites')
    .values(origins.map((origin) => ({ origin, name: origin })))
    .onConflict((conflict) => conflict.column('origin').doNothing())
    .returning('origin')
    .execute();
  return rows.map((row) => row.origin);
}

/** Tells every process's directory to reload; sent when the change's transaction commits. */
export async function announcePartnerSitesChanged(db: Db, id: number | string): Promise<void> {
  await sql`select pg_notify(${partnerSitesChangedChannel}, ${String(id)})`.execute(db);
}

/** The referral code as a member holds it, whatever the case it was typed in; undefined when no member holds it. */
export async function memberReferralCode(db: Db, code: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('referral_code').where('referral_code', '=', code.toUpperCase()).executeTakeFirst();
  return row?.referral_code;
}

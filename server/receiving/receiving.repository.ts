import { sql, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { RemittanceAccountTable } from '../db/schema-orders.ts';

export type ReceivingAccountRow = Selectable<RemittanceAccountTable>;

/** The id of the virtual-currency payment method (the original app's method 2). */
export const virtualCurrencyMethodId = 2;

/** Who is looking at the payment screen: what decides which accounts they see (decision 024). */
export interface Viewer {
  demoMode: boolean;
  /** The site's locale; undefined: any site (an account shown on none is still left out). */
  locale?: string | undefined;
  /** The member's country; undefined for a visitor, who sees only accounts meant for every country. */
  countryId?: number | undefined;
}

const inOrder = <T extends { orderBy: (column: 'position' | 'id') => T }>(query: T) => query.orderBy('position').orderBy('id');

/** The accounts a member may pay into now: enabled, real (or demo in demo mode), shown to their site and country. */
export async function accountsForViewer(db: Db, viewer: Viewer): Promise<ReceivingAccountRow[]> {
  let query = db.selectFrom('remittance_accounts').selectAll().where('enabled', '=', true);
  if (!viewer.demoMode) query = query.where('demo', '=', false);
  query =
    viewer.locale === undefined
      ? query.where(sql<boolean>`cardinality(locales) > 0`)
      : query.where(sql<boolean>`${viewer.locale} = any(locales)`);
  query =
    viewer.countryId === undefined
      ? query.where(sql<boolean>`cardinality(country_ids) = 0`)
      : query.where(sql<boolean>`(cardinality(country_ids) = 0 or ${viewer.countryId}::integer = any(country_ids))`);
  return inOrder(query).execute();
}

export async function memberCountry(db: Db, userId: number): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('countries_id').where('id', '=', userId).executeTakeFirst();
  return row?.countries_id;
}

export async function countReceivingAccounts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('remittance_accounts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of every account, enabled or not, in the members' order. */
export async function listReceivingAccounts(db: Db, offset: number, limit: number): Promise<ReceivingAccountRow[]> {
  return inOrder(db.selectFrom('remittance_accounts').selectAll()).offset(offset).limit(limit).execute();
}

export async function findReceivingAccount(db: Db, id: number): Promise<ReceivingAccountRow | undefined> {
  return db.selectFrom('remittance_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account under a row lock, so two operators' changes to one account queue. */
export async function lockReceivingAccount(db: Db, id: number): Promise<ReceivingAccountRow | undefined> {
  return db.selectFrom('remittance_accounts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface ReceivingAccountValues {
  bank_name: string;
  branch: string;
  account_holder: string;
  account_number: string;
  type: string;
  locales: string[];
  country_ids: number[];
}

/** A new real account, last in the list. */
export async function insertReceivingAccount(db: Db, values: ReceivingAccountValues): Promise<ReceivingAccountRow> {
  return db
    .insertInto('remittance_accounts')
    .values({
      ...values,
      position: sql<number>`coalesce((select max(position) from remittance_accounts), 0) + 1`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateReceivingAccount(
  db: Db,
  id: number,
  changes: Updateable<RemittanceAccountTable>,
): Promise<ReceivingAccountRow> {
  return db.updateTable('remittance_accounts').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Every account's id in the members' order, all locked: a reorder renumbers them as one. */
export async function lockAccountOrder(db: Db): Promise<number[]> {
  const rows = await inOrder(db.selectFrom('remittance_accounts').select('id')).forUpdate().execute();
  return rows.map((row) => row.id);
}

export async function setAccountPosition(db: Db, id: number, position: number): Promise<void> {
  await db.updateTable('remittance_accounts').set({ position, updated_at: new Date() }).where('id', '=', id).execute();
}

/** The countries of the ids given that exist. */
export async function knownCountries(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('countries')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}

export type VirtualCurrencyRow = Awaited<ReturnType<typeof findVirtualCurrency>>;

/** The virtual-currency method: its address (`serial_number`), network and whether members may use it. */
export async function findVirtualCurrency(db: Db) {
  return db
    .selectFrom('payment_methods')
    .select(['id', 'serial_number', 'network', 'available', 'updated_at'])
    .where('id', '=', virtualCurrencyMethodId)
    .executeTakeFirstOrThrow();
}

export async function lockVirtualCurrency(db: Db) {
  return db
    .selectFrom('payment_methods')
    .select(['id', 'serial_number', 'network', 'available', 'updated_at'])
    .where('id', '=', virtualCurrencyMethodId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function updateVirtualCurrency(db: Db, changes: { serial_number: string | null; network: string | null; available: boolean }) {
  return db
    .updateTable('payment_methods')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', virtualCurrencyMethodId)
    .returning(['id', 'serial_number', 'network', 'available', 'updated_at'])
    .executeTakeFirstOrThrow();
}

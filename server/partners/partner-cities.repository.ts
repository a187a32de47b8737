import { sql, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PartnerCityTable, PartnerKind } from '../db/schema.ts';

export type PartnerCityNames = Partial<Record<'zhs' | 'zht' | 'eng', string>>;

export interface PartnerCity {
  id: number;
  name: string;
  kind: PartnerKind;
  /** The name in each language; `name` is the fallback (decision 029). */
  names: PartnerCityNames;
  /** A disabled city takes no new transfers in; its balances can still be moved out. */
  disabled: boolean;
}

/** The original app's enjoy-city items: 1 store, 2 cinema, both wallets kept in our own ledger. */
export const seededPartnerCities: readonly (Omit<PartnerCity, 'disabled'> & { names: PartnerCityNames })[] = [
  { id: 1, name: 'store', kind: 'internal', names: { zhs: '商城', zht: '商城', eng: 'Store' } },
  { id: 2, name: 'cinema', kind: 'internal', names: { zhs: '影城', zht: '影城', eng: 'Cinema' } },
];

/**
 * Inserts the partner cities an empty database needs. Safe to run any number of times:
 * existing rows, including an operator's later edits, are left as they are.
 */
export async function seedPartnerCities(db: Db): Promise<void> {
  await db
    .insertInto('partner_cities')
    .values(seededPartnerCities.map((city) => ({ ...city, names: JSON.stringify(city.names) })))
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  // Explicit ids leave the serial behind; move it past them so operators' new rows never collide.
  await sql`select setval(pg_get_serial_sequence('partner_cities', 'id'), greatest((select max(id) from partner_cities), 1))`.execute(db);
}

const memberColumns = ['id', 'name', 'kind', 'names', 'disabled_at'] as const;

function cityOf(row: { id: number; name: string; kind: PartnerKind; names: PartnerCityNames; disabled_at: Date | null }): PartnerCity {
  return { id: row.id, name: row.name, kind: row.kind, names: row.names, disabled: row.disabled_at !== null };
}

export async function listPartnerCities(db: Db): Promise<PartnerCity[]> {
  const rows = await db.selectFrom('partner_cities').select(memberColumns).orderBy('id').execute();
  return rows.map(cityOf);
}

export async function findPartnerCity(db: Db, id: number): Promise<PartnerCity | undefined> {
  const row = await db.selectFrom('partner_cities').select(memberColumns).where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : cityOf(row);
}

/** An external city's platform address, key id and sealed secret, as the back office saved them; never sent out. */
export async function findPlatformSettings(db: Db, id: number) {
  return db
    .selectFrom('partner_cities')
    .select(['base_url', 'api_key', 'secret_cipher'])
    .where('id', '=', id)
    .where('kind', '=', 'external')
    .executeTakeFirst();
}

/** Everything the back office keeps of a city, the sealed secret included: callers must not send it out. */
export type PartnerCityRow = Selectable<PartnerCityTable>;

export async function countPartnerCities(db: Db): Promise<number> {
  const row = await db
    .selectFrom('partner_cities')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listPartnerCityRows(db: Db, offset: number, limit: number) {
  return db.selectFrom('partner_cities').selectAll().orderBy('id').offset(offset).limit(limit).execute();
}

/** The city under a row lock, so two operators' changes queue. */
export async function lockPartnerCity(db: Db, id: number) {
  return db.selectFrom('partner_cities').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface NewPartnerCity {
  name: string;
  kind: PartnerKind;
  names: PartnerCityNames;
  base_url: string | null;
  api_key: string | null;
  secret_cipher?: string;
}

export async function insertPartnerCity(db: Db, values: NewPartnerCity) {
  return db
    .insertInto('partner_cities')
    .values({ ...values, names: JSON.stringify(values.names) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updatePartnerCity(db: Db, id: number, changes: Updateable<PartnerCityTable>) {
  return db.updateTable('partner_cities').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

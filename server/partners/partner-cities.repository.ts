import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PartnerKind } from '../db/schema.ts';

export interface PartnerCity {
  id: number;
  name: string;
  kind: PartnerKind;
}

/** The seed's enjoy-city items: 1 store, 2 cinema, both wallets kept in our own ledger. */
export const seededPartnerCities: readonly PartnerCity[] = [
  { id: 1, name: 'store', kind: 'internal' },
  { id: 2, name: 'cinema', kind: 'internal' },
];

/**
 * Inserts the partner cities an empty database needs. Safe to run any number of times:
 * existing rows, including an operator's later edits, are left as they are.
 */
export async function seedPartnerCities(db: Db): Promise<void> {
  await db
    .insertInto('partner_cities')
    .values(seededPartnerCities.map((city) => ({ ...city })))
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  // Explicit ids leave the serial behind; move it past them so operators' new rows never collide.
  await sql`select setval(pg_get_serial_sequence('partner_cities', 'id'), greatest((select max(id) from partner_cities), 1))`.execute(db);
}

export async function listPartnerCities(db: Db): Promise<PartnerCity[]> {
  return db.selectFrom('partner_cities').select(['id', 'name', 'kind']).orderBy('id').execute();
}

export async function findPartnerCity(db: Db, id: number): Promise<PartnerCity | undefined> {
  return db.selectFrom('partner_cities').select(['id', 'name', 'kind']).where('id', '=', id).executeTakeFirst();
}

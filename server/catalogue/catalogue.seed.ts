import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { seededProductNames, seededUnits } from '../db/seeded-names.ts';
import { solarProduct } from './solar-product.ts';
import { seedBuyingLists } from './buying.seed.ts';

/**
 * Inserts the catalogue rows an empty database needs. Safe to run any number of times:
 * existing rows, including an operator's later edits, are left as they are.
 */
export async function seedCatalog(db: Db): Promise<void> {
  await db
    .insertInto('products')
    .values({
      id: solarProduct.id,
      name: solarProduct.name,
      price: solarProduct.price,
      quantity: solarProduct.quantity,
      rated_capacity_watts: solarProduct.ratedCapacityWatts,
      names: JSON.stringify(seededProductNames[solarProduct.name] ?? {}),
      units: JSON.stringify(seededUnits),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await seedReferenceLists(db);
  await seedBuyingLists(db);
  // Explicit ids leave the serial behind; move it past them so operators' new rows never collide.
  await sql`select setval(pg_get_serial_sequence('products', 'id'), greatest((select max(id) from products), 1))`.execute(db);
}

/**
 * The original app's countries for verification (1 China, 2 Vietnam; 3 Taiwan, where the business answers the phone) and the
 * certificate types members choose from, each named in every language. Operators add, rename and switch them off.
 */
export const seededCountries = [
  { id: 1, type: 'China', names: { zhs: '中国', zht: '中國', eng: 'China' } },
  { id: 2, type: 'Vietnam', names: { zhs: '越南', zht: '越南', eng: 'Vietnam' } },
  { id: 3, type: 'Taiwan', names: { zhs: '台湾', zht: '臺灣', eng: 'Taiwan' } },
] as const;
export const seededCertificateTypes = [
  { id: 1, type: 'Identity card', names: { zhs: '身份证', zht: '身分證', eng: 'Identity card' } },
  { id: 2, type: 'Passport', names: { zhs: '护照', zht: '護照', eng: 'Passport' } },
] as const;

async function seedReferenceLists(db: Db): Promise<void> {
  for (const [table, rows] of [
    ['countries', seededCountries],
    ['certificate_types', seededCertificateTypes],
  ] as const) {
    await db
      .insertInto(table)
      .values(rows.map((row) => ({ id: row.id, type: row.type, names: JSON.stringify(row.names) })))
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }
}

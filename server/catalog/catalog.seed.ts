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

/** The seed's countries for verification (1 China, 2 Vietnam) and the certificate types members choose from. */
export const seededCountries = [
  { id: 1, type: 'China' },
  { id: 2, type: 'Vietnam' },
] as const;
export const seededCertificateTypes = [
  { id: 1, type: 'Identity card' },
  { id: 2, type: 'Passport' },
] as const;

async function seedReferenceLists(db: Db): Promise<void> {
  await db
    .insertInto('countries')
    .values([...seededCountries])
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await db
    .insertInto('certificate_types')
    .values([...seededCertificateTypes])
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

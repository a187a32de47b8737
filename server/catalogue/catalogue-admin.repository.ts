import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Localised } from '../db/seeded-names.ts';
import { holdingStatuses } from '../../contract/statuses.ts';

/** A product as operators edit it, with the shares its live orders hold (hundred-millionths of a unit). */
export interface CatalogueProductRow {
  id: number;
  name: string;
  names: Localised;
  descriptions: Localised;
  specifications: Localised;
  units: Localised;
  price: string;
  quantity: number;
  rated_capacity_watts: string;
  pictures: string[];
  certificates: { name: string; src: string }[];
  on_sale: boolean;
  held_e8: string;
  updated_at: Date;
}

export interface ProductValues {
  name: string;
  names: Localised;
  descriptions: Localised;
  specifications: Localised;
  units: Localised;
  price: bigint;
  quantity: number;
  rated_capacity_watts: number;
  pictures: string[];
  certificates: { name: string; src: string }[];
  on_sale: boolean;
}

const heldOf = (productId: 'products.id') =>
  sql<string>`(select coalesce(sum(o.units_e8), 0)::text from orders o
    where o.product_id = ${sql.ref(productId)} and o.status in (${sql.join([...holdingStatuses])}))`;

const productColumns = [
  'products.id',
  'products.name',
  'products.names',
  'products.descriptions',
  'products.specifications',
  'products.units',
  'products.price',
  'products.quantity',
  'products.rated_capacity_watts',
  'products.pictures',
  'products.certificates',
  'products.on_sale',
  'products.updated_at',
] as const;

export async function countAllProducts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Every product, hidden ones too, with what is sold of each. */
export async function listAllProducts(db: Db, offset: number, limit: number): Promise<CatalogueProductRow[]> {
  return db
    .selectFrom('products')
    .select([...productColumns, heldOf('products.id').as('held_e8')])
    .orderBy('products.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

const productById = (db: Db, id: number) =>
  db
    .selectFrom('products')
    .select([...productColumns, heldOf('products.id').as('held_e8')])
    .where('products.id', '=', id);

export const findCatalogueProduct = (db: Db, id: number): Promise<CatalogueProductRow | undefined> =>
  productById(db, id).executeTakeFirst();

/**
 * The product locked as ordering locks it (lockProduct), so a capacity change and an order never cross. The lock is
 * taken first and what is sold read after it, in a statement of its own: a `for update` that waited for an order to
 * commit sees the product row as it is now but its subquery as it was when it started, which counted one order too few.
 */
export async function lockCatalogueProduct(db: Db, id: number): Promise<CatalogueProductRow | undefined> {
  const locked = await db.selectFrom('products').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return locked === undefined ? undefined : productById(db, id).executeTakeFirst();
}

const written = (values: ProductValues) => ({
  name: values.name,
  names: JSON.stringify(values.names),
  descriptions: JSON.stringify(values.descriptions),
  specifications: JSON.stringify(values.specifications),
  units: JSON.stringify(values.units),
  price: values.price,
  quantity: values.quantity,
  rated_capacity_watts: BigInt(values.rated_capacity_watts),
  pictures: JSON.stringify(values.pictures),
  certificates: JSON.stringify(values.certificates),
  on_sale: values.on_sale,
});

export async function insertProduct(db: Db, values: ProductValues): Promise<number> {
  const row = await db.insertInto('products').values(written(values)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProduct(db: Db, id: number, values: ProductValues): Promise<void> {
  await db
    .updateTable('products')
    .set({ ...written(values), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

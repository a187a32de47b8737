import type { Db } from '../db/database.ts';

export interface ProductRow {
  id: number;
  name: string;
  price: bigint;
  quantity: number;
  ratedCapacityWatts: bigint;
}

export async function listProducts(db: Db): Promise<ProductRow[]> {
  const rows = await db.selectFrom('products').selectAll().orderBy('id').execute();
  return rows.map(toProduct);
}

export async function findProduct(db: Db, id: number): Promise<ProductRow | undefined> {
  const row = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : toProduct(row);
}

function toProduct(row: { id: number; name: string; price: string; quantity: number; rated_capacity_watts: string }): ProductRow {
  return {
    id: row.id,
    name: row.name,
    price: BigInt(row.price),
    quantity: row.quantity,
    ratedCapacityWatts: BigInt(row.rated_capacity_watts),
  };
}

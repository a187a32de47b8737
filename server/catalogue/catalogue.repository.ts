import type { RoomState } from '../../contract/statuses.ts';
import type { Db } from '../db/database.ts';
import type { Localised } from '../db/seeded-names.ts';

export interface ProductRow {
  id: number;
  name: string;
  names: Localised;
  price: bigint;
  quantity: number;
  rated_capacity_watts: bigint;
  on_sale: boolean;
  descriptions: Localised;
  specifications: Localised;
  units: Localised;
}

/** The products on sale: hidden ones are never listed to members nor shown by the brand site. */
export async function listProducts(db: Db): Promise<ProductRow[]> {
  const rows = await db.selectFrom('products').selectAll().where('on_sale', '=', true).orderBy('id').execute();
  return rows.map(toProduct);
}

export async function findProduct(db: Db, id: number): Promise<ProductRow | undefined> {
  const row = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : toProduct(row);
}

function toProduct(row: {
  id: number;
  name: string;
  names: Localised;
  price: string;
  quantity: number;
  rated_capacity_watts: string;
  on_sale: boolean;
  descriptions: Localised;
  specifications: Localised;
  units: Localised;
}): ProductRow {
  return {
    id: row.id,
    name: row.name,
    names: row.names,
    price: BigInt(row.price),
    quantity: row.quantity,
    rated_capacity_watts: BigInt(row.rated_capacity_watts),
    on_sale: row.on_sale,
    descriptions: row.descriptions,
    specifications: row.specifications,
    units: row.units,
  };
}

/** The rooms members may choose for hosting (decision 052): the states given, each with a capacity. */
export async function listEngineRooms(db: Db, states: readonly RoomState[]) {
  return db
    .selectFrom('engine_rooms')
    .select(['id', 'name', 'names', 'type', 'types', 'location', 'locations', 'capacity_units'])
    .where('state', 'in', states)
    .where('capacity_units', 'is not', null)
    .orderBy('id')
    .execute();
}

export async function findEngineRoom(db: Db, id: number) {
  return db.selectFrom('engine_rooms').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function listRemittanceAccounts(db: Db) {
  return db.selectFrom('remittance_accounts').selectAll().orderBy('id').execute();
}

export async function listPaymentMethods(db: Db) {
  return db.selectFrom('payment_methods').selectAll().orderBy('id').execute();
}

export async function findPaymentMethod(db: Db, id: number) {
  return db.selectFrom('payment_methods').select(['id', 'available']).where('id', '=', id).executeTakeFirst();
}

export async function listDeliveryMethods(db: Db) {
  return db.selectFrom('delivery_methods').selectAll().orderBy('id').execute();
}

export async function findDeliveryMethod(db: Db, id: number) {
  return db.selectFrom('delivery_methods').select(['id', 'requires']).where('id', '=', id).executeTakeFirst();
}

import type { Insertable, Updateable } from 'kysely';
import { holdingStatuses, orderStatus } from '../../contract/statuses.ts';
import type { Db } from '../db/database.ts';
import type { OrderTable } from '../db/schema-orders.ts';

const orderColumns = [
  'orders.id',
  'orders.order_number',
  'orders.user_id',
  'orders.product_id',
  'orders.item_count',
  'orders.amount',
  'orders.unit_price',
  'orders.units_e8',
  'orders.delivery_method_id',
  'orders.engine_room_id',
  'orders.delivery_address',
  'orders.payment_method_id',
  'orders.status',
  'orders.reject_reason',
  'orders.payer_name',
  'orders.pending_since',
  'orders.paid_at',
  'orders.cancelled_at',
  'orders.created_at',
  'products.name as product_name',
  'engine_rooms.name as engine_room_name',
  'engine_rooms.type as engine_room_type',
  'users.verification_status',
] as const;

const withNames = (db: Db) =>
  db
    .selectFrom('orders')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('engine_rooms', 'engine_rooms.id', 'orders.engine_room_id');

export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

export async function findOrder(db: Db, id: string) {
  return withNames(db).select(orderColumns).where('orders.id', '=', id).executeTakeFirst();
}

export async function countOrders(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A member's orders, newest first. */
export async function listOrders(db: Db, userId: number, offset: number, limit: number) {
  return withNames(db)
    .select(orderColumns)
    .where('orders.user_id', '=', userId)
    .orderBy('orders.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** The order's owner and status under a row lock, so nothing else moves it until this transaction ends. */
export async function lockOrder(db: Db, id: string) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'user_id',
      'status',
      'amount',
      'order_number',
      'product_id',
      'reject_reason',
      'payment_method_id',
      'units_e8',
      'payer_name',
      'bank_reference',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The product's price, quantity and on-sale flag, locked: orders for one product queue here, so capacity is
 * checked one at a time, and an operator's change of capacity or hiding waits for them (and they for it).
 */
export async function lockProduct(db: Db, id: number) {
  return db.selectFrom('products').select(['id', 'price', 'quantity', 'on_sale']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * The engine room's state and capacity, locked after the product (decision 052): orders into one room queue
 * here whatever product they buy, and an operator's change of its capacity or state waits for them.
 */
export async function lockEngineRoom(db: Db, id: number) {
  return db.selectFrom('engine_rooms').select(['id', 'state', 'capacity_units']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Hundred-millionths of a unit held in the room by its live orders, leaving one order out (when it is being changed). */
export async function unitsHeldInRoom(db: Db, roomId: number, exceptOrderId?: string): Promise<bigint> {
  let query = db
    .selectFrom('orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('units_e8'), eb.val('0')).as('held'))
    .where('engine_room_id', '=', roomId)
    .where('status', 'in', holdingStatuses);
  if (exceptOrderId !== undefined) query = query.where('id', '!=', exceptOrderId);
  return BigInt((await query.executeTakeFirstOrThrow()).held);
}

/** Hundred-millionths of a unit held by the product's live orders, leaving one order out (when it is being changed). */
export async function unitsHeld(db: Db, productId: number, exceptOrderId?: string): Promise<bigint> {
  let query = db
    .selectFrom('orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('units_e8'), eb.val('0')).as('held'))
    .where('product_id', '=', productId)
    .where('status', 'in', holdingStatuses);
  if (exceptOrderId !== undefined) query = query.where('id', '!=', exceptOrderId);
  return BigInt((await query.executeTakeFirstOrThrow()).held);
}

/** The live notice of each order (pending or confirmed), with its photo id and the account it was paid into. */
export async function liveNotices(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  // The account stays on the notice after an operator disables it: it is what the member paid into.
  return db
    .selectFrom('order_notices')
    .leftJoin('remittance_accounts as account', 'account.id', 'order_notices.remittance_account_id')
    .select([
      'order_notices.order_id',
      'order_notices.account_back_five',
      'order_notices.upload_id',
      'order_notices.remark',
      'order_notices.status',
      'account.id as account_id',
      'account.bank_name',
      'account.branch',
      'account.account_holder',
      'account.account_number',
      'account.type as account_type',
      'account.demo as account_demo',
    ])
    .where('order_notices.order_id', 'in', orderIds)
    .where('order_notices.status', 'in', ['pending', 'confirmed'])
    .execute();
}

/** Inserts the order, or answers undefined when its drawn number is already taken (draw again). */
export async function insertOrderUnlessNumberTaken(db: Db, order: Insertable<OrderTable>): Promise<string | undefined> {
  const inserted = await db
    .insertInto('orders')
    .values(order)
    .onConflict((conflict) => conflict.column('order_number').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** What a member may change on a pending order, as it stands. */
export async function orderPlanOf(db: Db, id: string) {
  return db
    .selectFrom('orders')
    .select([
      'product_id',
      'item_count',
      'delivery_method_id',
      'engine_room_id',
      'delivery_address',
      'payment_method_id',
      'units_e8',
      'unit_price',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function updateOrderRow(db: Db, id: string, changes: Updateable<OrderTable>): Promise<void> {
  await db.updateTable('orders').set(changes).where('id', '=', id).execute();
}

/** Cancels every order pending payment since before the cutoff; answers the ones it cancelled. */
export async function cancelOrdersPendingSince(db: Db, cutoff: Date, now: Date) {
  return (
    db
      .updateTable('orders')
      .set({ status: orderStatus.cancelled, cancelled_at: now, updated_at: now })
      .where('status', '=', orderStatus.pendingPayment)
      .where('pending_since', '<', cutoff)
      // An order whose payment notice was rejected stays open for a new notice or an undo (decision 050):
      // the money may have arrived, and a paid order never expires silently.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('order_notices')
              .select('order_notices.id')
              .whereRef('order_notices.order_id', '=', 'orders.id')
              .where('order_notices.status', '=', 'rejected'),
          ),
        ),
      )
      .returning(['id', 'pending_since'])
      .execute()
  );
}

/** A notice arrived: a pending order now waits for an operator's confirmation. */
export async function markOrderAwaitingConfirmation(db: Db, id: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: orderStatus.waitingConfirmation, reject_reason: null, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', orderStatus.pendingPayment)
    .execute();
}

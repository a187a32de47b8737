import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { RefundStatus, RefundTable } from '../db/schema-orders.ts';

export async function countRefunds(db: Db, status: RefundStatus): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Refunds by status, oldest first, with the order and the member they came from. */
export async function listRefunds(db: Db, status: RefundStatus, offset: number, limit: number) {
  return db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .innerJoin('users', 'users.id', 'refunds.user_id')
    .select([
      'refunds.id',
      'refunds.order_id',
      'refunds.payer_name',
      'refunds.bank_reference',
      'refunds.amount',
      'refunds.status',
      'refunds.created_at',
      'refunds.payer_bank',
      'refunds.payer_account',
      'refunds.reason',
      'orders.order_number',
      'users.id as user_id',
      'users.username',
    ])
    .where('refunds.status', '=', status)
    .orderBy('refunds.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function insertOwedRefund(db: Db, refund: Insertable<RefundTable>): Promise<{ id: string }> {
  return db.insertInto('refunds').values(refund).returning('id').executeTakeFirstOrThrow();
}

/** The refund under a row lock: two operators paying it at once queue, and the second finds it paid. */
export async function lockRefund(db: Db, id: string) {
  return db.selectFrom('refunds').select(['id', 'amount', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markRefundPaid(db: Db, id: string): Promise<void> {
  await db.updateTable('refunds').set({ status: 'paid' }).where('id', '=', id).execute();
}

/** The order's live refund (owed or paid, not undone), locked with the order. */
export async function liveRefundOf(db: Db, orderId: string) {
  return db
    .selectFrom('refunds')
    .select(['id', 'amount', 'status', 'created_at'])
    .where('order_id', '=', orderId)
    .where('status', '!=', 'undone')
    .forUpdate()
    .executeTakeFirst();
}

export async function markRefundUndone(db: Db, id: string, undo: { operatorId: number; reason: string; at: Date }): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ status: 'undone', undone_by: undo.operatorId, undo_reason: undo.reason, undone_at: undo.at })
    .where('id', '=', id)
    .execute();
}

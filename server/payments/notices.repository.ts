import type { Db } from '../db/database.ts';
import type { Insertable } from 'kysely';
import type { NoticeStatus, OrderNoticeTable } from '../db/schema-orders.ts';

const noticeColumns = [
  'order_notices.id',
  'order_notices.order_id',
  'order_notices.account_back_five',
  'order_notices.upload_id',
  'order_notices.remark',
  'order_notices.status',
  'order_notices.created_at',
  'order_notices.decided_at',
  'orders.order_number',
  'orders.status as order_status',
  'orders.amount',
  'orders.created_at as order_created_at',
  'orders.reject_reason',
  'users.id as user_id',
  'users.username',
  'users.realname',
  'users.verification_status',
  'users.account_status',
  'account.id as account_id',
  'account.bank_name as account_bank_name',
  'account.account_number as account_number',
  'account.demo as account_demo',
] as const;

const withOrder = (db: Db) =>
  db
    .selectFrom('order_notices')
    .innerJoin('orders', 'orders.id', 'order_notices.order_id')
    .innerJoin('users', 'users.id', 'order_notices.user_id')
    // The receiving account the member paid into, still shown when it has been disabled since.
    .leftJoin('remittance_accounts as account', 'account.id', 'order_notices.remittance_account_id');

export type NoticeRow = NonNullable<Awaited<ReturnType<typeof findNotice>>>;

export async function findNotice(db: Db, id: string) {
  return withOrder(db).select(noticeColumns).where('order_notices.id', '=', id).executeTakeFirst();
}

export async function countNotices(db: Db, status: NoticeStatus): Promise<number> {
  const row = await db
    .selectFrom('order_notices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The operators' queue: pending oldest first, so the longest wait is worked first; decided ones newest
 * first, so today's decisions (the ones an administrator may still undo, decision 050) lead.
 */
export async function listNotices(db: Db, status: NoticeStatus, offset: number, limit: number) {
  return withOrder(db)
    .select(noticeColumns)
    .where('order_notices.status', '=', status)
    .orderBy('order_notices.id', status === 'pending' ? 'asc' : 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** The notice an order waits on, locked with the order. */
export async function pendingNoticeOf(db: Db, orderId: string) {
  return db
    .selectFrom('order_notices')
    .select(['id', 'account_back_five', 'upload_id'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst();
}

export async function decideNotice(
  db: Db,
  id: string,
  status: 'confirmed' | 'rejected' | 'refunded',
  operatorId: number,
  now: Date,
): Promise<void> {
  await db.updateTable('order_notices').set({ status, decided_by: operatorId, decided_at: now }).where('id', '=', id).execute();
}

export async function insertNotice(db: Db, notice: Insertable<OrderNoticeTable>): Promise<{ id: string }> {
  return db.insertInto('order_notices').values(notice).returning('id').executeTakeFirstOrThrow();
}

/** The order's latest notice, locked: what an administrator's undo puts back in the queue (decision 050). */
export async function latestNoticeOf(db: Db, orderId: string) {
  return db
    .selectFrom('order_notices')
    .select(['id', 'status', 'decided_at'])
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

/** Puts a decided notice back in the queue, undecided. */
export async function reopenNotice(db: Db, id: string): Promise<void> {
  await db.updateTable('order_notices').set({ status: 'pending', decided_by: null, decided_at: null }).where('id', '=', id).execute();
}

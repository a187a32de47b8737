import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AdjustmentStatus, MemberAdjustmentTable } from '../db/schema-members-money.ts';

const columns = [
  'adjustment.id',
  'adjustment.user_id',
  'adjustment.direction',
  'adjustment.amount',
  'adjustment.reason',
  'adjustment.status',
  'adjustment.requested_at',
  'adjustment.decided_at',
  'adjustment.decision_note',
  'adjustment.requested_by',
  'requester.username as requested_by_name',
  'decider.username as decided_by_name',
  'users.username',
] as const;

const withNames = (db: Db) =>
  db
    .selectFrom('member_adjustments as adjustment')
    .innerJoin('users', 'users.id', 'adjustment.user_id')
    .innerJoin('operators as requester', 'requester.id', 'adjustment.requested_by')
    .leftJoin('operators as decider', 'decider.id', 'adjustment.decided_by');

export type AdjustmentRow = NonNullable<Awaited<ReturnType<typeof findAdjustment>>>;

export async function findAdjustment(db: Db, id: string) {
  return withNames(db).select(columns).where('adjustment.id', '=', id).executeTakeFirst();
}

/** The operator's earlier request with this key, if any: a retry answers with it rather than asking twice. */
export async function adjustmentByKey(db: Db, operatorId: number, requestKey: string) {
  return db
    .selectFrom('member_adjustments')
    .select(['id', 'user_id', 'direction', 'amount', 'reason'])
    .where('requested_by', '=', operatorId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

/** Inserts the request unless the operator's key was used already (a racing twin); undefined then. */
export async function insertAdjustment(db: Db, row: Insertable<MemberAdjustmentTable>): Promise<string | undefined> {
  const inserted = await db
    .insertInto('member_adjustments')
    .values(row)
    .onConflict((conflict) => conflict.columns(['requested_by', 'request_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** One adjustment under a row lock, so two administrators deciding it queue and the second finds it decided. */
export async function lockAdjustment(db: Db, id: string) {
  return db
    .selectFrom('member_adjustments')
    .select(['id', 'user_id', 'direction', 'amount', 'reason', 'status', 'requested_by'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function decideAdjustment(
  db: Db,
  id: string,
  decision: {
    status: Exclude<AdjustmentStatus, 'pending'>;
    decidedBy: number | null;
    note: string | null;
    journalId: string | null;
    at: Date;
  },
): Promise<void> {
  await db
    .updateTable('member_adjustments')
    .set({
      status: decision.status,
      decided_by: decision.decidedBy,
      decided_at: decision.at,
      decision_note: decision.note,
      journal_id: decision.journalId,
    })
    .where('id', '=', id)
    .execute();
}

/** A member's adjustments, or (no member) every one in a status, newest first. */
export async function listAdjustments(db: Db, filter: { userId?: number; status?: AdjustmentStatus }, offset: number, limit: number) {
  let query = withNames(db).select(columns);
  if (filter.userId !== undefined) query = query.where('adjustment.user_id', '=', filter.userId);
  if (filter.status !== undefined) query = query.where('adjustment.status', '=', filter.status);
  return query.orderBy('adjustment.id', 'desc').offset(offset).limit(limit).execute();
}

export async function countAdjustments(db: Db, filter: { userId?: number; status?: AdjustmentStatus }): Promise<number> {
  let query = db.selectFrom('member_adjustments').select((eb) => eb.fn.countAll<string>().as('n'));
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * Whether the member exists, their row locked to the end of the transaction: two adjustments for one member queue, so
 * each sees what the other posted (the day's total without approval, below).
 */
export async function lockMember(db: Db, userId: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst()) !== undefined;
}

/** Ten-thousandths posted for the member since `since` without a second administrator (credits and debits alike). */
export async function postedUnapprovedSince(db: Db, userId: number, since: Date): Promise<bigint> {
  const row = await db
    .selectFrom('member_adjustments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', 'posted')
    .whereRef('decided_by', '=', 'requested_by')
    .where('requested_at', '>', since)
    .executeTakeFirst();
  return BigInt(row?.total ?? '0');
}

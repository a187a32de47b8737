import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { WithdrawalStatus } from '../db/schema-members-money.ts';
import { withdrawalStatus } from '../../contract/statuses.ts';

const columns = [
  'withdrawals.id',
  'withdrawals.user_id',
  'withdrawals.bank_card_id',
  'withdrawals.amount',
  'withdrawals.status',
  sql<string>`withdrawals.business_date::text`.as('business_date'),
  'withdrawals.request_hash',
  'withdrawals.reason',
  'withdrawals.bank_reference',
  'withdrawals.created_at',
  'withdrawals.decided_at',
  'bank_cards.bank_name',
  'bank_cards.card_last4',
  'bank_cards.cardholder',
  'withdrawals.claimed_by',
  'withdrawals.claimed_at',
  'claimant.username as claimed_by_name',
] as const;

const withCard = (db: Db) =>
  db
    .selectFrom('withdrawals')
    .innerJoin('bank_cards', 'bank_cards.id', 'withdrawals.bank_card_id')
    .leftJoin('operators as claimant', 'claimant.id', 'withdrawals.claimed_by');

export type WithdrawalRow = Awaited<ReturnType<typeof findWithdrawal>> & object;

export async function findWithdrawal(db: Db, id: string) {
  return withCard(db).select(columns).where('withdrawals.id', '=', id).executeTakeFirst();
}

export async function findWithdrawalByKey(db: Db, userId: number, key: string) {
  return withCard(db)
    .select(columns)
    .where('withdrawals.user_id', '=', userId)
    .where('withdrawals.idempotency_key', '=', key)
    .executeTakeFirst();
}

/** What a card has paid out or holds on one business day: the daily quota counts both. */
export async function usedQuota(db: Db, cardId: number, day: string): Promise<bigint> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('used'))
    .where('bank_card_id', '=', cardId)
    .where('business_date', '=', day)
    .where('status', 'in', [withdrawalStatus.accepted, withdrawalStatus.completed])
    .executeTakeFirstOrThrow();
  return BigInt(row.used);
}

export async function insertWithdrawal(
  db: Db,
  row: { userId: number; cardId: number; amount: bigint; day: string; key: string; requestHash: string },
): Promise<string> {
  const inserted = await db
    .insertInto('withdrawals')
    .values({
      user_id: row.userId,
      bank_card_id: row.cardId,
      amount: row.amount,
      status: withdrawalStatus.accepted,
      business_date: row.day,
      idempotency_key: row.key,
      request_hash: row.requestHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Moves an accepted withdrawal on, once: false when someone else already decided it. */
export async function decideWithdrawal(
  db: Db,
  id: string,
  decision: {
    status: Exclude<WithdrawalStatus, typeof withdrawalStatus.accepted>;
    operatorId: number;
    reason: string | null;
    bankReference: string | null;
    claimCutoff: Date;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('withdrawals')
    .set({
      status: decision.status,
      decided_by: decision.operatorId,
      decided_at: new Date(),
      reason: decision.reason,
      bank_reference: decision.bankReference,
      claimed_by: null,
      claimed_at: null,
    })
    .where('id', '=', id)
    .where('status', '=', withdrawalStatus.accepted)
    .where(freeFor(decision.operatorId, decision.claimCutoff))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Nobody else holds a live claim: unclaimed, claimed by this operator, or claimed before the cutoff (decision 051). */
function freeFor(operatorId: number, cutoff: Date) {
  return (eb: ExpressionBuilder<Database, 'withdrawals'>) =>
    eb.or([
      eb('withdrawals.claimed_by', 'is', null),
      eb('withdrawals.claimed_by', '=', operatorId),
      eb('withdrawals.claimed_at', '<', cutoff),
    ]);
}

/**
 * The operator takes the withdrawal, once: one UPDATE that only matches an accepted withdrawal nobody
 * else holds, so of two operators racing, the second waits on the row and then finds it held.
 */
export async function claimWithdrawal(db: Db, id: string, operatorId: number, now: Date, cutoff: Date): Promise<boolean> {
  const result = await db
    .updateTable('withdrawals')
    .set({ claimed_by: operatorId, claimed_at: now })
    .where('id', '=', id)
    .where('status', '=', withdrawalStatus.accepted)
    .where(freeFor(operatorId, cutoff))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The holder lets it go: false when this operator did not hold it. */
export async function releaseWithdrawal(db: Db, id: string, operatorId: number): Promise<boolean> {
  const result = await db
    .updateTable('withdrawals')
    .set({ claimed_by: null, claimed_at: null })
    .where('id', '=', id)
    .where('claimed_by', '=', operatorId)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function countWithdrawals(db: Db, filter: { userId?: number; status?: WithdrawalStatus }): Promise<number> {
  let query = db.selectFrom('withdrawals').select((eb) => eb.fn.countAll<string>().as('n'));
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function listWithdrawals(db: Db, filter: { userId?: number; status?: WithdrawalStatus }, offset: number, limit: number) {
  let query = withCard(db).select([...columns, 'withdrawals.user_id']);
  if (filter.userId !== undefined) query = query.where('withdrawals.user_id', '=', filter.userId);
  if (filter.status !== undefined) query = query.where('withdrawals.status', '=', filter.status);
  // Members read newest first; the operators' queue is worked oldest first.
  return query
    .orderBy('withdrawals.id', filter.userId === undefined ? 'asc' : 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

import { recordAudit } from '../audit/audit.repository.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { AdjustmentDirection } from '../db/schema-members-money.ts';
import { accounts, ensureAccounts } from '../ledger/accounts.ts';
import { InsufficientBalanceError, JournalConflictError, postJournal } from '../ledger/ledger.ts';
import { addNotification } from '../notifications/notifications.repository.ts';
import { ApiError, notFound } from '../shared/errors.ts';
import { pointScale } from '../shared/money.ts';
import { checkedReason, memberNotFoundMessage } from './member-access.service.ts';
import {
  adjustmentByKey,
  decideAdjustment,
  insertAdjustment,
  lockAdjustment,
  lockMember,
  postedUnapprovedSince,
} from './member-adjustments.repository.ts';

export const adjustmentNotFoundMessage = 'Adjustment not found';
export const adjustmentNotPendingMessage = 'This adjustment was already decided';
export const adjustmentOwnMessage = 'Another administrator must approve an adjustment you asked for';
export const adjustmentInsufficientMessage = 'The main wallet holds less than this debit: nothing was changed';

/** How far back the approval limit adds up what one member was given or charged without a second administrator. */
export const approvalWindowMs = 24 * 60 * 60_000;

export interface AdjustmentRequest {
  userId: number;
  direction: AdjustmentDirection;
  /** Ten-thousandths, above zero. */
  amount: bigint;
  reason: string;
  /** The operator's idempotency key: a retry with the same key and request is the same adjustment. */
  requestKey: string;
}

export type AdjustmentOutcome = { id: string; status: 'pending' | 'posted'; replayed: boolean };

/**
 * Customer service credits or debits a member's main wallet with a reason (issue 35, decision 060).
 * While the member's adjustments posted without approval in the last 24 hours, this one included, stay within the
 * install's limit (ADJUSTMENT_APPROVAL_POINTS) it is posted at once; beyond it, it waits for a second administrator. A debit never takes a wallet below zero: refused, nothing stored. The same
 * key again answers with the first request; the key with another request is 409.
 */
export async function requestAdjustment(
  db: Db,
  config: Pick<Config, 'adjustmentApprovalPoints'>,
  operatorId: number,
  request: AdjustmentRequest,
): Promise<AdjustmentOutcome> {
  const reason = checkedReason(request.reason);
  try {
    return await db.transaction().execute(async (trx) => {
      const earlier = await replayOf(trx, operatorId, request, reason);
      if (earlier !== undefined) return earlier;
      if (!(await lockMember(trx, request.userId))) throw notFound('member_not_found', memberNotFoundMessage);
      const id = await insertAdjustment(trx, {
        user_id: request.userId,
        direction: request.direction,
        amount: request.amount,
        reason,
        status: 'pending',
        request_key: request.requestKey,
        requested_by: operatorId,
      });
      // A twin with the same key committed while this one waited: the answer is the twin's.
      if (id === undefined) return (await replayOf(trx, operatorId, request, reason)) ?? raise(new JournalConflictError());
      await recordAudit(trx, {
        operatorId,
        action: 'member.adjustment_request',
        subjectType: 'user',
        subjectId: request.userId,
        after: { adjustment_id: id, direction: request.direction, amount: request.amount.toString(), reason },
      });
      // The limit is on what one member is given or charged without approval in any 24 hours, not on each
      // adjustment: ten small ones are one large one.
      const already = await postedUnapprovedSince(trx, request.userId, new Date(Date.now() - approvalWindowMs));
      if (already + request.amount > BigInt(config.adjustmentApprovalPoints) * pointScale)
        return { id, status: 'pending' as const, replayed: false };
      await post(trx, operatorId, { id, user_id: request.userId, direction: request.direction, amount: request.amount, reason }, null);
      return { id, status: 'posted' as const, replayed: false };
    });
  } catch (error) {
    throw error instanceof InsufficientBalanceError ? insufficient() : error;
  }
}

/** A second administrator posts a waiting adjustment; the one who asked may not. */
export async function approveAdjustment(db: Db, operatorId: number, id: string, note: string | null): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const adjustment = await pendingAdjustment(trx, id);
      if (adjustment.requested_by === operatorId) throw new ApiError(403, 'adjustment_own', adjustmentOwnMessage);
      await post(trx, operatorId, { ...adjustment, amount: BigInt(adjustment.amount) }, note);
    });
  } catch (error) {
    throw error instanceof InsufficientBalanceError ? insufficient() : error;
  }
}

/** An administrator (the one who asked included, to take it back) turns a waiting adjustment down with a reason; nothing moves. */
export async function rejectAdjustment(db: Db, operatorId: number, id: string, note: string): Promise<void> {
  const why = checkedReason(note);
  await db.transaction().execute(async (trx) => {
    const adjustment = await pendingAdjustment(trx, id);
    await decideAdjustment(trx, id, { status: 'rejected', decidedBy: operatorId, note: why, journalId: null, at: new Date() });
    await recordAudit(trx, {
      operatorId,
      action: 'member.adjustment_reject',
      subjectType: 'user',
      subjectId: adjustment.user_id,
      before: { status: 'pending' },
      after: { adjustment_id: id, status: 'rejected', reason: why },
    });
  });
}

async function pendingAdjustment(trx: Db, id: string) {
  const adjustment = await lockAdjustment(trx, id);
  if (adjustment === undefined) throw notFound('adjustment_not_found', adjustmentNotFoundMessage);
  if (adjustment.status !== 'pending') throw new ApiError(409, 'adjustment_not_pending', adjustmentNotPendingMessage);
  return adjustment;
}

/** The same key again: the first request's answer when the request is the same, 409 when it is not. */
async function replayOf(trx: Db, operatorId: number, request: AdjustmentRequest, reason: string): Promise<AdjustmentOutcome | undefined> {
  const earlier = await adjustmentByKey(trx, operatorId, request.requestKey);
  if (earlier === undefined) return undefined;
  const same =
    earlier.user_id === request.userId &&
    earlier.direction === request.direction &&
    BigInt(earlier.amount) === request.amount &&
    earlier.reason === reason;
  if (!same) throw new JournalConflictError();
  const current = await lockAdjustment(trx, earlier.id);
  return { id: earlier.id, status: current?.status === 'posted' ? 'posted' : 'pending', replayed: true };
}

/**
 * Posts the adjustment in the ledger (key `adjustment:{id}`): a credit from customer service's
 * account to the member's main wallet, a debit the other way; marks it posted, audits it and tells
 * the member in their language with the amount and the reason.
 */
async function post(
  trx: Db,
  operatorId: number,
  adjustment: { id: string; user_id: number; direction: AdjustmentDirection; amount: bigint; reason: string },
  note: string | null,
): Promise<void> {
  const [service = 0, wallet = 0] = await ensureAccounts(trx, [accounts.customerAdjustments(), accounts.memberMain(adjustment.user_id)]);
  const signed = adjustment.direction === 'credit' ? adjustment.amount : -adjustment.amount;
  const journal = await postJournal(trx, {
    idempotencyKey: `adjustment:${adjustment.id}`,
    kind: adjustment.direction === 'credit' ? 'service_credit' : 'service_debit',
    memo: `adjustment ${adjustment.id}`,
    entries: [
      { accountId: service, amount: -signed },
      { accountId: wallet, amount: signed },
    ],
  });
  const now = new Date();
  await decideAdjustment(trx, adjustment.id, { status: 'posted', decidedBy: operatorId, note, journalId: journal.journalId, at: now });
  await recordAudit(trx, {
    operatorId,
    action: 'member.adjustment',
    subjectType: 'user',
    subjectId: adjustment.user_id,
    before: { status: 'pending' },
    after: {
      adjustment_id: adjustment.id,
      status: 'posted',
      direction: adjustment.direction,
      amount: adjustment.amount.toString(),
      journal_id: journal.journalId,
      ...(note === null ? {} : { note }),
    },
  });
  await addNotification(trx, adjustment.user_id, adjustment.direction === 'credit' ? 'balance_credited' : 'balance_debited', {
    // Ten-thousandths, as every notice keeps an amount; the API answers it in points.
    amount: adjustment.amount.toString(),
    reason: adjustment.reason,
  });
}

const insufficient = () =>
  new ApiError(409, 'main_wallet_insufficient', adjustmentInsufficientMessage, { detail: adjustmentInsufficientMessage });

function raise(error: Error): never {
  throw error;
}

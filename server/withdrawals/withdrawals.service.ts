import { createHash, randomUUID } from 'node:crypto';
import { withdrawalClaimMinutes, withdrawMinPoints } from '../../contract/limits.ts';
import type { Config } from '../config.ts';
import { withdrawableFrom } from '../shared/withdrawal-cooldown.ts';
import { lockUntilCommit } from '../db/advisory-lock.ts';
import type { Db } from '../db/database.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { holderMismatchMessage, sameHolder } from '../cards/holder-name.ts';
import { lockCard } from '../cards/cards.repository.ts';
import { accounts, ensureAccounts } from '../ledger/accounts.ts';
import { InsufficientBalanceError, keyReusedMessage, postJournal } from '../ledger/ledger.ts';
import { businessDate } from '../db/business-day.ts';
import { ApiError, forbidden, notFound } from '../shared/errors.ts';
import { pointScale } from '../shared/money.ts';
import { suspendedMessage } from '../orders/order.service.ts';
import { findUserById } from '../users/user.repository.ts';
import {
  claimWithdrawal,
  decideWithdrawal,
  releaseWithdrawal,
  findWithdrawal,
  findWithdrawalByKey,
  insertWithdrawal,
  usedQuota,
  type WithdrawalRow,
} from './withdrawals.repository.ts';
import { withdrawalStatus } from '../../contract/statuses.ts';
import { addNotification } from '../notifications/notifications.repository.ts';

/** The least withdrawal, in ten-thousandths. */
export const withdrawalMinPoints = BigInt(withdrawMinPoints) * pointScale;

export const belowMinimumMessage = `Amount cannot be less than ${withdrawMinPoints}`;
export const insufficientMessage = "Insufficient balance of user's main wallet";
export const notVerifiedMessage = 'Identity verification is not approved';
export const overQuotaMessage = "The amount exceeds this card's daily quota";
export const coolingDownMessage = 'This card cannot be used for withdrawals yet';
export const notAcceptedMessage = 'This withdrawal has already been decided';
export const claimedByOtherMessage = 'Another operator is paying this withdrawal: wait until they release it or their claim runs out';
export const notClaimedMessage = 'You do not hold this withdrawal';

/** Claims last this long (decision 051). */
export const withdrawalClaimMs = withdrawalClaimMinutes * 60_000;

/** The live claim on a withdrawal, as the queue shows it: who holds it, since when and until when. */
export function liveClaim(row: Pick<WithdrawalRow, 'claimed_by' | 'claimed_at' | 'claimed_by_name'>, now = new Date()) {
  if (row.claimed_by === null || row.claimed_at === null) return null;
  const since = new Date(row.claimed_at);
  const until = new Date(since.getTime() + withdrawalClaimMs);
  if (until <= now) return null;
  return { operator_id: row.claimed_by, operator: row.claimed_by_name ?? '', since: since.toISOString(), until: until.toISOString() };
}

function claimedByOther(row: WithdrawalRow, now: Date): ApiError {
  return new ApiError(409, 'withdrawal_claimed_by_other', claimedByOtherMessage, { detail: { claim: liveClaim(row, now) } });
}

/**
 * An operator claims a withdrawal before sending its bank transfer (decision 051): nobody else may
 * pay or reject it while the claim lasts (`withdrawalClaimMinutes`), or until the holder releases
 * it. Claiming again refreshes one's own claim. Audited.
 */
export async function claim(db: Db, operatorId: number, id: string, now = new Date()): Promise<WithdrawalRow> {
  await db.transaction().execute(async (trx) => {
    const before = await findWithdrawal(trx, id);
    if (before === undefined) throw notFound('withdrawal_not_found', 'Withdrawal not found');
    if (before.status !== withdrawalStatus.accepted) throw new ApiError(409, 'withdrawal_already_decided', notAcceptedMessage);
    if (!(await claimWithdrawal(trx, id, operatorId, now, new Date(now.getTime() - withdrawalClaimMs)))) {
      const current = await findWithdrawal(trx, id);
      if (current === undefined || current.status !== withdrawalStatus.accepted)
        throw new ApiError(409, 'withdrawal_already_decided', notAcceptedMessage);
      throw claimedByOther(current, now);
    }
    await recordAudit(trx, {
      operatorId,
      action: 'withdrawal.claim',
      subjectType: 'withdrawal',
      subjectId: id,
      before: { claimed_by: liveClaim(before, now)?.operator_id ?? null },
      after: { claimed_by: operatorId, claimed_at: now.toISOString() },
    });
  });
  return found(db, id);
}

/** The holder lets the withdrawal go for someone else to pay. Audited. */
export async function release(db: Db, operatorId: number, id: string, now = new Date()): Promise<WithdrawalRow> {
  await db.transaction().execute(async (trx) => {
    const before = await findWithdrawal(trx, id);
    if (before === undefined) throw notFound('withdrawal_not_found', 'Withdrawal not found');
    if (liveClaim(before, now)?.operator_id !== operatorId || !(await releaseWithdrawal(trx, id, operatorId)))
      throw new ApiError(409, 'withdrawal_not_claimed', notClaimedMessage);
    await recordAudit(trx, {
      operatorId,
      action: 'withdrawal.release',
      subjectType: 'withdrawal',
      subjectId: id,
      before: { claimed_by: operatorId, claimed_at: before.claimed_at === null ? null : new Date(before.claimed_at).toISOString() },
      after: { claimed_by: null },
    });
  });
  return found(db, id);
}

async function found(db: Db, id: string): Promise<WithdrawalRow> {
  const row = await findWithdrawal(db, id);
  if (row === undefined) throw notFound('withdrawal_not_found', 'Withdrawal not found');
  return row;
}

export interface WithdrawalRequest {
  userId: number;
  cardId: number;
  amount: bigint;
  idempotencyKey: string | undefined;
}

/**
 * Holds the amount at once (main wallet → withdrawals held) for an operator to pay out. Every
 * rule is checked inside one transaction that holds the card's lock, so two withdrawals racing
 * for the same daily quota queue, and the ledger refuses one that the balance cannot cover.
 */
export async function requestWithdrawal(
  db: Db,
  config: Config,
  request: WithdrawalRequest,
  now = new Date(),
): Promise<{ row: WithdrawalRow; replayed: boolean }> {
  if (request.amount < withdrawalMinPoints)
    throw new ApiError(422, 'amount_below_minimum', belowMinimumMessage, {
      detail: belowMinimumMessage,
      errors: { amount: [belowMinimumMessage] },
    });
  const requestHash = createHash('sha256').update(`${request.cardId}:${request.amount}`).digest('hex');
  const key = request.idempotencyKey ?? `auto:${randomUUID()}`;

  const outcome = await db.transaction().execute(async (trx) => {
    await lockUntilCommit(trx, `withdrawal:${request.userId}:${key}`);
    const earlier = await findWithdrawalByKey(trx, request.userId, key);
    if (earlier !== undefined) {
      if (earlier.request_hash !== requestHash) throw new ApiError(409, 'idempotency_key_reused', keyReusedMessage);
      return { id: earlier.id, replayed: true };
    }
    const card = await lockCard(trx, request.cardId);
    if (card === undefined) throw notFound('bank_card_not_found', 'Bank card not found');
    if (card.user_id !== request.userId) throw forbidden();
    const member = await findUserById(trx, request.userId);
    if (member === undefined) throw notFound('member_not_found', 'User not found');
    if (member.account_status === 'suspended') throw new ApiError(403, 'account_suspended', suspendedMessage, { detail: suspendedMessage });
    if (member.verification_status !== 'approved')
      throw new ApiError(422, 'identity_not_verified', notVerifiedMessage, { detail: notVerifiedMessage });
    if (!sameHolder(card.cardholder, member.realname))
      throw new ApiError(402, 'cardholder_mismatch', holderMismatchMessage, { detail: holderMismatchMessage });

    const availableAt = withdrawableFrom(card.number_changed_at, member, config.withdrawalCooldownMs, now);
    if (availableAt !== null) {
      throw new ApiError(422, 'withdrawal_card_cooling_down', coolingDownMessage, {
        detail: { available_at: availableAt.toISOString() },
      });
    }

    const day = await businessDate(trx, now);
    if (card.daily_quota !== null && (await usedQuota(trx, card.id, day)) + request.amount > BigInt(card.daily_quota)) {
      throw new ApiError(422, 'withdrawal_over_quota', overQuotaMessage, { detail: overQuotaMessage });
    }

    const id = await insertWithdrawal(trx, { userId: request.userId, cardId: card.id, amount: request.amount, day, key, requestHash });
    const [main = 0, held = 0] = await ensureAccounts(trx, [accounts.memberMain(request.userId), accounts.withdrawalsHeld()]);
    try {
      await postJournal(trx, {
        idempotencyKey: `withdrawal:${id}:hold`,
        kind: 'withdrawal_hold',
        entries: [
          { accountId: main, amount: -request.amount },
          { accountId: held, amount: request.amount },
        ],
      });
    } catch (error) {
      if (error instanceof InsufficientBalanceError)
        throw new ApiError(422, 'main_wallet_insufficient', insufficientMessage, { detail: insufficientMessage });
      throw error;
    }
    return { id, replayed: false };
  });
  const row = await findWithdrawal(db, outcome.id);
  if (row === undefined) throw notFound('withdrawal_not_found', 'Withdrawal not found');
  return { row, replayed: outcome.replayed };
}

/**
 * An operator's decision, exactly once: paid posts the hold out to the bank (remittance
 * clearing, the account our bank balance is mirrored in); rejected returns it to the member.
 */
export async function decide(
  db: Db,
  operatorId: number,
  id: string,
  decision: { pay: true; bankReference: string } | { pay: false; reason: string },
  now = new Date(),
): Promise<WithdrawalRow> {
  await db.transaction().execute(async (trx) => {
    const before = await findWithdrawal(trx, id);
    if (before === undefined) throw notFound('withdrawal_not_found', 'Withdrawal not found');
    const decided = await decideWithdrawal(trx, id, {
      status: decision.pay ? withdrawalStatus.completed : withdrawalStatus.failed,
      operatorId,
      reason: decision.pay ? null : decision.reason.trim(),
      bankReference: decision.pay ? decision.bankReference.trim() : null,
      claimCutoff: new Date(now.getTime() - withdrawalClaimMs),
    });
    if (!decided) {
      // Someone decided it first, or another operator holds it (decision 051): nothing was changed.
      const current = await findWithdrawal(trx, id);
      if (current?.status === withdrawalStatus.accepted) throw claimedByOther(current, now);
      throw new ApiError(409, 'withdrawal_already_decided', notAcceptedMessage);
    }
    const amount = BigInt(before.amount);
    await addNotification(
      trx,
      before.user_id,
      decision.pay ? 'withdrawal_paid' : 'withdrawal_rejected',
      decision.pay ? { amount: before.amount } : { amount: before.amount, reason: decision.reason.trim() },
    );
    const [held = 0, destination = 0] = await ensureAccounts(trx, [
      accounts.withdrawalsHeld(),
      decision.pay ? accounts.remittanceClearing() : accounts.memberMain(before.user_id),
    ]);
    await postJournal(trx, {
      idempotencyKey: `withdrawal:${id}:${decision.pay ? 'pay' : 'release'}`,
      kind: decision.pay ? 'withdrawal_payout' : 'withdrawal_release',
      entries: [
        { accountId: held, amount: -amount },
        { accountId: destination, amount },
      ],
    });
    await recordAudit(trx, {
      operatorId,
      action: decision.pay ? 'withdrawal.pay' : 'withdrawal.reject',
      subjectType: 'withdrawal',
      subjectId: id,
      before: { status: before.status, amount: before.amount },
      after: decision.pay
        ? { status: withdrawalStatus.completed, bank_reference: decision.bankReference }
        : { status: withdrawalStatus.failed, reason: decision.reason },
    });
  });
  const row = await findWithdrawal(db, id);
  if (row === undefined) throw notFound('withdrawal_not_found', 'Withdrawal not found');
  return row;
}

export { countWithdrawals, listWithdrawals } from './withdrawals.repository.ts';
export type { WithdrawalRow } from './withdrawals.repository.ts';

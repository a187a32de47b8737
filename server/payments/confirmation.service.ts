import { recordAudit } from '../audit/audit.repository.ts';
import { payerNameFits, sameHolder } from '../cards/holder-name.ts';
import type { Db } from '../db/database.ts';
import { accounts, ensureAccounts, type AccountRef } from '../ledger/accounts.ts';
import { postJournal } from '../ledger/ledger.ts';
import { notVerifiedMessage } from '../orders/order.json.ts';
import { lockOrder, updateOrderRow } from '../orders/order.repository.ts';
import { ApiError, notFound } from '../shared/errors.ts';
import { lockMemberStanding } from '../users/user.repository.ts';
import { decideNotice, pendingNoticeOf } from './notices.repository.ts';
import { insertOwedRefund } from './refunds.repository.ts';
import { orderStatus } from '../../contract/statuses.ts';
import { addNotification } from '../notifications/notifications.repository.ts';

export const notWaitingMessage = 'This order is not waiting for confirmation';
export const payerNameDiffersMessage =
  "The payer name differs from the member's verified real name: nothing was changed. Check the name, or mark it as a different payer with a reason";
export const differentPayerDetailsMessage = 'A different payer needs a reason and the bank and account the payment came from';

export interface Confirmation {
  payerName: string;
  bankReference: string;
  /** The operator says, on purpose, that someone other than the member paid (decision 050). */
  differentPayer?: { reason: string; bank: string; account: string };
  /** The bank statement line the payment was found on, when confirmed from a statement (decision 059). */
  statementLine?: string;
}

export type ConfirmOutcome = { matched: true } | { matched: false; refundId: string };

/**
 * An operator confirms that the remittance arrived. The payer must be the member (the original
 * app's rule: account holder, payer and payee are one person):
 * - same name: remittance clearing → order sales (key `order:{id}:confirm`), the order is paid off;
 * - another name, not marked as a different payer: refused (409 `payer_name_differs`, naming both
 *   names), nothing changes: a typo never refunds an order (decision 050);
 * - another name marked as a different payer with a reason and the payer's bank and account:
 *   nothing is credited to the sale; remittance clearing → refunds owed (key `refund:{id}:owed`)
 *   with a refund record naming the payer's account, and the order is cancelled (PRODUCT.md
 *   decision 4: returned, never confiscated). The member is not suspended: suspension is a
 *   separate, reasoned action of its own.
 * The order's row lock makes two racing decisions queue: the second finds it decided (409).
 */
export async function confirmOrder(db: Db, operatorId: number, orderId: string, confirmation: Confirmation): Promise<ConfirmOutcome> {
  return db.transaction().execute((trx) => confirmOrderWithin(trx, operatorId, orderId, confirmation));
}

/** The same rule inside a transaction the caller holds (a bank statement's line is marked in it, decision 059). */
export async function confirmOrderWithin(
  trx: Db,
  operatorId: number,
  orderId: string,
  confirmation: Confirmation,
): Promise<ConfirmOutcome> {
  const payerName = confirmation.payerName.trim();
  const bankReference = confirmation.bankReference.trim();
  const different = confirmation.differentPayer;
  const order = await lockOrder(trx, orderId);
  if (order === undefined) throw notFound('order_not_found', 'Order not found');
  if (order.status !== orderStatus.waitingConfirmation) throw new ApiError(409, 'order_not_waiting_confirmation', notWaitingMessage);
  const member = await lockMemberStanding(trx, order.user_id);
  if (member.verification_status !== 'approved')
    throw new ApiError(409, 'identity_not_verified', notVerifiedMessage, { detail: notVerifiedMessage });
  const notice = await pendingNoticeOf(trx, orderId);
  const amount = BigInt(order.amount);
  const now = new Date();
  const before = { status: order.status, amount: order.amount, account_status: member.account_status, notice_id: notice?.id ?? null };

  // A statement line's payer may be printed masked (王*明), and the line itself is the evidence; a typed name is whole.
  const fits =
    confirmation.statementLine === undefined ? sameHolder(payerName, member.realname) : payerNameFits(payerName, member.realname);
  if (fits) {
    const journal = await postFromClearing(trx, accounts.orderSales(), amount, {
      idempotencyKey: `order:${orderId}:confirm`,
      kind: 'order_payment',
      memo: order.order_number,
    });
    await updateOrderRow(trx, orderId, {
      status: orderStatus.paidOff,
      paid_at: now,
      payer_name: payerName,
      bank_reference: bankReference,
      decided_by: operatorId,
      reject_reason: null,
      updated_at: now,
    });
    if (notice !== undefined) await decideNotice(trx, notice.id, 'confirmed', operatorId, now);
    await addNotification(trx, order.user_id, 'payment_confirmed', { order_number: order.order_number });
    await recordAudit(trx, {
      operatorId,
      action: 'order.confirm',
      subjectType: 'order',
      subjectId: orderId,
      before,
      after: {
        status: orderStatus.paidOff,
        paid_at: now.toISOString(),
        payer_name: payerName,
        bank_reference: bankReference,
        journal_id: journal.journalId,
        ...(confirmation.statementLine === undefined ? {} : { statement_line_id: confirmation.statementLine }),
      },
    });
    return { matched: true as const };
  }

  if (different === undefined)
    throw new ApiError(409, 'payer_name_differs', payerNameDiffersMessage, {
      detail: { payer_name: payerName, verified_name: member.realname },
    });
  const reason = different.reason.trim();
  const payerBank = different.bank.trim();
  const payerAccount = different.account.trim();
  if (reason === '' || payerBank === '' || payerAccount === '')
    throw new ApiError(422, 'different_payer_details_missing', differentPayerDetailsMessage, {
      errors: {
        ...(reason === '' ? { different_payer_reason: [differentPayerDetailsMessage] } : {}),
        ...(payerBank === '' ? { payer_bank: [differentPayerDetailsMessage] } : {}),
        ...(payerAccount === '' ? { payer_account: [differentPayerDetailsMessage] } : {}),
      },
    });

  const refund = await insertOwedRefund(trx, {
    order_id: orderId,
    user_id: member.id,
    payer_name: payerName,
    bank_reference: bankReference,
    payer_bank: payerBank,
    payer_account: payerAccount,
    reason,
    amount,
    status: 'owed',
    created_by: operatorId,
  });
  const journal = await postFromClearing(trx, accounts.refundsOwed(), amount, {
    idempotencyKey: `refund:${refund.id}:owed`,
    kind: 'order_payment_refund_owed',
    memo: `${order.order_number} refund ${refund.id}`,
  });
  // No English on the order: the member's screens say it in their language from the refund (decision 050).
  await updateOrderRow(trx, orderId, {
    status: orderStatus.cancelled,
    cancelled_at: now,
    payer_name: payerName,
    bank_reference: bankReference,
    decided_by: operatorId,
    reject_reason: null,
    updated_at: now,
  });
  if (notice !== undefined) await decideNotice(trx, notice.id, 'refunded', operatorId, now);
  await addNotification(trx, member.id, 'payment_refunded', { order_number: order.order_number });
  await recordAudit(trx, {
    operatorId,
    action: 'order.payer_mismatch',
    subjectType: 'order',
    subjectId: orderId,
    before,
    after: {
      status: orderStatus.cancelled,
      account_status: member.account_status,
      payer_name: payerName,
      verified_name: member.realname,
      payer_bank: payerBank,
      payer_account: payerAccount,
      reason,
      bank_reference: bankReference,
      refund_id: refund.id,
      amount: amount.toString(),
      journal_id: journal.journalId,
    },
  });
  return { matched: false as const, refundId: refund.id };
}

/** An operator rejects the notice (no such payment found, photo unreadable): the order waits for payment again. */
export async function rejectNotice(db: Db, operatorId: number, orderId: string, reason: string): Promise<void> {
  const why = reason.trim();
  await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (order === undefined) throw notFound('order_not_found', 'Order not found');
    if (order.status !== orderStatus.waitingConfirmation) throw new ApiError(409, 'order_not_waiting_confirmation', notWaitingMessage);
    const notice = await pendingNoticeOf(trx, orderId);
    const now = new Date();
    // Expiry counts afresh from here, so the member has the full time to pay again.
    await updateOrderRow(trx, orderId, {
      status: orderStatus.pendingPayment,
      reject_reason: why,
      pending_since: now,
      decided_by: operatorId,
      updated_at: now,
    });
    if (notice !== undefined) await decideNotice(trx, notice.id, 'rejected', operatorId, now);
    await addNotification(trx, order.user_id, 'payment_rejected', { order_number: order.order_number, reason: why });
    await recordAudit(trx, {
      operatorId,
      action: 'order.reject_notice',
      subjectType: 'order',
      subjectId: orderId,
      before: { status: order.status, reject_reason: order.reject_reason, notice_id: notice?.id ?? null },
      after: { status: orderStatus.pendingPayment, reject_reason: why },
    });
  });
}

/** The remittance leaves clearing for `to` in one journal, once per idempotency key. */
async function postFromClearing(trx: Db, to: AccountRef, amount: bigint, journal: { idempotencyKey: string; kind: string; memo: string }) {
  const [clearing = 0, target = 0] = await ensureAccounts(trx, [accounts.remittanceClearing(), to]);
  return postJournal(trx, {
    ...journal,
    entries: [
      { accountId: clearing, amount: -amount },
      { accountId: target, amount },
    ],
  });
}

import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { accounts, ensureAccounts } from '../ledger/accounts.ts';
import { postJournal } from '../ledger/ledger.ts';
import { addNotification } from '../notifications/notifications.repository.ts';
import { lockOrder, lockProduct, unitsHeld, updateOrderRow } from '../orders/order.repository.ts';
import { soldOutMessage } from '../orders/order.service.ts';
import { businessDate, businessDay } from '../db/business-day.ts';
import { ApiError, notFound } from '../shared/errors.ts';
import { unitScale } from '../shared/money.ts';
import { orderStatus } from '../../contract/statuses.ts';
import { latestNoticeOf, reopenNotice } from './notices.repository.ts';
import { liveRefundOf, markRefundUndone } from './refunds.repository.ts';

export const nothingToUndoMessage = 'This order has no rejected payment notice or different payer to undo';
export const undoDayOverMessage = 'A decision can only be undone on the business day it was made';
export const refundPaidNoUndoMessage = 'The refund has already been paid to the payer: this can no longer be undone';

/**
 * An administrator takes back a mistaken decision on a payment (decision 050): a rejected notice,
 * or a payment recorded as from a different payer, while it is still the business day the decision
 * was made and, for a different payer, before the refund has been paid out. The order goes back to
 * waiting confirmation with its notice pending, so the schedule never expires it meanwhile; a
 * refund owed is reversed (refunds owed → remittance clearing, key `refund:{id}:undo`) and its
 * record stays, marked undone. Everything happens under the order's row lock, so an undo racing a
 * refund payment or a second undo queues behind it and finds it decided.
 */
export async function undoPaymentDecision(
  db: Db,
  operatorId: number,
  orderId: string,
  reason: string,
  now = new Date(),
): Promise<{ orderStatus: typeof orderStatus.waitingConfirmation; undone: 'rejection' | 'different_payer' }> {
  const why = reason.trim();
  const { start, end } = await businessDay(db, await businessDate(db, now));
  const sameDay = (at: Date | string | null) => at !== null && new Date(at) >= start && new Date(at) < end;
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (order === undefined) throw notFound('order_not_found', 'Order not found');
    const notice = await latestNoticeOf(trx, orderId);
    const refund = order.status === orderStatus.cancelled ? await liveRefundOf(trx, orderId) : undefined;
    const rejected = order.status === orderStatus.pendingPayment && notice?.status === 'rejected';
    if (refund === undefined && !rejected) throw new ApiError(409, 'nothing_to_undo', nothingToUndoMessage);
    if (refund?.status === 'paid') throw new ApiError(409, 'refund_already_paid', refundPaidNoUndoMessage);
    if (!sameDay(refund === undefined ? (notice?.decided_at ?? null) : refund.created_at))
      throw new ApiError(409, 'undo_day_over', undoDayOverMessage);

    if (refund !== undefined) {
      // The cancelled order let go of its share: it takes it back only if the product still has room.
      const product = await lockProduct(trx, order.product_id);
      const units = BigInt(order.units_e8);
      if (product !== undefined && (await unitsHeld(trx, product.id, orderId)) + units > BigInt(product.quantity) * unitScale)
        throw new ApiError(409, 'product_sold_out', soldOutMessage);
      const amount = BigInt(refund.amount);
      const [owed = 0, clearing = 0] = await ensureAccounts(trx, [accounts.refundsOwed(), accounts.remittanceClearing()]);
      await postJournal(trx, {
        idempotencyKey: `refund:${refund.id}:undo`,
        kind: 'order_payment_refund_undone',
        memo: `${order.order_number} refund ${refund.id}`,
        entries: [
          { accountId: owed, amount: -amount },
          { accountId: clearing, amount },
        ],
      });
      await markRefundUndone(trx, refund.id, { operatorId, reason: why, at: now });
    }
    await updateOrderRow(trx, orderId, {
      status: orderStatus.waitingConfirmation,
      cancelled_at: null,
      payer_name: null,
      bank_reference: null,
      reject_reason: null,
      decided_by: null,
      updated_at: now,
    });
    if (notice !== undefined) await reopenNotice(trx, notice.id);
    await addNotification(trx, order.user_id, 'payment_reopened', { order_number: order.order_number });
    const undone = refund === undefined ? ('rejection' as const) : ('different_payer' as const);
    await recordAudit(trx, {
      operatorId,
      action: refund === undefined ? 'order.undo_reject' : 'order.undo_mismatch',
      subjectType: 'order',
      subjectId: orderId,
      before: { status: order.status, reject_reason: order.reject_reason, notice_id: notice?.id ?? null, refund_id: refund?.id ?? null },
      after: { status: orderStatus.waitingConfirmation, reason: why, notice_status: 'pending' },
    });
    return { orderStatus: orderStatus.waitingConfirmation, undone };
  });
}

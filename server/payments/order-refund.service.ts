import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { accounts, ensureAccounts } from '../ledger/accounts.ts';
import { postJournal } from '../ledger/ledger.ts';
import { addNotification } from '../notifications/notifications.repository.ts';
import { lockOrder, updateOrderRow } from '../orders/order.repository.ts';
import { ApiError, fieldError, notFound } from '../shared/errors.ts';
import { lockMemberStanding } from '../users/user.repository.ts';
import { orderStatus } from '../../contract/statuses.ts';
import { insertOwedRefund } from './refunds.repository.ts';

export const orderNotPaidOffMessage = 'Only a paid order can be refunded';
export const refundDetailsMessage = 'A refund needs a reason and the bank and account the money goes back to';

export interface PaidOrderRefund {
  reason: string;
  /** Where the money goes back to: the member's own bank and account. */
  bank: string;
  account: string;
}

/**
 * Customer service refunds a paid order (issue 35, decision 061): the order is cancelled, so its
 * units leave the room's capacity and it earns nothing from the next business day on; income it was
 * already paid stays the member's. The amount moves order sales → refunds owed (key
 * `order:{id}:refund`) with a refund record naming where it goes back to, which the Reviews tab pays
 * out as any refund. Audited; the member is told in their language. Returns the refund's id.
 */
export async function refundPaidOrder(db: Db, operatorId: number, orderId: string, refund: PaidOrderRefund): Promise<string> {
  const details = { reason: refund.reason.trim(), bank: refund.bank.trim(), account: refund.account.trim() };
  const missing = Object.entries(details).find(([, value]) => value === '');
  if (missing !== undefined) throw fieldError(missing[0], 'validation', refundDetailsMessage);
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (order === undefined) throw notFound('order_not_found', 'Order not found');
    if (order.status !== orderStatus.paidOff) throw new ApiError(409, 'order_not_paid_off', orderNotPaidOffMessage);
    const member = await lockMemberStanding(trx, order.user_id);
    const amount = BigInt(order.amount);
    const { id: refundId } = await insertOwedRefund(trx, {
      order_id: orderId,
      user_id: order.user_id,
      payer_name: order.payer_name ?? member.realname ?? '',
      bank_reference: order.bank_reference ?? '',
      payer_bank: details.bank,
      payer_account: details.account,
      reason: details.reason,
      amount,
      status: 'owed',
      created_by: operatorId,
    });
    const [sales = 0, owed = 0] = await ensureAccounts(trx, [accounts.orderSales(), accounts.refundsOwed()]);
    const journal = await postJournal(trx, {
      idempotencyKey: `order:${orderId}:refund`,
      kind: 'order_refund_owed',
      memo: `${order.order_number} refund ${refundId}`,
      entries: [
        { accountId: sales, amount: -amount },
        { accountId: owed, amount },
      ],
    });
    const now = new Date();
    await updateOrderRow(trx, orderId, { status: orderStatus.cancelled, cancelled_at: now, updated_at: now });
    await addNotification(trx, order.user_id, 'order_refunded', { order_number: order.order_number, amount: amount.toString() });
    await recordAudit(trx, {
      operatorId,
      action: 'order.refund',
      subjectType: 'order',
      subjectId: orderId,
      before: { status: order.status, amount: order.amount },
      after: {
        status: orderStatus.cancelled,
        refund_id: refundId,
        reason: details.reason,
        payer_bank: details.bank,
        payer_account: details.account,
        journal_id: journal.journalId,
      },
    });
    return refundId;
  });
}

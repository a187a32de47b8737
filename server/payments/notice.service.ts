import { orderStatus } from '../../contract/statuses.ts';
import type { Db } from '../db/database.ts';
import { ApiError, forbidden, validationError } from '../shared/errors.ts';
import { ownsUploads } from '../uploads/uploads.repository.ts';
import { accountStatusOf } from '../users/user.repository.ts';
import { noticeAccount } from '../receiving/payable.service.ts';
import { insertNotice } from './notices.repository.ts';
import { lockOrder, markOrderAwaitingConfirmation } from '../orders/order.repository.ts';
import { notPendingMessage, suspendedMessage } from '../orders/order.service.ts';

export interface NoticeInput {
  order_id: number;
  account_back_five: string;
  image: number;
  remark?: string;
  /** The receiving account the member paid into (optional; recorded with the notice). */
  remittance_account_id?: number;
}

/**
 * The member says they paid: the last five digits of the paying account and a photo of the
 * transfer. The order moves from pending payment to waiting confirmation, once: the order's row
 * lock and the one-pending-notice index make a second notice for it a 409. Payments are refused
 * (409) while nothing takes them: no real receiving account for the member outside demo mode
 * (decision 024), or no virtual-currency address for an order paid that way.
 */
export async function submitNotice(db: Db, demoMode: boolean, userId: number, input: NoticeInput): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, String(input.order_id));
    if (order === undefined) throw validationError({ order_id: ['Unknown order.'] }, 'order_unknown');
    if (order.user_id !== userId) throw forbidden();
    if ((await accountStatusOf(trx, userId)) === 'suspended')
      throw new ApiError(403, 'account_suspended', suspendedMessage, { detail: suspendedMessage });
    if (order.status !== orderStatus.pendingPayment) throw new ApiError(409, 'order_not_pending', notPendingMessage);
    if (!(await ownsUploads(trx, userId, [input.image])))
      throw validationError({ image: ['Upload your own photo of the transfer first.'] }, 'notice_photo_required');
    const accountId = await noticeAccount(trx, demoMode, userId, order.payment_method_id, input.remittance_account_id);
    const remark = input.remark?.trim() ?? '';
    const notice = await insertNotice(trx, {
      order_id: order.id,
      user_id: userId,
      account_back_five: input.account_back_five,
      upload_id: String(input.image),
      remark: remark === '' ? null : remark,
      status: 'pending',
      remittance_account_id: accountId,
    });
    await markOrderAwaitingConfirmation(trx, order.id);
    return notice.id;
  });
}

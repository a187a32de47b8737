import type { Db } from '../db/database.ts';
import { pointsToNumber, pointScale } from '../shared/money.ts';
import { uploadPath } from '../uploads/uploads.repository.ts';
import { liveNotices, type OrderRow } from './order.repository.ts';
import { orderStatus } from '../../contract/statuses.ts';

export const notVerifiedMessage = "The member's identity is not verified yet";

type Notice = Awaited<ReturnType<typeof liveNotices>>[number];

/** The order object of the API contract, for its owner. */
export function orderJson(row: OrderRow, notice: Notice | undefined) {
  const amount = BigInt(row.amount);
  return {
    id: Number(row.id),
    order_number: row.order_number,
    created_at: new Date(row.created_at).toISOString(),
    order_status: row.status,
    total_amount: pointsToNumber(amount),
    units: pointsToNumber((amount * pointScale) / BigInt(row.unit_price)),
    item_content: [{ product_id: row.product_id, count: row.item_count, product: { id: row.product_id, name: row.product_name } }],
    delivery_method_id: row.delivery_method_id,
    delivery_method: { id: row.delivery_method_id },
    engine_room_id: row.engine_room_id,
    engine_room:
      row.engine_room_id === null ? null : { id: row.engine_room_id, type: row.engine_room_type ?? '', name: row.engine_room_name ?? '' },
    delivery_content: { address: row.delivery_address },
    payment_method_id: row.payment_method_id,
    order_notice:
      notice === undefined
        ? null
        : {
            account_back_five: notice.account_back_five,
            image: Number(notice.upload_id),
            image_path: uploadPath(notice.upload_id),
            remark: notice.remark,
            remittance_account:
              notice.account_id === null
                ? null
                : {
                    id: notice.account_id,
                    bank_name: notice.bank_name ?? '',
                    branch: notice.branch ?? '',
                    account_holder: notice.account_holder ?? '',
                    account_number: notice.account_number ?? '',
                    remittance_account_type: { type: notice.account_type ?? '' },
                    demo: notice.account_demo === true,
                  },
          },
    reject_reason: row.reject_reason,
    hold_reason: row.status === orderStatus.waitingConfirmation && row.verification_status !== 'approved' ? notVerifiedMessage : null,
    payment_returned: row.status === orderStatus.cancelled && row.payer_name !== null,
    paid_at: row.paid_at === null ? null : new Date(row.paid_at).toISOString(),
  };
}

export type OrderJson = ReturnType<typeof orderJson>;

/** Orders with their live payment notices, read in one query. */
export async function ordersJson(db: Db, rows: OrderRow[]): Promise<OrderJson[]> {
  const notices = await liveNotices(
    db,
    rows.map((row) => row.id),
  );
  const byOrder = new Map(notices.map((notice) => [notice.order_id, notice]));
  return rows.map((row) => orderJson(row, byOrder.get(row.id)));
}

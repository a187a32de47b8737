import { Type } from 'typebox';
import type { Db } from '../db/database.ts';
import { pointsToNumber, pointScale } from '../shared/money.ts';
import { uploadPath } from '../uploads/uploads.repository.ts';
import { liveNotices, type OrderRow } from './order.repository.ts';
import { orderStatus } from '../../contract/statuses.ts';

export const notVerifiedMessage = "The member's identity is not verified yet";

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const orderSchema = Type.Object({
  id: Type.Integer(),
  order_number: Type.String({ description: 'The memo to write on the bank transfer' }),
  created_at: Type.String({ format: 'date-time' }),
  order_status: Type.Integer({ description: '0 created, 1 pending payment, 2 waiting confirmation, 3 paid off, 4 cancelled' }),
  total_amount: Type.Number({ description: 'Points, 4 decimals' }),
  units: Type.Number({ description: 'Share of the product bought: amount / price, 4 decimals (rounded down)' }),
  item_content: Type.Array(
    Type.Object({ product_id: Type.Integer(), count: Type.Integer(), product: Type.Object({ id: Type.Integer(), name: Type.String() }) }),
  ),
  delivery_method_id: Type.Integer(),
  delivery_method: Type.Object({ id: Type.Integer() }),
  engine_room_id: nullable(Type.Integer()),
  engine_room: nullable(Type.Object({ id: Type.Integer(), type: Type.String(), name: Type.String() })),
  delivery_content: Type.Object(
    { address: nullable(Type.String()) },
    { description: 'Always an object; address is null for hosting (delivery method 1)' },
  ),
  payment_method_id: Type.Integer(),
  order_notice: nullable(
    Type.Object({
      account_back_five: Type.String(),
      image: Type.Integer(),
      image_path: Type.String(),
      remark: nullable(Type.String()),
      remittance_account: nullable(
        Type.Object(
          {
            id: Type.Integer(),
            bank_name: Type.String(),
            branch: Type.String(),
            account_holder: Type.String(),
            account_number: Type.String(),
            remittance_account_type: Type.Object({ type: Type.String() }),
            demo: Type.Boolean(),
          },
          { description: 'The receiving account paid into, kept even after it is disabled; null when the member did not say' },
        ),
      ),
    }),
  ),
  reject_reason: nullable(Type.String({ description: 'Why an operator rejected the last payment notice (or cancelled the order)' })),
  hold_reason: nullable(Type.String({ description: 'Why a waiting order cannot be confirmed yet (identity not verified)' })),
  payment_returned: Type.Boolean({
    description:
      'The payment came from someone other than the member: the order is cancelled and the money goes back to the payer (decision 050)',
  }),
  paid_at: nullable(Type.String({ format: 'date-time' })),
});

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

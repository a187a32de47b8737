import { Type } from 'typebox';
import type { OrderStatus } from '../../contract/statuses.ts';
import { orderSchema } from '../orders/order.schemas.ts';

/** A payment notice with the order it is for: POST v1/orderNotice. */
export const noticeSchema = Type.Object({
  id: Type.Integer(),
  order_id: Type.Integer(),
  account_back_five: Type.String(),
  image: Type.Integer(),
  image_path: Type.String(),
  remark: Type.Union([Type.String(), Type.Null()]),
  status: Type.String({ description: 'pending, confirmed, rejected, or refunded (the payer was not the member)' }),
  created_at: Type.String({ format: 'date-time' }),
  order: orderSchema,
});

/** A payment notice in the operators' queue, with its order and member: GET admin/v1/order-notices. */
export const queuedNoticeSchema = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
  account_back_five: Type.String(),
  image_path: Type.String({ description: 'The proof photo (operators may fetch it with their token)' }),
  remark: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  decided_at: Type.Union([Type.String(), Type.Null()]),
  order: Type.Object({
    id: Type.Integer(),
    order_number: Type.String(),
    order_status: Type.Unsafe<OrderStatus>(Type.Integer()),
    total_amount: Type.Number(),
    created_at: Type.String({ format: 'date-time' }),
  }),
  member: Type.Object({
    id: Type.Integer(),
    username: Type.String(),
    realname: Type.Union([Type.String(), Type.Null()], { description: 'The verified real name the payer must match' }),
    verification_status: Type.String(),
    account_status: Type.String(),
  }),
  remittance_account: Type.Union(
    [Type.Object({ id: Type.Integer(), bank_name: Type.String(), account_number: Type.String(), demo: Type.Boolean() }), Type.Null()],
    { description: 'The receiving account the member paid into (whose statement to check); null when they did not say' },
  ),
});

/** Owed, paid back to the payer, or undone. */
export const refundStatusSchema = Type.Union([Type.Literal('owed'), Type.Literal('paid'), Type.Literal('undone')]);
/** A payment to return to a payer who was not the member (decision 050): GET admin/v1/refunds. */
export const refundSchema = Type.Object({
  id: Type.Integer(),
  order_id: Type.Integer(),
  order_number: Type.String(),
  member: Type.Object({ id: Type.Integer(), username: Type.String() }),
  payer_name: Type.String({ description: 'Who the money came from, and goes back to' }),
  payer_bank: Type.Union([Type.String(), Type.Null()], {
    description: 'The bank the refund goes back to (null on records from before it was asked)',
  }),
  payer_account: Type.Union([Type.String(), Type.Null()], { description: 'The account or reference the refund goes back to' }),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'Why the operator marked a different payer' }),
  bank_reference: Type.String({ description: 'The incoming transfer' }),
  amount: Type.Number(),
  status: refundStatusSchema,
  created_at: Type.String({ format: 'date-time' }),
});

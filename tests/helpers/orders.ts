import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { send, type Member } from './members.ts';
import { uploadPhoto } from './uploads.ts';

/** The original app's cart: product 1, count 1, hosted in engine room 1, paid by remittance. */
export function orderBody(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    'item_content[0][product_id]': 1,
    'item_content[0][count]': 1,
    delivery_method_id: 1,
    engine_room_id: 1,
    payment_method_id: 1,
    amount: '3000',
    ...fields,
  };
}

export interface OrderDetail {
  id: number;
  order_number: string;
  order_status: number;
  total_amount: number;
  units: number;
  item_content: { product_id: number; count: number; product: { id: number; name: string } }[];
  delivery_method: { id: number };
  engine_room: { id: number; type: string; name: string } | null;
  delivery_content: { address: string | null };
  order_notice: { account_back_five: string; image_path: string; remark: string | null } | null;
  payment_method_id: number;
  reject_reason: string | null;
  hold_reason: string | null;
  paid_at: string | null;
  created_at: string;
}

/** Places an order as the member (form-encoded, as the original app does); fails the test unless it is created. */
export async function placeOrder(app: FastifyInstance, member: Member, fields: Record<string, unknown> = {}): Promise<OrderDetail> {
  const response = await send(app, 'POST', 'v1/order', { token: member.token, body: orderBody(fields) });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { detail: OrderDetail }).detail;
}

/** Notifies payment of the order with five digits and a fresh proof photo; returns the raw response. */
export async function notifyPayment(app: FastifyInstance, member: Member, orderId: number, fields: Record<string, unknown> = {}) {
  const image = await uploadPhoto(app, member.token);
  return send(app, 'POST', 'v1/orderNotice', {
    token: member.token,
    body: { order_id: orderId, account_back_five: '12345', image, ...fields },
  });
}

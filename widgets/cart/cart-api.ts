import { apiRequest } from '../core/api.ts';
import type { PaymentMethod, RemittanceAccount } from '../../contract/api/catalogue.ts';
import type { Order } from '../../contract/api/orders.ts';
import type { OrderNotice } from '../../contract/api/payments.ts';

export async function getDetail<T>(path: string): Promise<T> {
  return (await apiRequest<T>('GET', path)).detail;
}

/** The accounts the server shows this member on this site (decision 024); empty: payments are not open yet. */
export async function loadRemittanceAccounts(locale: string): Promise<RemittanceAccount[]> {
  return getDetail<RemittanceAccount[]>(`/v1/remittanceAccount?locale=${encodeURIComponent(locale)}`);
}

export async function loadPaymentMethods(): Promise<PaymentMethod[]> {
  return getDetail<PaymentMethod[]>('/v1/paymentMethod');
}

/** POST v1/order or PUT v1/order/{id}; resolves to the order as the server now has it. */
export async function saveOrder(body: Record<string, string | number>, orderId?: number): Promise<Order> {
  const envelope =
    orderId === undefined
      ? await apiRequest<Order>('POST', '/v1/order', body)
      : await apiRequest<Order>('PUT', `/v1/order/${orderId}`, body);
  return envelope.detail;
}

/** POST v1/orderNotice; resolves to the order, now waiting confirmation. */
export async function notifyPayment(body: {
  order_id: number;
  account_back_five: string;
  image: number;
  remark: string;
  /** The receiving account paid into, when the member said. */
  remittance_account_id?: number;
}): Promise<Order> {
  const sent: Record<string, string | number> = { order_id: body.order_id, account_back_five: body.account_back_five, image: body.image };
  if (body.remittance_account_id !== undefined) sent.remittance_account_id = body.remittance_account_id;
  if (body.remark.trim() !== '') sent.remark = body.remark.trim();
  const envelope = await apiRequest<OrderNotice>('POST', '/v1/orderNotice', sent);
  return envelope.detail.order;
}

import { apiRequest } from '../core/api.ts';
import type { RemittanceAccount } from './cart-rules.ts';
import type { LocalisedNames } from '../core/local-name.ts';

/** GET v1/product/{id}. */
export interface Product {
  id: number;
  name: string;
  names?: LocalisedNames;
  price: number;
  quantity: number;
  /** Rated capacity of one whole unit in watts (the cart's MW estimate). */
  rated_capacity_watts: number;
}

export interface EngineRoom {
  id: number;
  name: string;
  names?: LocalisedNames;
  type: string;
  location: string;
  locations?: LocalisedNames;
}

/** GET v1/paymentMethod: 1 bank remittance, 2 virtual currency (its address; unavailable until an operator sets it). */
export interface PaymentMethod {
  id: number;
  name: string;
  kind?: string;
  /** Virtual currency: the receiving address. */
  serial_number: string | null;
  available?: boolean;
  network?: string | null;
  /** Virtual currency: the address as a QR code, one SVG path over a `size` × `size` box. */
  qr?: { size: number; path: string } | null;
}

/** GET v1/deliveryMethod: 1 hosting (needs a room), 2 home delivery (needs an address). */
export interface DeliveryMethod {
  id: number;
  name: string;
  requires?: 'engine_room' | 'address';
}

/** The order object of the API contract (the fields the screens read). */
export interface Order {
  id: number;
  order_number: string;
  created_at: string;
  /** 0 created, 1 pending payment, 2 waiting confirmation, 3 paid off, 4 cancelled. */
  order_status: number;
  total_amount: number;
  units?: number;
  item_content?: { product_id: number; count: number; product: { id: number; name: string } }[];
  delivery_method_id?: number;
  engine_room_id?: number | null;
  delivery_content?: { address: string | null } | null;
  payment_method_id: number;
  order_notice?: { account_back_five: string; image?: number; image_path?: string; remark: string | null } | null;
  reject_reason?: string | null;
  /** Paid from someone else's account: cancelled, and the money goes back to the payer (decision 050). */
  payment_returned?: boolean;
  hold_reason?: string | null;
}

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

/** GET v1/engineRoom/{id}/recent: the least and most an amount would have been paid a day there lately (both null: no day shared). */
export type RecentShares = { days: number; shared_days: number } & ({ low: number; high: number } | { low: null; high: null });

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
}): Promise<Order | null> {
  const sent: Record<string, string | number> = { order_id: body.order_id, account_back_five: body.account_back_five, image: body.image };
  if (body.remittance_account_id !== undefined) sent.remittance_account_id = body.remittance_account_id;
  if (body.remark.trim() !== '') sent.remark = body.remark.trim();
  const envelope = await apiRequest<{ order?: Order }>('POST', '/v1/orderNotice', sent);
  return envelope.detail.order ?? null;
}

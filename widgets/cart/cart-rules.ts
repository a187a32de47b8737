/** The cart's pure rules (the original app's cart, docs/original-app.md), kept apart from the screens so vitest checks them. */

import { orderMinPoints } from '../../contract/limits.ts';

/** The least order amount, from the limits the server enforces too. */
export { orderMinPoints };
/** The amount the cart starts with and suggests (the original app's hint and default). */
export const suggestedPoints = 3000;
/** The original app sends product 1, count 1. */
export const productId = 1;
/** The original app's default hosting room. */
export const defaultEngineRoomId = 1;
/** Delivery methods, numbered as in the original app. */
export const deliveryHosting = 1;
export const deliveryHome = 2;
/** Payment methods: 1 bank remittance (default), 2 virtual currency. */
export const paymentRemittance = 1;
export const paymentVirtualCurrency = 2;

/** The message key naming a payment method. */
export function paymentMethodKey(id: number): string {
  return id === paymentRemittance ? 'cart_payment_remittance' : id === paymentVirtualCurrency ? 'cart_payment_virtual_currency' : '';
}

const amountPattern = /^\d{1,15}(\.\d+)?$/;
const fourDecimals = /^\d{1,15}(\.\d{1,4})?$/;

/** The amount check before anything is sent, as a message key; null when it may go. */
export function amountProblem(amount: string): string | null {
  const text = amount.trim();
  if (text === '') return 'cart_amount_blank';
  if (!amountPattern.test(text)) return 'cart_amount_invalid';
  if (Number(text) < orderMinPoints) return 'cart_least_amount';
  if (!fourDecimals.test(text)) return 'cart_amount_invalid';
  return null;
}

export interface PurchaseEstimate {
  /** Share of the product: amount / price, 4 decimals, rounded down as the server stores it. */
  units: number;
  /** Approximate PV capacity in MW: units × the product's rated capacity in MW. */
  mw: number;
}

const floor4 = (value: number) => Math.floor(value * 10_000 + 1e-6) / 10_000;

/**
 * The purchase hint: the share and its capacity. What the amount would have earned comes from the
 * server (GET v1/engineRoom/{id}/recent), by the rule the income is paid by, as past results.
 */
export function purchaseEstimate(amount: string, product: { price: number; rated_capacity_watts: number }): PurchaseEstimate | null {
  const text = amount.trim();
  if (!amountPattern.test(text) || product.price <= 0) return null;
  const points = Number(text);
  const units = floor4(points / product.price);
  const mw = floor4((units * product.rated_capacity_watts) / 1_000_000);
  return { units, mw };
}

/** The last five digits of the paying account: exactly five digits. */
export function lastFiveProblem(text: string): string | null {
  return /^\d{5}$/.test(text.trim()) ? null : 'cart_last_five_invalid';
}

/** Keeps only digits, at most five, as the member types. */
export function lastFiveInput(text: string): string {
  return text.replace(/\D/g, '').slice(0, 5);
}

/** The payment method is changed on the order only when the choice differs from the order's (as in the original app). */
export function paymentMethodUpdate(current: number, chosen: number): { payment_method_id: number } | null {
  return chosen === current || !Number.isInteger(chosen) || chosen < 1 ? null : { payment_method_id: chosen };
}

export interface CartForm {
  amount: string;
  deliveryMethodId: string;
  engineRoomId: string;
  paymentMethodId: string;
  address: string;
}

export interface CartProblem {
  key: string;
  field: 'amount' | 'delivery' | 'room' | 'payment' | 'address';
}

/** Every check of the list step, in screen order; null when the order may be sent. */
export function cartProblem(form: CartForm): CartProblem | null {
  const amount = amountProblem(form.amount);
  if (amount !== null) return { key: amount, field: 'amount' };
  if (form.deliveryMethodId === '') return { key: 'cart_choose_delivery', field: 'delivery' };
  if (Number(form.deliveryMethodId) === deliveryHosting && form.engineRoomId === '')
    return { key: 'cart_choose_engine_room', field: 'room' };
  if (Number(form.deliveryMethodId) === deliveryHome && form.address.trim() === '') return { key: 'cart_address_blank', field: 'address' };
  if (form.paymentMethodId === '') return { key: 'cart_choose_payment', field: 'payment' };
  return null;
}

/**
 * The body of POST v1/order (create) or PUT v1/order/{id} (update: no item_content). Hosting names
 * its room, home delivery carries the address; the server ignores the other one.
 */
export function orderBody(form: CartForm, create: boolean): Record<string, string> {
  const body: Record<string, string> = create ? { 'item_content[0][product_id]': String(productId), 'item_content[0][count]': '1' } : {};
  body.delivery_method_id = form.deliveryMethodId;
  if (Number(form.deliveryMethodId) === deliveryHosting) body.engine_room_id = form.engineRoomId;
  body.payment_method_id = form.paymentMethodId;
  body.amount = form.amount.trim();
  if (Number(form.deliveryMethodId) === deliveryHome) body.delivery_content = form.address.trim();
  return body;
}

/** Server field names → the cart's fields, for showing a 422's `errors` beside the right control. */
export const serverFieldOf: Record<string, CartProblem['field']> = {
  amount: 'amount',
  delivery_method_id: 'delivery',
  engine_room_id: 'room',
  payment_method_id: 'payment',
  delivery_content: 'address',
  'delivery_content.address': 'address',
};

/**
 * The cart fields a 422's `errors` names, each with the given text: the refusal in the member's
 * language (the server's per-field sentences are English and never shown).
 */
export function fieldErrors(errors: Record<string, string[]> | undefined, text: string): Partial<Record<CartProblem['field'], string>> {
  const out: Partial<Record<CartProblem['field'], string>> = {};
  for (const name of Object.keys(errors ?? {})) {
    const field = serverFieldOf[name.replace(/^\//, '').replace(/\//g, '.')];
    if (field !== undefined) out[field] = text;
  }
  return out;
}

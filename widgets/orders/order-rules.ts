/** The order list's pure rules: status labels, where a tap leads, and which order the payment page shows. */
import { orderStatus } from '../../contract/statuses.ts';

/** The label of a status, `order_status_<number>` (created and pending payment both read "pending", as in the original app). */
export function orderStatusKey(status: number): string {
  return Object.values<number>(orderStatus).includes(status) ? `order_status_${status}` : 'order_status';
}

/** Created or pending payment: the member may still pay, change the method and notify. */
function awaitsPayment(status: number): boolean {
  return status === orderStatus.created || status === orderStatus.pendingPayment;
}

/** Pending and waiting confirmation open the payment information; paid-off and cancelled orders do not. */
export function opensPayment(status: number): boolean {
  return awaitsPayment(status) || status === orderStatus.waitingConfirmation;
}

/** The payment method choice shows only while the order waits for payment; waiting confirmation hides it (as in the original app). */
export function showsMethodChoice(status: number): boolean {
  return awaitsPayment(status);
}

/** The notify form shows while the order waits for payment. */
export function canNotify(status: number): boolean {
  return awaitsPayment(status);
}

/**
 * Which order the payment screen shows: the one it is given, else the one a partner's element
 * names in its `order-id` attribute, else /setting/order/checkpayment's `?id=N` (not local storage
 * as the bank-card editor does: the link works in a new tab, after a reload and when shared, and
 * the server still answers 403 for another member's order). Undefined when none is named; null
 * when the one named is not a plain positive integer.
 */
export function requestedOrderId(given: number | null | undefined, attribute: string | null, search: string): number | null | undefined {
  if (given !== undefined) return given;
  const named = attribute ?? new URLSearchParams(search).get('id');
  if (named === null) return undefined;
  return /^[1-9]\d{0,14}$/.test(named) ? Number(named) : null;
}

/** The payment information route of one order. */
export function checkPaymentRoute(orderId: number): string {
  return `/setting/order/checkpayment?id=${orderId}`;
}

/** The order list's pure rules: status labels, where a tap leads, and which order the payment page shows. */

/** 0 created and 1 pending payment both read "pending" (the seed); 2 waiting confirmation, 3 paid off, 4 cancelled. */
export function orderStatusKey(status: number): string {
  return status >= 0 && status <= 4 ? `order_status_${status}` : 'order_status';
}

/** Pending (0, 1) and waiting confirmation (2) open the payment information; paid-off and cancelled orders do not. */
export function opensPayment(status: number): boolean {
  return status === 0 || status === 1 || status === 2;
}

/** The payment method choice shows only while the order waits for payment; status 2 hides it (the seed). */
export function showsMethodChoice(status: number): boolean {
  return status === 0 || status === 1;
}

/** The notify form shows while the order waits for payment. */
export function canNotify(status: number): boolean {
  return status === 0 || status === 1;
}

/**
 * /setting/order/checkpayment names its order in the query string, `?id=N` (not local storage as
 * the bank-card editor does): the link works in a new tab, after a reload and when shared, and
 * the server still answers 403 for another member's order. Null when there is no usable id.
 */
export function orderIdFromQuery(search: string): number | null {
  const raw = new URLSearchParams(search).get('id') ?? '';
  return /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

/** The payment information route of one order. */
export function checkPaymentRoute(orderId: number): string {
  return `/setting/order/checkpayment?id=${orderId}`;
}

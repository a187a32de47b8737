/**
 * The API's numeric statuses, named once. The numbers are the contract's (the original app's
 * screens read them, docs/original-app.md); code on both sides uses these names instead of bare numbers.
 */

/** `order_status`: an order from creation to payment. */
export const orderStatus = {
  created: 0,
  pendingPayment: 1,
  waitingConfirmation: 2,
  paidOff: 3,
  cancelled: 4,
} as const;
export type OrderStatus = (typeof orderStatus)[keyof typeof orderStatus];

/** Orders that hold a share of their product and room: pending payment, waiting confirmation, paid off. */
export const holdingStatuses: readonly OrderStatus[] = [orderStatus.pendingPayment, orderStatus.waitingConfirmation, orderStatus.paidOff];

/** `transaction_recod_status` (the original app's spelling): a transfer between the main wallet and a partner wallet. */
export const transferStatus = {
  unsuccessful: 0,
  accepted: 1,
  completed: 2,
  failed: 3,
  cancelled: 4,
} as const;
export type TransferStatus = (typeof transferStatus)[keyof typeof transferStatus];

/** A withdrawal to a bank card: held while an operator pays it out or rejects it. */
export const withdrawalStatus = {
  accepted: 1,
  completed: 2,
  failed: 3,
} as const;
export type WithdrawalStatus = (typeof withdrawalStatus)[keyof typeof withdrawalStatus];

/** An engine room's state (decision 052): only an offered room takes new orders; a sample is one whose capacity nobody confirmed. */
export const roomStates = ['sample', 'offered', 'hidden', 'retired'] as const;
export type RoomState = (typeof roomStates)[number];

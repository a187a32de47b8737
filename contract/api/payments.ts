/**
 * The payment answers as their route schemas declare them (server/payments/payments.schemas.ts): the cart and the back
 * office's payment and refund queues read these types, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type { noticeSchema, queuedNoticeSchema, refundSchema } from '../../server/payments/payments.schemas.ts';

/** A payment notice with the order it is for, now waiting confirmation: POST v1/orderNotice. */
export type OrderNotice = Static<typeof noticeSchema>;
/** A payment notice in the operators' queue, with its order and member: GET admin/v1/order-notices. */
export type PaymentNotice = Static<typeof queuedNoticeSchema>;
/** A payment to return to a payer who was not the member (decision 050): GET admin/v1/refunds. */
export type Refund = Static<typeof refundSchema>;

import type { RefusalCode } from '../../../../contract/refusals.ts';

/** The refusals a refund meets, each worded by its code. */
export const orderRefundRefusals = [
  'validation',
  'order_not_found',
  'order_not_paid_off',
  'administrators_only',
  'session_expired',
  'operators_only',
] as const satisfies readonly RefusalCode[];

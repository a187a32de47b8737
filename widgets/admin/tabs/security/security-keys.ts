import type { RefusalCode } from '../../../../contract/refusals.ts';

/** Refusals the two-factor screens word themselves; anything else is "the action failed". */
export const twoFactorRefusals = [
  'two_factor_code_wrong',
  'two_factor_not_started',
  'two_factor_already_on',
  'rate_limited',
  'session_expired',
] as const satisfies readonly RefusalCode[];

/** Refusals the operator's own password form words itself. */
export const ownPasswordRefusals = [
  'validation',
  'operator_password_wrong',
  'operator_password_same',
  'rate_limited',
  'session_expired',
] as const satisfies readonly RefusalCode[];

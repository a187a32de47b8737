import type { RefusalCode } from '../../../../contract/refusals.ts';
import type { Translate } from '../../../core/i18n.ts';
import { knownRefusalKey } from '../../../core/refusal.ts';

/** The refusals customer service's credits and debits meet, each worded by its code. */
export const adjustmentRefusals = [
  'validation',
  'amount_not_number',
  'amount_too_many_decimals',
  'amount_too_large',
  'member_not_found',
  'main_wallet_insufficient',
  'adjustment_not_found',
  'adjustment_not_pending',
  'adjustment_own',
  'idempotency_key_reused',
  'administrators_only',
  'session_expired',
  'operators_only',
] as const satisfies readonly RefusalCode[];

export const adjustmentRefusalText = (error: unknown, t: Translate): string =>
  t(knownRefusalKey(error, adjustmentRefusals, 'admin_action_failed'));

import type { RefusalCode } from '../../../contract/refusals.ts';
import type { Translate } from '../../core/i18n.ts';
import { knownRefusalKey, refusalCode } from '../../core/refusal.ts';

/** The refusals an operator's actions meet, each worded by its code in the operator's language. */
export const decisionRefusals = [
  'validation',
  'order_not_found',
  'order_not_waiting_confirmation',
  'payer_mismatch',
  'verification_not_pending',
  'member_not_found',
  'member_not_suspended',
  'withdrawal_not_found',
  'withdrawal_already_decided',
  'refund_not_found',
  'refund_already_paid',
  'payer_name_differs',
  'different_payer_details_missing',
  'nothing_to_undo',
  'undo_day_over',
  'product_sold_out',
  'withdrawal_claimed_by_other',
  'withdrawal_not_claimed',
  'administrators_only',
  'engine_room_not_found',
  'business_date_invalid',
  'business_day_not_started',
  'revenue_already_recorded',
  'revenue_record_not_found',
  'revenue_kwh_invalid',
  'revenue_amount_invalid',
  'revenue_correction_empty',
  'engine_room_short',
  'session_expired',
  'operators_only',
] as const satisfies readonly RefusalCode[];

/** What an operator reads after a refused action: the refusal in their language, or the screen's own failure. */
export function decisionError(error: unknown, t: Translate, fallbackKey = 'admin_action_failed'): string {
  // Not in the list above: the member's own wording ("verify your identity first") would speak to the wrong person here.
  if (refusalCode(error) === 'identity_not_verified') return t('admin_member_not_verified');
  return t(knownRefusalKey(error, decisionRefusals, fallbackKey));
}

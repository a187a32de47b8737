import type { RefusalCode } from '../../../../contract/refusals.ts';
import type { Translate } from '../../../core/i18n.ts';
import { knownRefusalKey, refusalKey } from '../../../core/refusal.ts';

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

/** The words of the member page's credits and debits and of the Members tab's waiting list. */
export const adjustmentMessageKeys = [
  'admin_adjust_title',
  'admin_adjust_intro',
  'admin_adjust_new',
  'admin_adjust_direction',
  'admin_adjust_credit',
  'admin_adjust_debit',
  'admin_adjust_amount',
  'admin_adjust_amount_invalid',
  'admin_adjust_reason',
  'admin_adjust_reason_hint',
  'admin_adjust_second_needed',
  'admin_adjust_ask_credit',
  'admin_adjust_ask_debit',
  'admin_adjust_submit',
  'admin_adjust_posted',
  'admin_adjust_waiting',
  'admin_adjust_caption',
  'admin_adjust_none',
  'admin_adjust_when',
  'admin_adjust_status',
  'admin_adjust_status_pending',
  'admin_adjust_status_posted',
  'admin_adjust_status_rejected',
  'admin_adjust_by',
  'admin_adjust_decided_by',
  'admin_adjust_approve',
  'admin_adjust_reject',
  'admin_adjust_reject_reason',
  'admin_adjust_own_note',
  'admin_adjust_approved',
  'admin_adjust_rejected',
  'admin_adjust_pending_title',
  'admin_adjust_pending_caption',
  'admin_adjust_member',
  'admin_reason_needed',
  'admin_action_failed',
  'admin_ask_cancel',
  ...adjustmentRefusals.map(refusalKey),
];

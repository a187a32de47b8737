import type { RefusalCode } from '../../../../contract/refusals.ts';
import { refusalKey } from '../../../core/refusal.ts';

/** Refusals the Operators tab words itself. */
export const operatorsRefusals = [
  'validation',
  'operator_name_taken',
  'operator_not_found',
  'operator_self_change',
  'operator_last_administrator',
  'nothing_to_change',
  'administrators_only',
  'session_expired',
] as const satisfies readonly RefusalCode[];

/**
 * The Operators tab's words, apart from the screens so the page carries them while the tab loads on
 * first open. The admin page adds them to the island's words itself, so the island's first load does
 * not carry this list (its budget).
 */
export const operatorsMessageKeys = [
  'admin_operators',
  'admin_operators_caption',
  'admin_operators_role',
  'admin_role_administrator',
  'admin_role_reviewer',
  'admin_operators_two_factor',
  'admin_operators_on',
  'admin_operators_off',
  'admin_operators_status',
  'admin_operators_enabled',
  'admin_operators_disabled',
  'admin_operators_last_seen',
  'admin_operators_never',
  'admin_operators_actions',
  'admin_operators_you',
  'admin_operators_add',
  'admin_operators_add_submit',
  'admin_operators_added',
  'admin_operators_username_hint',
  'admin_operators_username_invalid',
  'admin_operators_password',
  'admin_operators_password_hint',
  'admin_operators_password_invalid',
  'admin_operators_show_password',
  'admin_operators_change_role',
  'admin_operators_new_role',
  'admin_operators_disable',
  'admin_operators_reset_two_factor',
  'admin_operators_reset_two_factor_note',
  'admin_operators_enable',
  'admin_operators_disable_note',
  'admin_operators_enable_note',
  'admin_operators_reason',
  'admin_operators_save',
  'admin_operators_cancel',
  'admin_operators_saved',
  'admin_operators_settings',
  'admin_operators_require_two_factor',
  'admin_operators_require_note',
  'admin_operators_settings_saved',
  ...operatorsRefusals.map(refusalKey),
];

import type { RefusalCode } from '../../contract/refusals.ts';

/** Refusals the two-factor screens word themselves; anything else is "the action failed". */
export const twoFactorRefusals = [
  'two_factor_code_wrong',
  'two_factor_not_started',
  'two_factor_already_on',
  'rate_limited',
  'session_expired',
] as const satisfies readonly RefusalCode[];

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

/** Refusals the operator's own password form words itself. */
export const ownPasswordRefusals = [
  'validation',
  'operator_password_wrong',
  'operator_password_same',
  'rate_limited',
  'session_expired',
] as const satisfies readonly RefusalCode[];

/** Their wording keys. */
const refusalMessageKeys = [
  'refusal_two_factor_code_wrong',
  'refusal_two_factor_not_started',
  'refusal_two_factor_already_on',
  'refusal_rate_limited',
  'refusal_session_expired',
  'refusal_validation',
  'refusal_operator_name_taken',
  'refusal_operator_not_found',
  'refusal_operator_self_change',
  'refusal_operator_last_administrator',
  'refusal_nothing_to_change',
  'refusal_administrators_only',
  'refusal_operator_password_wrong',
  'refusal_operator_password_same',
] as const satisfies readonly `refusal_${RefusalCode}`[];

/**
 * The words of the Operators and Two-factor tabs and of the code step of the login, apart from
 * the screens so the page carries them while the tabs load on first open. The admin page adds them
 * to the island's words itself, so the island's first load does not carry this list (its budget).
 */
export const operatorsMessageKeys = [
  'admin_own_password',
  'admin_own_password_current',
  'admin_own_password_new',
  'admin_own_password_confirm',
  'admin_own_password_required',
  'admin_own_password_mismatch',
  'admin_own_password_submit',
  'admin_own_password_changed',
  'admin_own_password_first',
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
  'admin_security',
  'admin_2fa_on',
  'admin_2fa_off',
  'admin_2fa_required',
  'admin_2fa_start',
  'admin_2fa_scan',
  'admin_2fa_qr',
  'admin_2fa_secret',
  'admin_2fa_code',
  'admin_2fa_code_invalid',
  'admin_2fa_confirm',
  'admin_2fa_recovery',
  'admin_2fa_recovery_note',
  'admin_2fa_recovery_done',
  'admin_login_code',
  'admin_login_code_hint',
  'admin_login_code_blank',
  'admin_login_verify',
  'admin_login_restart',
  ...refusalMessageKeys,
];

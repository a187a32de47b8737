import type { RefusalCode } from '../../../../contract/refusals.ts';
import { refusalKey } from '../../../core/refusal.ts';

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

/**
 * The words of the Security tab (two-factor and one's own password) and of the login's code step, apart
 * from the screens so the page carries them while the tab loads on first open (the island's budget).
 */
export const securityMessageKeys = [
  'admin_own_password',
  'admin_own_password_current',
  'admin_own_password_new',
  'admin_own_password_confirm',
  'admin_own_password_required',
  'admin_own_password_mismatch',
  'admin_own_password_submit',
  'admin_own_password_changed',
  'admin_own_password_first',
  // The rule for a new password is the one administrators meet when adding an operator (operator-rules.ts).
  'admin_operators_password_hint',
  'admin_operators_password_invalid',
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
  ...twoFactorRefusals.map(refusalKey),
  ...ownPasswordRefusals.map(refusalKey),
];

import type { RefusalCode } from '../../../../contract/refusals.ts';
import { refusalKey } from '../../../core/refusal.ts';

/** The refusals the Settings tab words itself. */
export const settingsRefusals = [
  'validation',
  'time_zone_unknown',
  'session_expired',
  'operators_only',
] as const satisfies readonly RefusalCode[];

/** The refusals the new-work alerts (AlertSettings.tsx) word themselves. */
export const alertRefusals = ['validation', 'administrators_only', 'session_expired'] as const satisfies readonly RefusalCode[];

/** The refusals the countries and certificate types (VerificationChoices.tsx) word themselves. */
export const verificationChoiceRefusals = [
  'validation',
  'verification_choice_not_found',
  'administrators_only',
  'session_expired',
  'operators_only',
] as const satisfies readonly RefusalCode[];

/** The Settings tab's words. */
export const settingsMessageKeys = [
  'admin_settings',
  'admin_settings_rate',
  'admin_settings_rate_hint',
  'admin_settings_fee',
  'admin_settings_fee_hint',
  'admin_settings_zone',
  'admin_settings_zone_hint',
  'admin_settings_zone_now',
  'admin_settings_zone_next',
  'admin_settings_percent_invalid',
  'admin_settings_save',
  'admin_settings_saved',
  'admin_settings_about',
  'admin_settings_contacts',
  'setting_version',
  'setting_build_date',
  ...settingsRefusals.map(refusalKey),
  'admin_choices',
  'admin_choices_intro',
  'admin_choices_countries',
  'admin_choices_certificates',
  'admin_choices_name_zhs',
  'admin_choices_name_zht',
  'admin_choices_name_eng',
  'admin_choices_offered',
  'admin_choices_action',
  'admin_choices_new',
  'admin_choices_add',
  'admin_choices_save',
  'admin_choices_added',
  'admin_choices_saved',
  'admin_choices_name_required',
  'admin_load_error',
  'admin_action_failed',
  ...verificationChoiceRefusals.map(refusalKey),
  'admin_alerts',
  'admin_alerts_intro',
  'admin_alerts_emails',
  'admin_alerts_emails_hint',
  'admin_alerts_emails_invalid',
  'admin_alerts_no_mail',
  'admin_alerts_webhook',
  'admin_alerts_webhook_hint',
  'admin_alerts_webhook_invalid',
  'admin_alerts_new_secret',
  'admin_alerts_secret_shown',
  'admin_alerts_save',
  'admin_alerts_saved',
  'admin_alerts_test',
  'admin_alerts_languages',
  'admin_alerts_language_all',
  'admin_alerts_test_hint',
  'admin_alerts_test_email_sent',
  'admin_alerts_test_email_failed',
  'admin_alerts_test_webhook_sent',
  'admin_alerts_test_webhook_failed',
  'admin_alerts_test_nothing',
  'admin_alerts_test_no_answer',
  ...alertRefusals.map(refusalKey),
];

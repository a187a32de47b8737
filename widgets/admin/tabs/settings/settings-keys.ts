import type { RefusalCode } from '../../../../contract/refusals.ts';

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

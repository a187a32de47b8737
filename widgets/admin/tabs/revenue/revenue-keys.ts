import type { RefusalCode } from '../../../../contract/refusals.ts';
import type { Translate } from '../../../core/i18n.ts';
import { knownRefusalKey } from '../../../core/refusal.ts';
import { fieldErrors } from '../../../ui/server-messages.ts';

/** The refusals the Revenue tab words itself; anything else is "the action failed". */
export const revenueRefusals = [
  'validation',
  'engine_room_not_found',
  'business_date_invalid',
  'revenue_record_not_found',
  'revenue_kwh_invalid',
  'revenue_amount_invalid',
  'revenue_correction_empty',
  'revenue_already_recorded',
  'engine_room_short',
  'revenue_release_own',
  'revenue_entry_shared',
  'revenue_entry_withdrawn',
  'revenue_entry_not_found',
  'revenue_import_too_large',
  'revenue_import_too_many_rows',
  'revenue_import_header',
  'revenue_import_empty',
  'revenue_import_changed',
  'session_expired',
  'operators_only',
] as const satisfies readonly RefusalCode[];

export const revenueRefusalText = (error: unknown, t: Translate) => t(knownRefusalKey(error, revenueRefusals, 'admin_action_failed'));

/** Field errors of a refused request, each worded by its refusal. */
export function revenueFieldErrors(error: unknown, t: Translate): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrors(error, revenueRefusals)).map(([field, key]) => [field, t(key)]));
}

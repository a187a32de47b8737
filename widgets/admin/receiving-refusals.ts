import type { RefusalCode } from '../../contract/refusals.ts';
import type { Translate } from '../core/i18n.ts';
import { knownRefusalKey } from '../core/refusal.ts';
import { fieldErrors } from '../ui/server-messages.ts';

/** The refusals this screen words itself; anything else is "the action failed". */
export const receivingRefusals = [
  'validation',
  'receiving_account_number_invalid',
  'receiving_account_demo_fixed',
  'receiving_account_not_found',
  'virtual_currency_address_invalid',
  'nothing_to_change',
  'session_expired',
  'operators_only',
] as const satisfies readonly RefusalCode[];

/** Field errors of a refused request, each worded by its refusal; empty when the refusal names no field. */
export function refusedFields(error: unknown, t: Translate): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrors(error, receivingRefusals)).map(([field, key]) => [field, t(key)]));
}

export const refusalText = (error: unknown, t: Translate) => t(knownRefusalKey(error, receivingRefusals, 'admin_action_failed'));

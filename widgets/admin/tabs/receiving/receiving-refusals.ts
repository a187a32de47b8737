import type { RefusalCode } from '../../../../contract/refusals.ts';
import { refusalWording } from '../../shared/form-submission.ts';

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

export const receivingWording = refusalWording(receivingRefusals);

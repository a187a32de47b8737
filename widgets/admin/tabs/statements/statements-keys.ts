import type { StatementPreviewJson } from '../../../../contract/api/reconciliation.ts';
import type { RefusalCode } from '../../../../contract/refusals.ts';
import type { Translate } from '../../../core/i18n.ts';
import { knownRefusalKey } from '../../../core/refusal.ts';

/** The refusals the tab words itself; anything else is "the action failed". */
export const reconciliationRefusals = [
  'validation',
  'statement_too_large',
  'statement_too_many_lines',
  'statement_unreadable',
  'statement_columns_unmapped',
  'statement_imported_before',
  'statement_not_found',
  'receiving_account_not_found',
  'order_not_waiting_confirmation',
  'identity_not_verified',
  'session_expired',
  'operators_only',
] as const satisfies readonly RefusalCode[];

/** Why a preview cannot be imported as mapped, in the words of the refusal the import would give. */
export const previewProblemRefusal: Record<NonNullable<StatementPreviewJson['problem']>, RefusalCode> = {
  empty: 'statement_unreadable',
  quote: 'statement_unreadable',
  mapping: 'statement_columns_unmapped',
  too_many_lines: 'statement_too_many_lines',
};

export const reconciliationRefusalText = (error: unknown, t: Translate): string =>
  t(knownRefusalKey(error, reconciliationRefusals, 'admin_action_failed'));

import {
  statementColumns,
  statementLineGroups,
  statementDateOrders,
  statementLineProblems,
  statementLineStates,
  type StatementPreviewJson,
} from '../../../../contract/reconciliation.ts';
import type { RefusalCode } from '../../../../contract/refusals.ts';
import type { Translate } from '../../../core/i18n.ts';
import { knownRefusalKey, refusalKey } from '../../../core/refusal.ts';

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

/** The Bank statements tab's words, apart from the screen so the page carries them while the screen loads. */
export const reconciliationMessageKeys = [
  'admin_statements',
  'admin_stmt_title',
  'admin_stmt_intro',
  'admin_stmt_import',
  'admin_stmt_account',
  'admin_stmt_account_choose',
  'admin_stmt_account_needed',
  'admin_stmt_encoding',
  'admin_stmt_encoding_hint',
  'admin_stmt_file',
  'admin_stmt_file_hint',
  'admin_stmt_file_needed',
  'admin_stmt_file_garbled',
  'admin_stmt_read_error',
  'admin_stmt_mapping',
  'admin_stmt_mapping_hint',
  'admin_stmt_column_none',
  'admin_stmt_column_hint',
  'admin_stmt_date_order',
  'admin_stmt_checking',
  'admin_stmt_importing',
  'admin_stmt_confirming',
  'admin_stmt_preview_summary',
  'admin_stmt_preview_caption',
  'admin_stmt_import_button',
  'admin_stmt_imported',
  'admin_stmt_line',
  'admin_stmt_date',
  'admin_stmt_amount',
  'admin_stmt_payer',
  'admin_stmt_reference',
  'admin_stmt_state',
  'admin_stmt_notice',
  'admin_stmt_notice_text',
  'admin_stmt_list',
  'admin_stmt_list_caption',
  'admin_stmt_list_empty',
  'admin_stmt_file_name',
  'admin_stmt_imported_at',
  'admin_stmt_imported_by',
  'admin_stmt_lines',
  'admin_stmt_lines_confirmed',
  'admin_stmt_open',
  'admin_stmt_back',
  'admin_stmt_heading',
  'admin_stmt_groups',
  'admin_stmt_group_empty',
  'admin_stmt_pick',
  'admin_stmt_confirm',
  'admin_stmt_ask_confirm',
  'admin_stmt_none_chosen',
  'admin_stmt_confirm_result',
  'admin_action_failed',
  'admin_load_error',
  'admin_ask_cancel',
  ...statementColumns.map((column) => `admin_stmt_column_${column}`),
  ...statementDateOrders.map((order) => `admin_stmt_date_${order}`),
  ...statementLineStates.map((state) => `admin_stmt_state_${state}`),
  ...statementLineProblems.map((problem) => `admin_stmt_problem_${problem}`),
  ...statementLineGroups.map((group) => `admin_stmt_group_${group}`),
  ...reconciliationRefusals.map(refusalKey),
];

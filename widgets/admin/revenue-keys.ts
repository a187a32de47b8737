import type { RefusalCode } from '../../contract/refusals.ts';
import { revenueDayStates, revenueOrderOutcomes, revenueRowProblems } from '../../contract/revenue.ts';
import type { Translate } from '../core/i18n.ts';
import { knownRefusalKey, refusalKey } from '../core/refusal.ts';
import { fieldErrors } from '../ui/server-messages.ts';

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

/**
 * The message keys of the Revenue tab, apart from its screens so that the back-office page lists
 * them without loading the tab, which loads when it is opened.
 */
export const revenueMessageKeys = [
  'admin_rev_records_title',
  'admin_rev_records_caption',
  'admin_rev_records_empty',
  'admin_rev_all_rooms',
  'admin_rev_from',
  'admin_rev_to',
  'admin_rev_filter',
  'admin_rev_date_bad',
  'admin_rev_date_order',
  'admin_rev_recorded_as',
  'admin_rev_corrections',
  'admin_rev_distribution',
  'admin_rev_actions',
  'admin_rev_correct',
  'admin_rev_explain',
  'admin_rev_correct_title',
  'admin_rev_revenue_delta',
  'admin_rev_kwh_delta',
  'admin_rev_delta_bad',
  'admin_rev_kwh_delta_bad',
  'admin_rev_correct_save',
  'admin_rev_corrected',
  'admin_rev_cancel',
  'admin_rev_chart_title',
  'admin_rev_chart_table',
  'admin_rev_chart_empty',
  'admin_rev_date',
  'admin_rev_explain_title',
  'admin_rev_explain_date',
  'admin_rev_room_needed',
  'admin_rev_choose_room',
  'admin_rev_pool',
  'admin_rev_fee',
  'admin_rev_orders_paid',
  'admin_rev_amount_paid',
  'admin_rev_outcome',
  'admin_rev_orders',
  'admin_rev_earned',
  'admin_rev_order_amount',
  'admin_rev_paid_at',
  'admin_rev_all_outcomes',
  'admin_rev_outcomes_caption',
  'admin_rev_orders_caption',
  'admin_rev_import_title',
  'admin_rev_import_hint',
  'admin_rev_import_file',
  'admin_rev_import_choose',
  'admin_rev_import_read_error',
  'admin_rev_import_preview',
  'admin_rev_import_checking',
  'admin_rev_import_recording',
  'admin_rev_import_summary',
  'admin_rev_import_bad_caption',
  'admin_rev_import_line',
  'admin_rev_import_problem',
  'admin_rev_import_confirm',
  'admin_rev_import_done',
  'admin_rev_import_nothing',
  'admin_rev_import_reason',
  'admin_engine_room',
  'admin_business_date',
  'admin_kwh',
  'admin_revenue_amount',
  'admin_evidence',
  'admin_order_number',
  'admin_reason',
  'loading',
  'admin_reason_needed',
  'admin_load_error',
  'admin_action_failed',
  'admin_queue_empty',
  ...revenueDayStates.map((state) => `admin_rev_state_${state}`),
  ...revenueOrderOutcomes.map((outcome) => `admin_rev_outcome_${outcome}`),
  ...revenueRowProblems.map((problem) => `admin_rev_problem_${problem}`),
  ...revenueRefusals.map(refusalKey),
];

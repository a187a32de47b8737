/**
 * What the revenue screens and the API share (decision 028): the limits of a meter-data import,
 * why a row of one cannot be recorded, and why an order did or did not earn from a day.
 */

/** A file's limits: a month of a few dozen rooms fits many times over, and one transaction stays short. */
export const revenueImportBytesMax = 128 * 1024;
export const revenueImportRowsMax = 1000;

/** Why a row of an import cannot be recorded; each is shown beside the row's line. */
export const revenueRowProblems = [
  'columns',
  'room_unknown',
  'date_invalid',
  'date_future',
  'kwh_invalid',
  'amount_negative',
  'amount_invalid',
  'evidence_too_long',
  'duplicate_in_file',
  'recorded_differently',
] as const;
export type RevenueRowProblem = (typeof revenueRowProblems)[number];

/**
 * Why an order of the room did or did not earn from a day, the first that applies: it was paid;
 * it was cancelled or refunded; it was never paid; it was paid after the day ended; the day has
 * no revenue recorded; the room has no installed capacity; the day is not shared out yet; or its
 * share rounded down to nothing.
 */
export const revenueOrderOutcomes = [
  'paid',
  'cancelled_or_refunded',
  'not_paid',
  'paid_after_day',
  'no_revenue',
  'capacity_not_set',
  'not_distributed',
  'share_too_small',
] as const;
export type RevenueOrderOutcome = (typeof revenueOrderOutcomes)[number];

/** Where a room day's distribution stands. */
export const revenueDayStates = ['finished', 'running', 'not_run', 'no_revenue', 'capacity_not_set'] as const;
export type RevenueDayState = (typeof revenueDayStates)[number];

/**
 * What the bank-reconciliation screen and the API share (decision 059): a statement file's limits,
 * the columns an operator maps, how dates are written, and why a line is or is not matched to a
 * waiting payment notice.
 */

/** A day's or a week's statement of one receiving account fits many times over; one import stays one short transaction. */
export const statementBytesMax = 256 * 1024;
export const statementLinesMax = 2000;

/** The columns an operator maps, once per receiving account; `payer_account` may be left unmapped. */
export const statementColumns = ['booked_on', 'amount', 'payer_name', 'reference', 'payer_account'] as const;
export type StatementColumn = (typeof statementColumns)[number];
export const statementColumnsRequired: readonly StatementColumn[] = ['booked_on', 'amount', 'payer_name', 'reference'];

/**
 * How the statement writes its dates: year first (2026-11-27, 2026/11/27, 20261127), day first
 * (27/11/2026), month first (11/27/2026), or the Republic of China year first (115/11/27), as
 * Taiwanese banks print it. A time after the date is ignored.
 */
export const statementDateOrders = ['ymd', 'dmy', 'mdy', 'roc'] as const;
export type StatementDateOrder = (typeof statementDateOrders)[number];

/** The text encodings a bank's export may use; the browser decodes the file before it is sent. */
export const statementEncodings = ['utf-8', 'big5', 'gb18030'] as const;

/** Why a line of the file cannot be read; such a line is listed and never matched. */
export const statementLineProblems = ['columns', 'date_invalid', 'amount_invalid', 'payer_missing'] as const;
export type StatementLineProblem = (typeof statementLineProblems)[number];

/**
 * What became of a line, the first that applies:
 * - `bad`: it cannot be read (see its problems);
 * - `not_credit`: money out, or no amount in the credit column;
 * - `imported_before`: the same line of this account was imported from an earlier file;
 * - `confirmed`: its payment was confirmed from this statement;
 * - `confirmed_by_hand`: no notice waits for it because an operator already confirmed the one it pays, in the
 *   payments queue (its amount, last five digits and payer's name fit that notice, and no other line claimed it);
 * - `matched`: exactly one waiting notice has its amount, the last five digits and the payer's name;
 * - `no_notice`: no waiting notice for this amount (into this account);
 * - `digits_differ`: notices for the amount, none with these last five digits;
 * - `name_differs`: amount and digits agree, the payer is not the member's verified name;
 * - `several_notices`: more than one notice fits, so an operator decides by hand;
 * - `several_lines`: another line of the file fits the same notice, so an operator decides by hand.
 */
export const statementLineStates = [
  'bad',
  'not_credit',
  'imported_before',
  'confirmed',
  'confirmed_by_hand',
  'matched',
  'no_notice',
  'digits_differ',
  'name_differs',
  'several_notices',
  'several_lines',
] as const;
export type StatementLineState = (typeof statementLineStates)[number];

/** How a statement's lines are filed on screen: what to confirm, what an operator must look at, what is done, what is not a payment. */
export const statementLineGroups = ['matched', 'unmatched', 'confirmed', 'skipped'] as const;
export type StatementLineGroup = (typeof statementLineGroups)[number];

/** What confirming one matched line came to; a refusal names the confirmation rule's code. */
export const statementConfirmOutcomes = ['confirmed', 'changed', 'refused'] as const;
export type StatementConfirmOutcome = (typeof statementConfirmOutcomes)[number];

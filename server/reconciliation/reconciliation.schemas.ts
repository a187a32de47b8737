import { type Static, type TInteger, type TOptional, type TString, Type } from 'typebox';
import {
  statementBytesMax,
  statementColumns,
  statementConfirmOutcomes,
  statementDateOrders,
  statementLineProblems,
  statementLineStates,
  statementLinesMax,
} from '../../contract/reconciliation.ts';
import { paginatedOf } from '../http/paging.ts';
import { errorCodeSchema, multilineText } from '../http/schemas.ts';
import { dateText, oneOf, pointsText } from '../revenue/revenue.json.ts';
import { lineGroups } from './statement.json.ts';

/**
 * What the bank-reconciliation routes take and give (decision 059). The back office reads the
 * answers' types from here, through contract/api/reconciliation.ts, so screen and server cannot drift.
 */

/** A body around a file at its limit: a form's percent-encoding triples every byte of a Chinese name, JSON escapes quotes. */
export const statementBodyLimit = statementBytesMax * 4;
/** Lines the preview shows as read, enough to see the columns are the right ones. */
export const previewLinesShown = 20;
/** Pairs one confirmation may carry: a page of matched lines several times over. */
export const confirmPairsMax = 100;

/** One whole number per key of a list, typed by the list (Object.fromEntries alone would type every key as any string). */
const integerPer = <K extends string>(keys: readonly K[], description: string) =>
  Type.Object(Object.fromEntries(keys.map((key) => [key, Type.Integer()])) as Record<K, TInteger>, { description });

export const mappingSchema = Type.Object({
  columns: Type.Object(
    Object.fromEntries(statementColumns.map((column) => [column, Type.Optional(Type.String({ minLength: 1, maxLength: 200 }))])) as Record<
      (typeof statementColumns)[number],
      TOptional<TString>
    >,
    { description: 'The header name each column is read from; payer_account may be left out' },
  ),
  date_order: oneOf(statementDateOrders, 'ymd 2026-11-27; dmy 27/11/2026; mdy 11/27/2026; roc 115/11/27 (Republic of China year)'),
});

export const fileBody = Type.Object({
  remittance_account_id: Type.Integer({ minimum: 1, description: 'The receiving account whose statement this is' }),
  file_name: Type.String({ minLength: 1, maxLength: 255, description: 'The file’s name, kept in the audit log' }),
  csv: multilineText({
    maxLength: statementBodyLimit,
    description: `The file’s text (decoded by the browser): a header row, then one line per transaction; at most ${statementBytesMax / 1024} KB and ${statementLinesMax} lines`,
  }),
  mapping: Type.Optional(mappingSchema),
});

const noticeSchema = Type.Object({
  order_id: Type.Integer(),
  order_number: Type.String(),
  member: Type.Object({ id: Type.Integer(), username: Type.String() }),
  account_back_five: Type.String(),
});

export const lineSchema = Type.Object({
  id: Type.Union([Type.Integer(), Type.Null()], { description: 'Null in a preview' }),
  line: Type.Integer({ description: 'The line of the file (the header is line 1)' }),
  booked_on: Type.Union([dateText('As read'), Type.Null()]),
  amount: Type.Union([pointsText('Negative for money out'), Type.Null()]),
  payer_name: Type.String(),
  reference: Type.String(),
  payer_account: Type.String(),
  state: oneOf(statementLineStates, 'What became of the line (decision 059)'),
  problems: Type.Array(oneOf(statementLineProblems, 'Why the line cannot be read')),
  notice: Type.Union([noticeSchema, Type.Null()], { description: 'The waiting notice a matched line pairs with' }),
  confirmed_order: Type.Union([
    Type.Object({ id: Type.Integer(), order_number: Type.String(), confirmed_at: Type.String({ format: 'date-time' }) }),
    Type.Null(),
  ]),
});

const countsSchema = integerPer(statementLineStates, 'Lines by state');

export const previewSchema = Type.Object({
  header: Type.Array(Type.String()),
  mapping: mappingSchema,
  problem: Type.Union([oneOf(['empty', 'quote', 'mapping', 'too_many_lines'], 'Why it cannot be imported as mapped'), Type.Null()]),
  file_sha256: Type.String(),
  counts: countsSchema,
  lines: Type.Array(lineSchema, { description: `The first ${previewLinesShown} lines as read` }),
});

export const statementSchema = Type.Object({
  id: Type.Integer(),
  file_name: Type.String(),
  lines_total: Type.Integer(),
  imported_at: Type.String({ format: 'date-time' }),
  imported_by: Type.String({ description: 'The operator’s username' }),
  account: Type.Object({ id: Type.Integer(), bank_name: Type.String(), account_number: Type.String() }),
});

export const listedStatementSchema = Type.Object({ ...statementSchema.properties, lines_confirmed: Type.Integer() });

export const importedSchema = Type.Object({ statement: statementSchema, counts: countsSchema });

export const statementAccountSchema = Type.Object({
  id: Type.Integer(),
  bank_name: Type.String(),
  account_number: Type.String(),
  enabled: Type.Boolean(),
  demo: Type.Boolean(),
  mapping: Type.Union([mappingSchema, Type.Null()], { description: 'Remembered from the account’s last import' }),
});

export const statementViewSchema = Type.Object({
  statement: statementSchema,
  groups: integerPer(lineGroups, 'Lines by group'),
  lines: paginatedOf(lineSchema),
});

export const confirmBody = Type.Object({
  lines: Type.Array(Type.Object({ line_id: Type.Integer({ minimum: 1 }), order_id: Type.Integer({ minimum: 1 }) }), {
    minItems: 1,
    maxItems: confirmPairsMax,
  }),
});

export const confirmResultSchema = Type.Object({
  line_id: Type.Integer(),
  outcome: oneOf(statementConfirmOutcomes, 'confirmed; changed: no longer matches as shown, left alone; refused: see error_code'),
  order_number: Type.Union([Type.String(), Type.Null()]),
  error_code: Type.Union([errorCodeSchema, Type.Null()]),
});

export type StatementFileBody = Static<typeof fileBody>;

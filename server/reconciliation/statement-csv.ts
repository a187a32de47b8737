import { createHash } from 'node:crypto';
import {
  statementColumns,
  statementColumnsRequired,
  type StatementColumn,
  type StatementDateOrder,
  type StatementLineProblem,
} from '../../contract/reconciliation.ts';
import { csvRecords, headerDelimiter } from '../shared/csv-records.ts';
import { parsePoints } from '../shared/money.ts';

/**
 * Reads a bank statement exported as CSV (decision 059). Banks name and order their columns each
 * their own way, so the operator maps them once per receiving account: which header is the date,
 * the amount, the payer's name, the reference and (if there is one) the payer's account. Amounts are
 * parsed exactly into ten-thousandths, never as floating point.
 */

export interface StatementMapping {
  /** The header name each column is read from; a missing optional column is left out. */
  columns: Partial<Record<StatementColumn, string>>;
  dateOrder: StatementDateOrder;
}

export interface StatementLine {
  /** The line of the file the record starts on (the header is line 1). */
  line: number;
  /** YYYY-MM-DD, or null when it cannot be read. */
  bookedOn: string | null;
  /** Ten-thousandths; null when the amount cell is empty (a debit in a split credit/debit export). */
  amount: bigint | null;
  payerName: string;
  reference: string;
  payerAccount: string;
  /** The last five digits of the payer's account (or of the reference when no account column is mapped). */
  lastFive: string | null;
  problems: StatementLineProblem[];
  /** The raw record and how many identical records came before it: the same bank line gives the same print. */
  fingerprint: string;
}

export type StatementRead =
  | { ok: true; header: string[]; mapping: StatementMapping; lines: StatementLine[] }
  | { ok: false; header: string[]; problem: 'empty' | 'quote' | 'mapping' | 'too_many_lines' };

/** Header names banks and spreadsheets use for each column, compared after normalising (see `headerKey`). */
const headerAliases: Record<StatementColumn, readonly string[]> = {
  booked_on: [
    'booked on',
    'date',
    'transaction date',
    'value date',
    'booking date',
    '日期',
    '交易日期',
    '交易日',
    '记账日期',
    '記帳日期',
    '記帳日',
    '入账日期',
    '入帳日期',
  ],
  amount: [
    'amount',
    'credit',
    'deposit',
    'credit amount',
    '金额',
    '金額',
    '存入',
    '存入金额',
    '存入金額',
    '收入',
    '收入金额',
    '收入金額',
    '贷方金额',
    '貸方金額',
  ],
  payer_name: [
    'payer name',
    'payer',
    'name',
    'counterparty',
    'remitter',
    '户名',
    '戶名',
    '付款人',
    '付款人户名',
    '付款人戶名',
    '对方户名',
    '對方戶名',
    '汇款人',
    '匯款人',
    '对方名称',
    '對方名稱',
  ],
  reference: [
    'reference',
    'ref',
    'memo',
    'description',
    'transaction id',
    '摘要',
    '备注',
    '備註',
    '附言',
    '交易序号',
    '交易序號',
    '流水号',
    '流水號',
  ],
  payer_account: [
    'payer account',
    'account',
    'counterparty account',
    'from account',
    '对方账号',
    '對方帳號',
    '付款账号',
    '付款帳號',
    '付款人账号',
    '付款人帳號',
    '转出账号',
    '轉出帳號',
  ],
};

const headerKey = (name: string) =>
  name
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** The mapping a header suggests by its names: what the screen offers before the operator chooses. */
export function guessMapping(header: readonly string[]): StatementMapping {
  const columns: Partial<Record<StatementColumn, string>> = {};
  for (const column of statementColumns) {
    const found = header.find((name) => headerAliases[column].includes(headerKey(name)));
    if (found !== undefined) columns[column] = found;
  }
  return { columns, dateOrder: 'ymd' };
}

/** Whether every required column is mapped to a header this file has. */
export function mappingFits(mapping: StatementMapping, header: readonly string[]): boolean {
  return (
    statementColumnsRequired.every((column) => mapping.columns[column] !== undefined) &&
    statementColumns.every((column) => mapping.columns[column] === undefined || header.includes(mapping.columns[column]))
  );
}

/** Reads the file's header only: what the screen maps from. */
export function statementHeader(text: string): string[] {
  return (statementRecords(text)?.[0]?.fields ?? []).map((name) => name.trim());
}

/** The file's records, split by the delimiter its header uses (comma, semicolon or tab). */
function statementRecords(text: string) {
  const plain = stripBom(text);
  return csvRecords(plain, headerDelimiter(plain));
}

/** Reads every line with the mapping; a line that cannot be read is kept, with its problems. */
export function readStatement(text: string, mapping: StatementMapping, linesMax: number): StatementRead {
  const records = statementRecords(text);
  if (records === undefined) return { ok: false, header: [], problem: 'quote' };
  const [headerRecord, ...body] = records;
  const header = (headerRecord?.fields ?? []).map((name) => name.trim());
  if (headerRecord === undefined || body.length === 0) return { ok: false, header, problem: 'empty' };
  if (!mappingFits(mapping, header)) return { ok: false, header, problem: 'mapping' };
  if (body.length > linesMax) return { ok: false, header, problem: 'too_many_lines' };
  const indexOf = (column: StatementColumn) => {
    const name = mapping.columns[column];
    return name === undefined ? -1 : header.indexOf(name);
  };
  const seen = new Map<string, number>();
  const lines = body.map((record): StatementLine => {
    const cell = (column: StatementColumn) => {
      const index = indexOf(column);
      return index < 0 ? '' : (record.fields[index] ?? '').trim();
    };
    const raw = record.fields.map((field) => field.trim()).join('\u001f');
    const occurrence = seen.get(raw) ?? 0;
    seen.set(raw, occurrence + 1);
    const problems: StatementLineProblem[] = [];
    if (record.fields.length < header.length) problems.push('columns');
    const bookedOn = readDate(cell('booked_on'), mapping.dateOrder);
    if (bookedOn === null) problems.push('date_invalid');
    const amount = readAmount(cell('amount'));
    if (amount === 'invalid') problems.push('amount_invalid');
    const payerName = cell('payer_name');
    if (payerName === '') problems.push('payer_missing');
    const payerAccount = cell('payer_account');
    return {
      line: record.line,
      bookedOn,
      amount: amount === 'invalid' ? null : amount,
      payerName,
      reference: cell('reference'),
      payerAccount,
      lastFive: lastFiveDigits(indexOf('payer_account') >= 0 ? payerAccount : cell('reference')),
      problems,
      fingerprint: createHash('sha256').update(`${raw}\u001e${occurrence}`).digest('hex'),
    };
  });
  return { ok: true, header, mapping, lines };
}

const stripBom = (text: string) => text.replace(/^\uFEFF/, '');

function lastFiveDigits(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  return digits.length >= 5 ? digits.slice(-5) : null;
}

/** Digits grouped by threes after the first group, with `mark` between the groups: how banks write thousands. */
const groupedThousands = (integer: string, mark: string) => new RegExp(`^\\d{1,3}(\\${mark}\\d{3})+$`).test(integer);
const count = (text: string, mark: string) => text.split(mark).length - 1;

/**
 * The amount with a point for its decimals and no thousands marks, or undefined when its marks cannot be read one way
 * only. Banks write 1,000.50 (Taiwan, China) or 1.000,50 and 1 000,50 (much of Europe). With both marks, the last is
 * the decimal one; a mark written more than once groups thousands; a lone comma is a thousands mark before three
 * digits ("1,000") and the decimal one before one or two ("1000,5"); a lone point is the decimal one, except before
 * exactly three digits: "1.000" is a thousand in Europe and one elsewhere, so it is refused rather than guessed.
 */
function decimalPoint(unsigned: string): string | undefined {
  const text = unsigned.replace(/[\s'’]/g, '');
  const last = Math.max(text.lastIndexOf('.'), text.lastIndexOf(','));
  if (last < 0) return text;
  const mark = text.charAt(last);
  const other = mark === '.' ? ',' : '.';
  const [integer, tail] = [text.slice(0, last), text.slice(last + 1)];
  if (count(text, mark) > 1) return count(text, other) === 0 && groupedThousands(text, mark) ? text.replaceAll(mark, '') : undefined;
  if (count(text, other) > 0)
    return /^\d{1,4}$/.test(tail) && groupedThousands(integer, other) ? `${integer.replaceAll(other, '')}.${tail}` : undefined;
  if (!/^\d+$/.test(integer)) return undefined;
  if (tail.length === 3) return mark === ',' ? `${integer}${tail}` : undefined;
  return /^\d+$/.test(tail) && tail.length <= (mark === '.' ? 4 : 2) ? `${integer}.${tail}` : undefined;
}

/** "1,000.50", "1.000,50", "+1000.5", "NT$ 1,000", "-200" (money out): exact ten-thousandths; null when empty. */
export function readAmount(text: string): bigint | null | 'invalid' {
  const bare = text
    .normalize('NFKC')
    .trim()
    .replace(/^(?:nt\$|twd|cny|rmb|[$¥])\s*/i, '');
  if (bare === '') return null;
  const negative = bare.startsWith('-');
  const point = decimalPoint(bare.replace(/^[+-]/, ''));
  const value = point === undefined ? undefined : parsePoints(point);
  if (value === undefined) return 'invalid';
  return negative ? -value : value;
}

/** A date as the statement writes it, as YYYY-MM-DD; null when it is not a real day. A time after it is ignored. */
export function readDate(text: string, order: StatementDateOrder): string | null {
  const day = text.normalize('NFKC').trim().split(/[\sT]/)[0] ?? '';
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(day);
  const parts = compact !== null && order === 'ymd' ? compact.slice(1) : day.split(/[-/.]/);
  if (parts.length !== 3 || !parts.every((part) => /^\d{1,4}$/.test(part))) return null;
  const [a = 0, b = 0, c = 0] = parts.map(Number);
  const [year, month, date] = order === 'ymd' ? [a, b, c] : order === 'dmy' ? [c, b, a] : order === 'mdy' ? [c, a, b] : [a + 1911, b, c];
  if (order !== 'roc' && (parts[order === 'ymd' ? 0 : 2] ?? '').length !== 4) return null;
  if (order === 'roc' && (parts[0] ?? '').length > 3) return null;
  const utc = new Date(Date.UTC(year, month - 1, date));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== date) return null;
  return utc.toISOString().slice(0, 10);
}

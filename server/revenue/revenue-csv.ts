import { csvRecords } from '../shared/csv-records.ts';

/**
 * Reads the meter-data CSV an operator imports (decision 028): a header naming the columns, then one
 * row per engine room and business day. Quoted fields (RFC 4180) are understood, so an evidence
 * text may hold commas; figures stay text here and are parsed exactly, never as floating point.
 */

/** The columns, in any order; `evidence` may be left out. */
export const csvColumns = ['room', 'business_date', 'kwh', 'revenue', 'evidence'] as const;
export type CsvColumn = (typeof csvColumns)[number];
const requiredColumns: readonly CsvColumn[] = ['room', 'business_date', 'kwh', 'revenue'];

/** Header names accepted for each column besides its own, as meter exports and spreadsheets write them. */
const aliases: Record<string, CsvColumn> = {
  room_id: 'room',
  room_name: 'room',
  engine_room: 'room',
  engine_room_id: 'room',
  date: 'business_date',
  day: 'business_date',
  revenue_points: 'revenue',
  points: 'revenue',
  reference: 'evidence',
};

export interface CsvRow {
  /** The line of the file the row starts on (the header is line 1), as an operator counts in a spreadsheet. */
  line: number;
  fields: Partial<Record<CsvColumn, string>>;
  /** The row has more fields than the header, or too few to reach a required column. */
  ragged: boolean;
}

export type CsvParse = { ok: true; rows: CsvRow[] } | { ok: false; problem: 'empty' | 'header' | 'quote' };

/** Parses the file; the header must name every required column. */
export function parseRevenueCsv(text: string): CsvParse {
  const all = csvRecords(text.replace(/^\uFEFF/, ''));
  if (all === undefined) return { ok: false, problem: 'quote' };
  const [header, ...body] = all;
  if (header === undefined) return { ok: false, problem: 'empty' };
  const columns = header.fields.map((name) => {
    const key = name
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    return (csvColumns as readonly string[]).includes(key) ? (key as CsvColumn) : aliases[key];
  });
  if (!requiredColumns.every((column) => columns.includes(column))) return { ok: false, problem: 'header' };
  if (body.length === 0) return { ok: false, problem: 'empty' };
  return {
    ok: true,
    rows: body.map((record) => {
      const fields: Partial<Record<CsvColumn, string>> = {};
      columns.forEach((column, index) => {
        if (column !== undefined) fields[column] = (record.fields[index] ?? '').trim();
      });
      // A row may stop before trailing optional columns (a blank evidence), not before a required one or after the header's last.
      const missing = requiredColumns.some((column) => columns.indexOf(column) >= record.fields.length);
      return { line: record.line, fields, ragged: missing || record.fields.length > header.fields.length };
    }),
  };
}

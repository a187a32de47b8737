import { revenueRowProblems, type RevenueRowProblem } from '../../contract/revenue.ts';
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { businessDate } from '../db/business-day.ts';
import { parsePoints } from '../shared/money.ts';
import type { CsvRow } from './revenue-csv.ts';
import { recordedDays, roomNames } from './revenue-import.repository.ts';
import { parseWh, validDate } from './revenue.service.ts';

export const rowProblems = revenueRowProblems;
export type RowProblem = RevenueRowProblem;

/** `ok` is recorded on confirmation; `recorded` is already recorded with the same figures and is skipped; `bad` is not recorded. */
export type RowStatus = 'ok' | 'recorded' | 'bad';

export interface CheckedRow {
  line: number;
  room: string;
  engineRoomId: number | null;
  businessDate: string;
  kwh: string;
  revenueText: string;
  wh: bigint | null;
  revenue: bigint | null;
  evidence: string;
  status: RowStatus;
  problems: RowProblem[];
}

const evidenceMax = 500;

export const fileHash = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

interface RoomRef {
  id: number;
  name: string;
  names: Partial<Record<string, string>>;
}

/** A room by its id, or by its name in any language (case and surrounding spaces aside). */
function roomMatcher(rooms: RoomRef[]): (text: string) => number | null {
  const byName = new Map<string, number>();
  for (const room of rooms)
    for (const name of [room.name, ...Object.values(room.names)]) if (name) byName.set(name.trim().toLowerCase(), room.id);
  const ids = new Set(rooms.map((room) => room.id));
  return (text) => {
    if (/^\d{1,9}$/.test(text)) return ids.has(Number(text)) ? Number(text) : null;
    return byName.get(text.trim().toLowerCase()) ?? null;
  };
}

/**
 * Checks every row against the rooms, the calendar, the business day and what is already recorded,
 * so the preview and the confirmation judge a file the same way. A row recorded before with the same
 * figures is `recorded` (skipped): importing a file twice records nothing twice.
 */
export async function checkRows(db: Db, rows: CsvRow[], now: Date): Promise<CheckedRow[]> {
  const rooms = await roomNames(db);
  const roomOf = roomMatcher(rooms);
  const today = await businessDate(db, now);
  const checked = rows.map((row): CheckedRow => {
    const problems: RowProblem[] = [];
    const room = row.fields.room ?? '';
    const day = row.fields.business_date ?? '';
    const kwh = row.fields.kwh ?? '';
    const revenueText = row.fields.revenue ?? '';
    const evidence = row.fields.evidence ?? '';
    if (row.ragged) problems.push('columns');
    const engineRoomId = roomOf(room);
    if (engineRoomId === null) problems.push('room_unknown');
    if (!validDate(day)) problems.push('date_invalid');
    else if (day > today) problems.push('date_future');
    const parsedWh = parseWh(kwh);
    const wh = parsedWh === undefined || parsedWh < 0n ? null : parsedWh;
    if (wh === null) problems.push('kwh_invalid');
    const revenue = parsePoints(revenueText) ?? null;
    if (revenue === null) problems.push(/^-\s*\d/.test(revenueText) ? 'amount_negative' : 'amount_invalid');
    if (evidence.length > evidenceMax) problems.push('evidence_too_long');
    return { line: row.line, room, engineRoomId, businessDate: day, kwh, revenueText, wh, revenue, evidence, status: 'ok', problems };
  });

  // The same room and day twice in one file: neither is trusted, the operator says which is right.
  const seen = new Map<string, number>();
  for (const row of checked) {
    if (row.engineRoomId === null || !validDate(row.businessDate)) continue;
    const key = `${row.engineRoomId}:${row.businessDate}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const keyOf = (row: CheckedRow) => `${row.engineRoomId}:${row.businessDate}`;
  for (const row of checked) if ((seen.get(keyOf(row)) ?? 0) > 1) row.problems.push('duplicate_in_file');

  const good = checked.filter((row) => row.problems.length === 0);
  const recorded = await recordedDays(
    db,
    [...new Set(good.map((row) => row.engineRoomId ?? 0))],
    [...new Set(good.map((row) => row.businessDate))],
  );
  for (const row of checked) {
    const before = recorded.get(keyOf(row));
    if (row.problems.length === 0 && before !== undefined) {
      if (before.revenue === row.revenue && before.wh === row.wh) row.status = 'recorded';
      else row.problems.push('recorded_differently');
    }
    if (row.problems.length > 0) row.status = 'bad';
  }
  return checked;
}

/** The total of the rows an import records, in ten-thousandths of a point. */
export const totalOf = (rows: CheckedRow[]): bigint =>
  rows.filter((row) => row.status === 'ok').reduce((sum, row) => sum + (row.revenue ?? 0n), 0n);

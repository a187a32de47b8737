import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findEngineRoom } from '../catalogue/catalogue.repository.ts';
import { accounts, ensureAccounts } from '../ledger/accounts.ts';
import { InsufficientBalanceError, postJournal } from '../ledger/ledger.ts';
import { uniqueViolation } from '../shared/db-errors.ts';
import { businessDate } from '../db/business-day.ts';
import { ApiError, fieldError, notFound } from '../shared/errors.ts';
import { parsePoints, pointsMax } from '../shared/money.ts';
import { decimalText } from '../shared/number-text.ts';
import {
  hasRevenueRecord,
  heldRevenueEntries,
  holdUntil,
  insertRevenueEntry,
  liveDayEntries,
  lockRevenueEntry,
  releaseRevenueEntry,
  withdrawRevenueEntries,
} from './revenue.repository.ts';
import { readSettings } from './income-settings.repository.ts';

export const dayNotStartedMessage = 'This business day has not started yet';
export const dayRecordedMessage = 'Revenue for this engine room and day is already recorded; record a correction instead';
export const noRecordMessage = 'There is no revenue record for this engine room and day to correct';
export const roomShortMessage = 'The engine room has already paid out more than this correction would leave';

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
/** kWh in the one request grammar: whole watt-hours, so three decimals. */
const kwhPattern = decimalText(3, { digitsMax: 12, signed: true });

export interface RevenueInput {
  business_date: string;
  kwh: string;
  revenue: string;
  evidence: string;
}

/** A calendar date that exists (2026-02-30 does not). */
export function validDate(text: string): boolean {
  if (!datePattern.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** kWh with up to three decimals, as whole watt-hours. */
export function parseWh(text: string): bigint | undefined {
  const match = kwhPattern.exec(text);
  if (match === null) return undefined;
  const [, whole = '0', fraction = ''] = match;
  const wh = BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0'));
  return text.startsWith('-') ? -wh : wh;
}

function signedPoints(text: string): bigint | undefined {
  const negative = text.startsWith('-');
  const value = parsePoints(negative ? text.slice(1) : text);
  if (value === undefined) return undefined;
  return negative ? -value : value;
}

async function assertRoom(db: Db, roomId: number): Promise<void> {
  if ((await findEngineRoom(db, roomId)) === undefined) throw notFound('engine_room_not_found', 'Engine room not found');
}

/**
 * Records one engine room's revenue for a business day: the money it collected enters the
 * room's revenue account (from remittance clearing, where the bank's money is mirrored), and
 * only from there is income ever paid. One record per room and day; the day must have begun.
 */
export async function recordRevenue(db: Db, config: Config, operatorId: number, roomId: number, input: RevenueInput, now = new Date()) {
  await assertRoom(db, roomId);
  await readSettings(db, config, now);
  if (!validDate(input.business_date)) throw fieldError('business_date', 'business_date_invalid', 'Use a date as YYYY-MM-DD.');
  if (input.business_date > (await businessDate(db, now)))
    throw new ApiError(422, 'business_day_not_started', dayNotStartedMessage, { errors: { business_date: [dayNotStartedMessage] } });
  const wh = parseWh(input.kwh);
  if (wh === undefined || wh < 0n) throw fieldError('kwh', 'revenue_kwh_invalid', 'kWh must be zero or more, with at most 3 decimals.');
  const revenue = parsePoints(input.revenue);
  if (revenue === undefined)
    throw fieldError('revenue', 'revenue_amount_invalid', 'The revenue must be an amount of zero or more, with at most 4 decimals.');

  try {
    return await db.transaction().execute(async (trx) => {
      const row = await insertRevenueEntry(trx, {
        engine_room_id: roomId,
        business_date: input.business_date,
        wh,
        revenue,
        evidence: input.evidence.trim(),
        entry_kind: 'record',
        recorded_by: operatorId,
        hold_until: holdUntil(config.revenueHoldMs, now),
      });
      if (revenue > 0n) await moveRevenue(trx, roomId, revenue, `revenue:${row.id}`, 'revenue_recorded');
      await recordAudit(trx, {
        operatorId,
        action: 'revenue.record',
        subjectType: 'engine_room',
        subjectId: roomId,
        after: { business_date: input.business_date, wh: wh.toString(), revenue: revenue.toString(), evidence: input.evidence.trim() },
      });
      return { id: Number(row.id), engine_room_id: roomId, business_date: input.business_date, wh, revenue, hold_until: row.hold_until };
    });
  } catch (error) {
    if (uniqueViolation(error) === 'engine_room_revenue_one_record')
      throw new ApiError(409, 'revenue_already_recorded', dayRecordedMessage);
    throw error;
  }
}

/** A correction to a recorded day: a new signed entry, audited, never an edit of the record. */
export async function adjustRevenue(
  db: Db,
  config: Config,
  operatorId: number,
  roomId: number,
  input: { business_date: string; kwh_delta?: string; revenue_delta: string; reason: string },
  now = new Date(),
) {
  await assertRoom(db, roomId);
  if (!validDate(input.business_date)) throw fieldError('business_date', 'business_date_invalid', 'Use a date as YYYY-MM-DD.');
  const wh = parseWh(input.kwh_delta ?? '0');
  if (wh === undefined) throw fieldError('kwh_delta', 'revenue_kwh_invalid', 'kWh with at most 3 decimals.');
  const delta = signedPoints(input.revenue_delta);
  if (delta === undefined || delta > pointsMax || -delta > pointsMax)
    throw fieldError('revenue_delta', 'revenue_amount_invalid', 'A signed amount with at most 4 decimals.');
  if (delta === 0n && wh === 0n) throw fieldError('revenue_delta', 'revenue_correction_empty', 'A correction changes something.');
  if (!(await hasRevenueRecord(db, roomId, input.business_date))) throw new ApiError(404, 'revenue_record_not_found', noRecordMessage);

  return db.transaction().execute(async (trx) => {
    const row = await insertRevenueEntry(trx, {
      engine_room_id: roomId,
      business_date: input.business_date,
      wh,
      revenue: delta,
      evidence: input.reason.trim(),
      entry_kind: 'adjustment',
      recorded_by: operatorId,
      hold_until: holdUntil(config.revenueHoldMs, now),
    });
    if (delta !== 0n) {
      try {
        await moveRevenue(trx, roomId, delta, `revenue:${row.id}`, 'revenue_adjusted');
      } catch (error) {
        if (error instanceof InsufficientBalanceError) throw new ApiError(409, 'engine_room_short', roomShortMessage);
        throw error;
      }
    }
    await recordAudit(trx, {
      operatorId,
      action: 'revenue.adjust',
      subjectType: 'engine_room',
      subjectId: roomId,
      after: { business_date: input.business_date, wh_delta: wh.toString(), revenue_delta: delta.toString(), reason: input.reason.trim() },
    });
    return {
      id: Number(row.id),
      engine_room_id: roomId,
      business_date: input.business_date,
      wh,
      revenue: delta,
      hold_until: row.hold_until,
    };
  });
}

/** Moves a recorded amount from remittance clearing into the room's revenue account (its only source of income). */
export async function moveRevenue(trx: Db, roomId: number, amount: bigint, key: string, kind: string): Promise<void> {
  const [clearing = 0, room = 0] = await ensureAccounts(trx, [accounts.remittanceClearing(), accounts.engineRoomRevenue(roomId)]);
  await postJournal(trx, {
    idempotencyKey: key,
    kind,
    entries: [
      { accountId: clearing, amount: -amount },
      { accountId: room, amount },
    ],
  });
}

export const releaseOwnMessage = 'Another administrator must share revenue you recorded; you cannot release your own entry';
export const entryNotFoundMessage = 'There is no such revenue entry';
export const entrySharedMessage = 'This revenue has been shared already; record a correction instead';
export const entryWithdrawnMessage = 'This revenue entry has been withdrawn';

/**
 * "Share now" (decision 049): an administrator other than the one who recorded the entry releases it from its hold,
 * so the next run of the schedule (or a distribution on demand) shares it. Audited.
 */
export async function releaseRevenue(db: Db, operatorId: number, entryId: number, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const entry = await lockRevenueEntry(trx, entryId);
    if (entry === undefined) throw notFound('revenue_entry_not_found', entryNotFoundMessage);
    if (entry.withdrawn_at !== null) throw new ApiError(409, 'revenue_entry_withdrawn', entryWithdrawnMessage);
    if (entry.shared) throw new ApiError(409, 'revenue_entry_shared', entrySharedMessage);
    if (entry.recorded_by === operatorId) throw new ApiError(403, 'revenue_release_own', releaseOwnMessage);
    if (entry.released_at === null) {
      await releaseRevenueEntry(trx, entryId, operatorId, now);
      await recordAudit(trx, {
        operatorId,
        action: 'revenue.share_now',
        subjectType: 'engine_room',
        subjectId: entry.engine_room_id,
        after: { entry_id: entry.id, business_date: entry.business_date, revenue: entry.revenue, recorded_by: entry.recorded_by },
      });
    }
    return {
      id: Number(entry.id),
      engine_room_id: entry.engine_room_id,
      business_date: entry.business_date,
      released_at: entry.released_at ?? now,
    };
  });
}

/**
 * Withdraws an entry not yet shared, with a reason (decision 049): its money goes back out of the room's revenue account
 * (a journal of its own), and a withdrawn record frees its day for a new one, taking the day's corrections with it.
 */
export async function withdrawRevenue(db: Db, operatorId: number, entryId: number, reason: string, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const entry = await lockRevenueEntry(trx, entryId);
    if (entry === undefined) throw notFound('revenue_entry_not_found', entryNotFoundMessage);
    if (entry.withdrawn_at !== null) throw new ApiError(409, 'revenue_entry_withdrawn', entryWithdrawnMessage);
    if (entry.shared) throw new ApiError(409, 'revenue_entry_shared', entrySharedMessage);
    const entries =
      entry.entry_kind === 'record'
        ? await liveDayEntries(trx, entry.engine_room_id, entry.business_date)
        : [{ id: entry.id, revenue: entry.revenue }];
    for (const each of entries) {
      const amount = BigInt(each.revenue);
      if (amount === 0n) continue;
      try {
        await moveRevenue(trx, entry.engine_room_id, -amount, `revenue-withdrawn:${each.id}`, 'revenue_withdrawn');
      } catch (error) {
        if (error instanceof InsufficientBalanceError) throw new ApiError(409, 'engine_room_short', roomShortMessage);
        throw error;
      }
    }
    await withdrawRevenueEntries(
      trx,
      entries.map((each) => each.id),
      operatorId,
      reason.trim(),
      now,
    );
    await recordAudit(trx, {
      operatorId,
      action: 'revenue.withdraw',
      subjectType: 'engine_room',
      subjectId: entry.engine_room_id,
      before: { entry_ids: entries.map((each) => each.id), business_date: entry.business_date, revenue: entry.revenue },
      after: { reason: reason.trim() },
    });
    return { id: Number(entry.id), engine_room_id: entry.engine_room_id, business_date: entry.business_date, withdrawn: entries.length };
  });
}

/** A date given as a filter must exist on the calendar. */
export function checkedDate(field: string, value: string | undefined): string | undefined {
  if (value !== undefined && !validDate(value)) throw fieldError(field, 'business_date_invalid', 'Use a date as YYYY-MM-DD.');
  return value;
}

/** Revenue entries still held (decision 049), for an administrator to share now or withdraw. */
export const heldEntries = (db: Db, now: Date) => heldRevenueEntries(db, now);

export { findEngineRoom } from '../catalogue/catalogue.repository.ts';

export { countRevenueDays, listRevenueDays, roomDays } from './revenue-records.repository.ts';

export { readSettings } from './income-settings.repository.ts';

import { sql, type RawBuilder } from 'kysely';
import type { Db } from './database.ts';

/**
 * The one home of business days (decision 047). A business day is drawn in the zone in effect for it
 * (table business_day_zones); it starts where the day before ends and ends at the next day's midnight
 * in its own zone. The database functions business_date_of, business_day_start and business_day_end
 * compute it, and every caller, in TypeScript or in SQL, goes through this module, so a day has one
 * start and one end wherever it is counted: daily quotas and limits, revenue, income, the dashboard
 * and order numbers.
 */

/** SQL: the instant a business day ends. `day` is SQL naming a date (a column, or a parameter cast to date). */
export function dayEnd(day: RawBuilder<unknown>): RawBuilder<Date> {
  return sql<Date>`business_day_end(${day})`;
}

/** SQL: the instant a business day starts (the end of the day before). */
export function dayStart(day: RawBuilder<unknown>): RawBuilder<Date> {
  return sql<Date>`business_day_start(${day})`;
}

/** The business day an instant falls in, as YYYY-MM-DD. */
export async function businessDate(db: Db, at: Date): Promise<string> {
  const row = await sql<{ day: string }>`select business_date_of(${at}::timestamptz)::text as day`.execute(db);
  return row.rows[0]?.day ?? '';
}

export interface BusinessDay {
  date: string;
  start: Date;
  end: Date;
  timeZone: string;
}

/** A business day's bounds and the zone they were drawn in. */
export async function businessDay(db: Db, date: string): Promise<BusinessDay> {
  const row = await sql<{ start: Date; end: Date; time_zone: string }>`select business_day_start(${date}::date) as start,
    business_day_end(${date}::date) as "end", business_zone_of(${date}::date) as time_zone`.execute(db);
  const found = row.rows[0];
  return { date, start: new Date(found?.start ?? 0), end: new Date(found?.end ?? 0), timeZone: found?.time_zone ?? '' };
}

export interface ZoneChange {
  fromDate: string;
  timeZone: string;
}

/**
 * Days are drawn in the operator's zone, else BUSINESS_TIME_ZONE, from the first day on: written once,
 * when nothing is there yet, so a later change of the environment never re-draws a day.
 */
export async function ensureBusinessZone(db: Db, timeZone: string): Promise<void> {
  await sql`insert into business_day_zones (from_date, time_zone)
    select '1970-01-01'::date, ${timeZone} where not exists (select 1 from business_day_zones)
    on conflict do nothing`.execute(db);
}

/** The zone of today's business day and the change waiting for a day that has not started, if any. */
export async function businessZones(db: Db, now: Date): Promise<{ today: string; timeZone: string; next: ZoneChange | null }> {
  const rows = await sql<{ today: string; time_zone: string; next_from: string | null; next_zone: string | null }>`
    with today as (select business_date_of(${now}::timestamptz) as day)
    select today.day::text as today, business_zone_of(today.day) as time_zone,
      next.from_date::text as next_from, next.time_zone as next_zone
    from today left join lateral (select from_date, time_zone from business_day_zones
      where from_date > today.day order by from_date desc limit 1) next on true`.execute(db);
  const row = rows.rows[0];
  return {
    today: row?.today ?? '',
    timeZone: row?.time_zone ?? '',
    next: row?.next_from == null || row.next_zone === null ? null : { fromDate: row.next_from, timeZone: row.next_zone },
  };
}

/**
 * Replaces what waits for the days that have not started with "from the first of them whose day
 * would be a real day, use `timeZone`" (a zone more than a day ahead would end its first day before
 * it started; the change then waits a day more). Answers that day, or null when `timeZone` is
 * already today's zone (the waiting change is just withdrawn); `fits` is false when no day within
 * three fits (nothing is then scheduled). Run
 * under the settings lock.
 */
export async function scheduleZoneChange(
  db: Db,
  now: Date,
  change: { timeZone: string; reason: string; operatorId: number },
): Promise<{ fromDate: string | null; fits: boolean }> {
  const today = await businessDate(db, now);
  await sql`delete from business_day_zones where from_date > ${today}::date`.execute(db);
  if ((await businessZones(db, now)).timeZone === change.timeZone) return { fromDate: null, fits: true };
  const fits = await sql<{ day: string }>`select (${today}::date + n)::text as day from generate_series(1, 3) n
    where ((${today}::date + n + 1)::timestamp at time zone ${change.timeZone}) > business_day_start(${today}::date + n)
    order by n limit 1`.execute(db);
  const fromDate = fits.rows[0]?.day;
  if (fromDate === undefined) return { fromDate: null, fits: false };
  await sql`insert into business_day_zones (from_date, time_zone, reason, operator_id)
    values (${fromDate}::date, ${change.timeZone}, ${change.reason}, ${change.operatorId})`.execute(db);
  return { fromDate, fits: true };
}

/** An instant's date in a named zone (not a business day: for display, and for tests that fix the zone). */
export function dateInZone(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

import { type Insertable, type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { EngineRoomRevenueTable } from '../db/schema-income.ts';
import { dayEnd } from '../db/business-day.ts';

/** The room day's entries that count: every one not withdrawn (decision 049). */
export const liveEntry = (entry: string, roomId: number, day: string): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(`${entry}.engine_room_id`)} = ${roomId} and ${sql.ref(`${entry}.business_date`)} = ${day}::date and ${sql.ref(`${entry}.withdrawn_at`)} is null`;

/** An entry the schedule may share: not withdrawn, and its hold is over or an administrator released it (decision 049). */
export const releasedEntry = (entry: string, now: Date): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(`${entry}.withdrawn_at`)} is null and (${sql.ref(`${entry}.hold_until`)} is null
    or ${sql.ref(`${entry}.hold_until`)} <= ${now}::timestamptz or ${sql.ref(`${entry}.released_at`)} is not null))`;

/**
 * The entry (of a day shared, joined as `day`) is taken into the day: in the pool the day was first shared from, or
 * shared since by a correction pass of its own. Corrections are shared one by one as each is released, so a held one
 * leaves those after it free to go (decision 049): there is no watermark past the day's pool.
 */
export const sharedEntry = (entry: string, day: string): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(`${entry}.id`)} <= ${sql.ref(`${day}.entries_through`)}
    or exists (select 1 from income_corrections shared where shared.revenue_entry_id = ${sql.ref(`${entry}.id`)}))`;

/**
 * When a new entry's hold ends (decision 049): after the configured time, or by default when the business day after
 * the one it is recorded in starts, so somebody has a night to look at it before the schedule shares it.
 */
export function holdUntil(holdMs: number | undefined, now: Date): RawBuilder<Date> {
  return holdMs === undefined
    ? dayEnd(sql`business_date_of(${now}::timestamptz)`)
    : sql<Date>`${new Date(now.getTime() + holdMs)}::timestamptz`;
}

/** Adds a revenue record or correction (entries are never edited); answers its id. */
export async function insertRevenueEntry(
  db: Db,
  entry: Omit<Insertable<EngineRoomRevenueTable>, 'hold_until'> & { hold_until: RawBuilder<Date> },
): Promise<{ id: string; hold_until: Date | null }> {
  return db.insertInto('engine_room_revenue').values(entry).returning(['id', 'hold_until']).executeTakeFirstOrThrow();
}

/** Whether the room's day has its record, which a correction needs. */
export async function hasRevenueRecord(db: Db, roomId: number, businessDate: string): Promise<boolean> {
  const record = await db
    .selectFrom('engine_room_revenue')
    .select('id')
    .where('engine_room_id', '=', roomId)
    .where('business_date', '=', businessDate)
    .where('entry_kind', '=', 'record')
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return record !== undefined;
}

/**
 * Recorded room days with orders left to credit: those whose distribution has not finished, and
 * those shared out before they ended (on demand) that have run on since (decision 035); every day
 * before one, or one day.
 */
export async function undistributedDays(db: Db, days: { before: string } | { on: string }, now: Date) {
  let query = db
    .selectFrom('engine_room_revenue as r')
    .leftJoin('income_distributions as d', (join) =>
      join.onRef('d.engine_room_id', '=', 'r.engine_room_id').onRef('d.business_date', '=', 'r.business_date'),
    )
    .select(['r.engine_room_id', (eb) => eb.cast<string>('r.business_date', 'text').as('business_date')])
    .where('r.entry_kind', '=', 'record')
    .where('r.withdrawn_at', 'is', null)
    .where(
      sql<boolean>`(d.finished_at is null or (d.basis_units_e8 is not null
        and d.paid_before < least(${dayEnd(sql.ref('r.business_date'))}, ${now}::timestamptz)))`,
    )
    // A day is first shared once every entry of it has been released from its hold (decision 049).
    .where(
      sql<boolean>`(d.engine_room_id is not null or not exists (select 1 from engine_room_revenue h
        where h.engine_room_id = r.engine_room_id and h.business_date = r.business_date and h.withdrawn_at is null
          and not ${releasedEntry('h', now)}))`,
    )
    .orderBy('r.business_date')
    .orderBy('r.engine_room_id');
  query = 'before' in days ? query.where('r.business_date', '<', days.before) : query.where('r.business_date', '=', days.on);
  return query.execute();
}

export interface RevenueEntryState {
  id: string;
  engine_room_id: number;
  business_date: string;
  entry_kind: 'record' | 'adjustment';
  revenue: string;
  recorded_by: number | null;
  hold_until: Date | null;
  released_at: Date | null;
  withdrawn_at: Date | null;
  /** Whether the entry is in a pool already shared, or a correction already taken into its day (decision 048). */
  shared: boolean;
}

/** One revenue entry, locked for the caller's transaction, with whether it has been shared. */
export async function lockRevenueEntry(trx: Db, entryId: number): Promise<RevenueEntryState | undefined> {
  const result =
    await sql<RevenueEntryState>`select e.id::text as id, e.engine_room_id, e.business_date::text as business_date, e.entry_kind,
      e.revenue::text as revenue, e.recorded_by, e.hold_until, e.released_at, e.withdrawn_at,
      coalesce(${sharedEntry('e', 'd')} or (e.entry_kind = 'record' and d.engine_room_id is not null), false) as shared
    from engine_room_revenue e
    left join income_distributions d on d.engine_room_id = e.engine_room_id and d.business_date = e.business_date
    where e.id = ${entryId}
    for update of e`.execute(trx);
  return result.rows[0];
}

/** Releases a held entry to the schedule now. */
export async function releaseRevenueEntry(trx: Db, entryId: number, operatorId: number, now: Date): Promise<void> {
  await trx
    .updateTable('engine_room_revenue')
    .set({ released_at: now, released_by: operatorId })
    .where('id', '=', String(entryId) as never)
    .execute();
}

/** Withdraws an entry not yet shared, with the reason; the day's other unshared entries go with a withdrawn record. */
export async function withdrawRevenueEntries(
  trx: Db,
  ids: readonly string[],
  operatorId: number,
  reason: string,
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('engine_room_revenue')
    .set({ withdrawn_at: now, withdrawn_by: operatorId, withdraw_reason: reason })
    .where('id', 'in', ids as never)
    .execute();
}

/** The live entries of a room day (every one, when its record is withdrawn and the day not shared). */
export async function liveDayEntries(trx: Db, roomId: number, day: string) {
  return trx
    .selectFrom('engine_room_revenue')
    .select(['id', sql<string>`revenue::text`.as('revenue')])
    .where('engine_room_id', '=', roomId)
    .where('business_date', '=', day)
    .where('withdrawn_at', 'is', null)
    .forUpdate()
    .execute();
}

/** Entries waiting for their hold to end (decision 049), oldest first, with who recorded them. */
export async function heldRevenueEntries(db: Db, now: Date) {
  const result = await sql<{
    id: string;
    engine_room_id: number;
    room_name: string;
    business_date: string;
    entry_kind: 'record' | 'adjustment';
    wh: string;
    revenue: string;
    evidence: string;
    recorded_by: number | null;
    recorded_by_name: string | null;
    created_at: Date;
    hold_until: Date;
  }>`select e.id::text as id, e.engine_room_id, room.name as room_name, e.business_date::text as business_date, e.entry_kind,
      e.wh::text as wh, e.revenue::text as revenue, e.evidence, e.recorded_by, op.username as recorded_by_name, e.created_at, e.hold_until
    from engine_room_revenue e
    join engine_rooms room on room.id = e.engine_room_id
    left join operators op on op.id = e.recorded_by
    left join income_distributions d on d.engine_room_id = e.engine_room_id and d.business_date = e.business_date
    where e.withdrawn_at is null and e.released_at is null and e.hold_until > ${now}::timestamptz
      and not coalesce(${sharedEntry('e', 'd')} or (e.entry_kind = 'record' and d.engine_room_id is not null), false)
    order by e.id
    limit 200`.execute(db);
  return result.rows;
}

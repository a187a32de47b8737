import { type Insertable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { EngineRoomRevenueTable } from '../db/schema-income.ts';
import { dayEnd } from '../db/business-day.ts';

/** Adds a revenue record or correction (entries are never edited); answers its id. */
export async function insertRevenueEntry(db: Db, entry: Insertable<EngineRoomRevenueTable>): Promise<{ id: string }> {
  return db.insertInto('engine_room_revenue').values(entry).returning('id').executeTakeFirstOrThrow();
}

/** Whether the room's day has its record, which a correction needs. */
export async function hasRevenueRecord(db: Db, roomId: number, businessDate: string): Promise<boolean> {
  const record = await db
    .selectFrom('engine_room_revenue')
    .select('id')
    .where('engine_room_id', '=', roomId)
    .where('business_date', '=', businessDate)
    .where('entry_kind', '=', 'record')
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
    .where(
      sql<boolean>`(d.finished_at is null or (d.basis_units_e8 is not null
        and d.paid_before < least(${dayEnd(sql.ref('r.business_date'))}, ${now}::timestamptz)))`,
    )
    .orderBy('r.business_date')
    .orderBy('r.engine_room_id');
  query = 'before' in days ? query.where('r.business_date', '<', days.before) : query.where('r.business_date', '=', days.on);
  return query.execute();
}

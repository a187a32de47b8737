import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface RevenueFilter {
  roomId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface RevenueDayRow {
  engine_room_id: number;
  room_name: string;
  business_date: string;
  /** The day's figures with every correction added. */
  wh: string;
  revenue: string;
  /** The figures as first recorded, before corrections. */
  recorded_revenue: string;
  corrections: string;
  evidence: string;
  distribution: 'finished' | 'running' | null;
}

/** One row per room and day that has a record, its corrections summed in; filtered by room and date range. */
function recordedDays(db: Db, filter: RevenueFilter) {
  let query = db.selectFrom('engine_room_revenue as r').where('r.entry_kind', '=', 'record').where('r.withdrawn_at', 'is', null);
  if (filter.roomId !== undefined) query = query.where('r.engine_room_id', '=', filter.roomId);
  if (filter.from !== undefined) query = query.where('r.business_date', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('r.business_date', '<=', filter.to);
  return query;
}

export async function countRevenueDays(db: Db, filter: RevenueFilter): Promise<number> {
  const row = await recordedDays(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of room days, newest first. */
export async function listRevenueDays(db: Db, filter: RevenueFilter, offset: number, limit: number): Promise<RevenueDayRow[]> {
  const rows = await recordedDays(db, filter)
    .innerJoin('engine_rooms as room', 'room.id', 'r.engine_room_id')
    .leftJoin('income_distributions as d', (join) =>
      join.onRef('d.engine_room_id', '=', 'r.engine_room_id').onRef('d.business_date', '=', 'r.business_date'),
    )
    .select([
      'r.engine_room_id',
      'room.name as room_name',
      (eb) => eb.cast<string>('r.business_date', 'text').as('business_date'),
      'r.evidence',
      sql<string>`r.revenue::text`.as('recorded_revenue'),
      sql<string>`(select sum(e.wh)::text from engine_room_revenue e where e.engine_room_id = r.engine_room_id and e.business_date = r.business_date and e.withdrawn_at is null)`.as(
        'wh',
      ),
      sql<string>`(select sum(e.revenue)::text from engine_room_revenue e where e.engine_room_id = r.engine_room_id and e.business_date = r.business_date and e.withdrawn_at is null)`.as(
        'revenue',
      ),
      sql<string>`(select count(*)::text from engine_room_revenue e where e.engine_room_id = r.engine_room_id and e.business_date = r.business_date and e.entry_kind = 'adjustment' and e.withdrawn_at is null)`.as(
        'corrections',
      ),
      sql<
        'finished' | 'running' | null
      >`case when d.finished_at is not null then 'finished' when d.engine_room_id is not null then 'running' end`.as('distribution'),
    ])
    .orderBy('r.business_date', 'desc')
    .orderBy('r.engine_room_id')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows;
}

/** A room's recorded days from one date to another, corrections summed in; days without a record are absent. */
export async function roomDays(db: Db, roomId: number, from: string, to: string) {
  return db
    .selectFrom('engine_room_revenue')
    .select([
      (eb) => eb.cast<string>('business_date', 'text').as('business_date'),
      sql<string>`sum(wh)::text`.as('wh'),
      sql<string>`sum(revenue)::text`.as('revenue'),
    ])
    .where('engine_room_id', '=', roomId)
    .where('withdrawn_at', 'is', null)
    .where('business_date', '>=', from)
    .where('business_date', '<=', to)
    .groupBy('business_date')
    .orderBy('business_date')
    .execute();
}

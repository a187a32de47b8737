import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { recentResultsDays } from '../../contract/limits.ts';
import { pointsToNumber } from '../shared/money.ts';
import { shareOf } from './share-rule.repository.ts';

/** How far back the engine-room list shows recorded production. */
export const productionDays = recentResultsDays;

export interface DayProduction {
  business_date: string;
  kwh: number;
  revenue: number;
}

/**
 * Each room's recorded production and revenue per business day (records and their corrections
 * together), the last 30 days up to `today`: what members see beside their income.
 */
export async function recentProduction(db: Db, today: string): Promise<Map<number, DayProduction[]>> {
  const rows = await db
    .selectFrom('engine_room_revenue')
    .select([
      'engine_room_id',
      (eb) => eb.cast<string>('business_date', 'text').as('business_date'),
      sql<string>`sum(wh)::text`.as('wh'),
      sql<string>`sum(revenue)::text`.as('revenue'),
    ])
    .where('business_date', '>', sql<string>`${today}::date - ${productionDays}::int`)
    .where('business_date', '<=', today)
    // A withdrawn entry is no longer recorded (as /trust counts it).
    .where('withdrawn_at', 'is', null)
    .groupBy(['engine_room_id', 'business_date'])
    .orderBy('business_date')
    .execute();
  const byRoom = new Map<number, DayProduction[]>();
  for (const row of rows) {
    const days = byRoom.get(row.engine_room_id) ?? [];
    days.push({ business_date: row.business_date, kwh: Number(BigInt(row.wh)) / 1000, revenue: pointsToNumber(BigInt(row.revenue)) });
    byRoom.set(row.engine_room_id, days);
  }
  return byRoom;
}

/** What an amount would have earned in a room on its shared days of the last 30: the fewest and most, in ten-thousandths. */
export interface RecentShares {
  days: number;
  low: string | null;
  high: string | null;
}

/**
 * Each finished day of the room in the last 30 up to `today`, shared by the rule the distribution pays
 * by (share-rule.repository.ts) for an order of `amount` at `unitPrice` (both ten-thousandths): its pool
 * as it was shared and the basis it was shared by, plus each increase a correction shared into the day
 * since (decision 048: a correction pays its own change by the same rule, so the day's result is what an
 * order was paid in all). A decrease takes nothing back, so it lowers no day. The lowest and highest day,
 * and how many days there were.
 */
export async function recentShares(db: Db, roomId: number, amount: bigint, unitPrice: bigint, today: string): Promise<RecentShares> {
  const rows = await sql<RecentShares>`
    select count(*)::int as days, min(s.share)::text as low, max(s.share)::text as high
    from (
      select ${shareOf('o', sql`d.pool`, sql`d.basis_units_e8`)} + coalesce((
          select sum(${shareOf('o', sql`c.pool_delta`, sql`d.basis_units_e8`)})
          from income_corrections c
          where c.engine_room_id = d.engine_room_id and c.business_date = d.business_date
            and c.pool_delta > 0 and c.finished_at is not null
        ), 0) as share
      from income_distributions d
      cross join (select ${amount.toString()}::bigint as amount, ${unitPrice.toString()}::bigint as unit_price) o
      where d.engine_room_id = ${roomId} and d.finished_at is not null and d.basis_units_e8 is not null
        and d.business_date > ${today}::date - ${productionDays}::int and d.business_date <= ${today}::date
    ) s`.execute(db);
  return rows.rows[0] ?? { days: 0, low: null, high: null };
}

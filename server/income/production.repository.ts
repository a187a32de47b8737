import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { pointsToNumber } from '../shared/money.ts';

/** How far back the engine-room list shows recorded production. */
export const productionDays = 30;

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

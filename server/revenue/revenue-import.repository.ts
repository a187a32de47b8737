import type { Db } from '../db/database.ts';

/** Every room's id and names, which an import's rows may name a room by. */
export const roomNames = (db: Db) => db.selectFrom('engine_rooms').select(['id', 'name', 'names']).execute();

/** The figures already recorded for the room days the file names, keyed `room:day`. */
export async function recordedDays(db: Db, roomIds: number[], days: string[]): Promise<Map<string, { wh: bigint; revenue: bigint }>> {
  const found = new Map<string, { wh: bigint; revenue: bigint }>();
  if (roomIds.length === 0 || days.length === 0) return found;
  const rows = await db
    .selectFrom('engine_room_revenue')
    .select(['engine_room_id', 'wh', 'revenue', (eb) => eb.cast<string>('business_date', 'text').as('business_date')])
    .where('entry_kind', '=', 'record')
    .where('engine_room_id', 'in', roomIds)
    .where('business_date', 'in', days)
    .execute();
  for (const row of rows) found.set(`${row.engine_room_id}:${row.business_date}`, { wh: BigInt(row.wh), revenue: BigInt(row.revenue) });
  return found;
}

import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { holdingStatuses } from '../../contract/statuses.ts';

const roomColumns = [
  'engine_rooms.id',
  'engine_rooms.name',
  'engine_rooms.names',
  'engine_rooms.type',
  'engine_rooms.types',
  'engine_rooms.location',
  'engine_rooms.locations',
  'engine_rooms.capacity_units',
  'engine_rooms.capacity_confirmed_at',
  'engine_rooms.state',
] as const;

/** The units the room's live orders hold, in hundred-millionths: what its capacity can never go below (decision 052). */
const unitsHeld = sql<string>`(select coalesce(sum(o.units_e8), 0) from orders o
  where o.engine_room_id = engine_rooms.id and o.status in (${sql.join(holdingStatuses)}))::text`.as('units_held');

/** The columns an operator writes: names and locations as JSON text, `name` and `location` their fallbacks. */
export interface RoomColumns {
  name: string;
  names: string;
  location: string;
  locations: string;
  type: string;
  types: string;
}

export async function countRooms(db: Db): Promise<number> {
  const row = await db
    .selectFrom('engine_rooms')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export const listRooms = (db: Db, offset: number, limit: number) =>
  db
    .selectFrom('engine_rooms')
    .select([...roomColumns, unitsHeld])
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();

export const findRoom = (db: Db, id: number) =>
  db
    .selectFrom('engine_rooms')
    .select([...roomColumns, unitsHeld])
    .where('id', '=', id)
    .executeTakeFirst();

/** The room locked until the caller's transaction ends, as the capacity rule locks it. */
export const lockRoom = (db: Db, id: number) =>
  db.selectFrom('engine_rooms').select(roomColumns).where('id', '=', id).forUpdate().executeTakeFirst();

// A room an operator adds or saves has its capacity confirmed by them: the form carries it (decision 037).
export async function insertRoom(db: Db, values: RoomColumns & { capacity_units: number }): Promise<number> {
  return (
    await db
      .insertInto('engine_rooms')
      .values({ ...values, capacity_confirmed_at: sql<Date>`now()` })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function updateRoom(db: Db, id: number, values: RoomColumns): Promise<void> {
  await db
    .updateTable('engine_rooms')
    // Saved by an operator, a sample room is confirmed and offered (decision 052); any other state stays.
    .set({ ...values, capacity_confirmed_at: sql<Date>`now()`, state: sql`case when state = 'sample' then 'offered' else state end` })
    .where('id', '=', id)
    .execute();
}

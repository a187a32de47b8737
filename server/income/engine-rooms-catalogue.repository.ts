import type { Db } from '../db/database.ts';

const roomColumns = ['id', 'name', 'names', 'type', 'location', 'locations', 'capacity_units'] as const;

/** The columns an operator writes: names and locations as JSON text, `name` and `location` their fallbacks. */
export interface RoomColumns {
  name: string;
  names: string;
  location: string;
  locations: string;
  type: string;
}

export async function countRooms(db: Db): Promise<number> {
  const row = await db
    .selectFrom('engine_rooms')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export const listRooms = (db: Db, offset: number, limit: number) =>
  db.selectFrom('engine_rooms').select(roomColumns).orderBy('id').offset(offset).limit(limit).execute();

export const findRoom = (db: Db, id: number) => db.selectFrom('engine_rooms').select(roomColumns).where('id', '=', id).executeTakeFirst();

/** The room locked until the caller's transaction ends, as the capacity rule locks it. */
export const lockRoom = (db: Db, id: number) =>
  db.selectFrom('engine_rooms').select(roomColumns).where('id', '=', id).forUpdate().executeTakeFirst();

export async function insertRoom(db: Db, values: RoomColumns & { capacity_units: number }): Promise<number> {
  return (await db.insertInto('engine_rooms').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateRoom(db: Db, id: number, values: RoomColumns): Promise<void> {
  await db.updateTable('engine_rooms').set(values).where('id', '=', id).execute();
}

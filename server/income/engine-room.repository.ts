import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface RoomCapacityRow {
  id: number;
  name: string;
  capacity_units: number | null;
}

/** The room, locked until the caller's transaction ends, so two capacity changes queue. */
export const lockRoomCapacity = (trx: Db, roomId: number): Promise<RoomCapacityRow | undefined> =>
  trx.selectFrom('engine_rooms').select(['id', 'name', 'capacity_units']).where('id', '=', roomId).forUpdate().executeTakeFirst();

export const writeRoomCapacity = async (trx: Db, roomId: number, capacityUnits: number): Promise<void> => {
  // An operator setting it is an operator confirming it (the seeded rooms' capacities are samples; decision 037).
  await trx
    .updateTable('engine_rooms')
    .set({ capacity_units: capacityUnits, capacity_confirmed_at: sql<Date>`now()` })
    .where('id', '=', roomId)
    .execute();
};

import { sql } from 'kysely';
import type { RoomState } from '../../contract/statuses.ts';
import type { Db } from '../db/database.ts';
import { holdingStatuses } from '../../contract/statuses.ts';

export interface RoomCapacityRow {
  id: number;
  name: string;
  capacity_units: number | null;
  state: RoomState;
}

/** The room, locked until the caller's transaction ends, so two capacity changes queue, and orders into it wait (decision 052). */
export const lockRoomCapacity = (trx: Db, roomId: number): Promise<RoomCapacityRow | undefined> =>
  trx.selectFrom('engine_rooms').select(['id', 'name', 'capacity_units', 'state']).where('id', '=', roomId).forUpdate().executeTakeFirst();

/** A sample room becomes offered once an operator confirms it (decisions 037 and 052); other states stay. */
const confirmedState = sql<RoomState>`case when state = 'sample' then 'offered' else state end`;

export const writeRoomCapacity = async (trx: Db, roomId: number, capacityUnits: number): Promise<void> => {
  // An operator setting it is an operator confirming it (the seeded rooms' capacities are samples; decision 037).
  await trx
    .updateTable('engine_rooms')
    .set({ capacity_units: capacityUnits, capacity_confirmed_at: sql<Date>`now()`, state: confirmedState })
    .where('id', '=', roomId)
    .execute();
};

/** Offering a room confirms its capacity as saving it does (decision 037); hiding or retiring it leaves that as it was. */
export const writeRoomState = async (trx: Db, roomId: number, state: Exclude<RoomState, 'sample'>): Promise<void> => {
  await trx
    .updateTable('engine_rooms')
    .set(state === 'offered' ? { state, capacity_confirmed_at: sql<Date>`now()` } : { state })
    .where('id', '=', roomId)
    .execute();
};

/** Hundred-millionths of a unit held in the room by its live orders (pending, waiting confirmation, paid off). */
export async function roomUnitsHeld(db: Db, roomId: number): Promise<bigint> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('units_e8'), eb.val('0')).as('held'))
    .where('engine_room_id', '=', roomId)
    .where('status', 'in', holdingStatuses)
    .executeTakeFirstOrThrow();
  return BigInt(row.held);
}

/** The room's live orders, locked first so that a member changing one of them never waits on a room this move holds. */
export const lockLiveOrdersOfRoom = (trx: Db, roomId: number) =>
  trx
    .selectFrom('orders')
    .select(['id', 'units_e8'])
    .where('engine_room_id', '=', roomId)
    .where('status', 'in', holdingStatuses)
    .orderBy('id')
    .forUpdate()
    .execute();

export async function moveOrdersToRoom(trx: Db, orderIds: string[], toRoomId: number, now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  await trx.updateTable('orders').set({ engine_room_id: toRoomId, updated_at: now }).where('id', 'in', orderIds).execute();
}

/** Days of the room with recorded revenue that are not yet shared out to the end: its hosted orders are still owed them. */
export async function unsharedDays(db: Db, roomId: number): Promise<number> {
  const row = await sql<{ n: string }>`
    select count(distinct r.business_date) as n from engine_room_revenue r
    where r.engine_room_id = ${roomId}
      and not exists (select 1 from income_distributions d
        where d.engine_room_id = r.engine_room_id and d.business_date = r.business_date and d.finished_at is not null)`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

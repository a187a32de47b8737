import type { RoomState } from '../../contract/statuses.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { ApiError, fieldError, notFound } from '../shared/errors.ts';
import { unitScale, unitsToDecimal } from '../shared/money.ts';
import {
  lockLiveOrdersOfRoom,
  lockRoomCapacity,
  moveOrdersToRoom,
  roomUnitsHeld,
  unsharedDays,
  writeRoomCapacity,
  writeRoomState,
  type RoomCapacityRow,
} from './room-capacity.repository.ts';

export const roomNotFoundMessage = 'Engine room not found';
export const roomReasonMessage = 'The reason field is required.';
export const capacityBelowHeldMessage = 'The capacity cannot be below the units this room’s live orders hold';
export const roomNotRetiredMessage = 'Only the orders of a retired room can be moved';
export const roomTargetMessage = 'Orders can be moved only into another offered or hidden room with a confirmed capacity';
export const roomTargetFullMessage = 'The other room has not enough capacity left for these orders';
export const roomDaysUnsharedMessage = 'This room has recorded days not yet shared out: its orders are still owed them';

const reasonOf = (reason: string | undefined): string => {
  const text = (reason ?? '').trim();
  if (text === '') throw fieldError('reason', 'validation', roomReasonMessage);
  return text;
};

/** Refused when the capacity is below what the room's live orders hold: both numbers in the answer, nothing changed. */
export function refuseBelowHeld(capacityUnits: number, heldE8: bigint): void {
  if (BigInt(capacityUnits) * unitScale >= heldE8) return;
  const held = unitsToDecimal(heldE8);
  throw new ApiError(409, 'engine_room_capacity_below_held', `${capacityBelowHeldMessage}: capacity ${capacityUnits}, held ${held}`, {
    detail: { capacity_units: capacityUnits, units_held: held },
    errors: { capacity_units: [capacityBelowHeldMessage] },
  });
}

/**
 * Sets a room's installed capacity in units: what each order's units are a share of (PRODUCT.md
 * decision 1). Never below the units the room's live orders hold, and a change of a capacity already
 * set needs a reason (decision 052): it changes every hosted order's share from the next day shared.
 * Days already shared out keep the basis they were shared by; days waiting for a capacity are shared
 * on the next run. Audited with the value before and after and the reason.
 */
export async function setRoomCapacity(
  db: Db,
  operatorId: number,
  roomId: number,
  capacityUnits: number,
  reason?: string,
): Promise<RoomCapacityRow> {
  return db.transaction().execute(async (trx) => {
    const before = await lockRoomCapacity(trx, roomId);
    if (before === undefined) throw notFound('engine_room_not_found', roomNotFoundMessage);
    const changes = before.capacity_units !== null && before.capacity_units !== capacityUnits;
    const why = changes ? reasonOf(reason) : (reason ?? '').trim();
    refuseBelowHeld(capacityUnits, await roomUnitsHeld(trx, roomId));
    await writeRoomCapacity(trx, roomId, capacityUnits);
    const state = before.state === 'sample' ? 'offered' : before.state;
    await recordAudit(trx, {
      operatorId,
      action: 'engine_room.capacity',
      subjectType: 'engine_room',
      subjectId: roomId,
      before: { capacity_units: before.capacity_units, state: before.state },
      after: { capacity_units: capacityUnits, state, ...(why === '' ? {} : { reason: why }) },
    });
    return { ...before, capacity_units: capacityUnits, state };
  });
}

/**
 * Offers, hides or retires a room, with a reason, audited (decision 052). Only an offered room takes new
 * orders; a retired room's hosted orders keep earning from its revenue until an operator moves them.
 */
export async function setRoomState(
  db: Db,
  operatorId: number,
  roomId: number,
  state: Exclude<RoomState, 'sample'>,
  reason: string | undefined,
): Promise<RoomCapacityRow> {
  const why = reasonOf(reason);
  return db.transaction().execute(async (trx) => {
    const before = await lockRoomCapacity(trx, roomId);
    if (before === undefined) throw notFound('engine_room_not_found', roomNotFoundMessage);
    await writeRoomState(trx, roomId, state);
    await recordAudit(trx, {
      operatorId,
      action: 'engine_room.state',
      subjectType: 'engine_room',
      subjectId: roomId,
      before: { state: before.state },
      after: { state, reason: why },
    });
    return { ...before, state };
  });
}

export interface MovedOrders {
  orders: number;
  units: string;
}

/**
 * Moves every live order of a retired room into another room that has room for them, with a reason,
 * audited on the retired room (decision 052). Refused while the retired room has recorded days not yet shared
 * out (its orders are owed them), and when the other room's capacity would be exceeded: nothing moves.
 * The orders are locked before the rooms, so a member changing one of them never deadlocks with the move.
 */
export async function moveRoomOrders(
  db: Db,
  operatorId: number,
  fromRoomId: number,
  toRoomId: number,
  reason: string | undefined,
  now = new Date(),
): Promise<MovedOrders> {
  const why = reasonOf(reason);
  return db.transaction().execute(async (trx) => {
    const orders = await lockLiveOrdersOfRoom(trx, fromRoomId);
    const [first, second] = fromRoomId < toRoomId ? [fromRoomId, toRoomId] : [toRoomId, fromRoomId];
    const rooms = new Map<number, RoomCapacityRow | undefined>();
    rooms.set(first, await lockRoomCapacity(trx, first));
    if (second !== first) rooms.set(second, await lockRoomCapacity(trx, second));
    const from = rooms.get(fromRoomId);
    const to = rooms.get(toRoomId);
    if (from === undefined || to === undefined) throw notFound('engine_room_not_found', roomNotFoundMessage);
    if (from.state !== 'retired') throw new ApiError(409, 'engine_room_not_retired', roomNotRetiredMessage);
    if (to.id === from.id || (to.state !== 'offered' && to.state !== 'hidden') || to.capacity_units === null)
      throw fieldError('to_engine_room_id', 'engine_room_move_target', roomTargetMessage);
    if ((await unsharedDays(trx, fromRoomId)) > 0) throw new ApiError(409, 'engine_room_days_unshared', roomDaysUnsharedMessage);
    const moving = orders.reduce((sum, order) => sum + BigInt(order.units_e8), 0n);
    const held = await roomUnitsHeld(trx, toRoomId);
    const capacity = BigInt(to.capacity_units) * unitScale;
    if (held + moving > capacity) {
      throw new ApiError(409, 'engine_room_full', roomTargetFullMessage, {
        detail: { units_moving: unitsToDecimal(moving), units_left: unitsToDecimal(capacity > held ? capacity - held : 0n) },
      });
    }
    await moveOrdersToRoom(
      trx,
      orders.map((order) => order.id),
      toRoomId,
      now,
    );
    const moved = { order_ids: orders.map((order) => order.id), units: unitsToDecimal(moving), reason: why };
    await recordAudit(trx, {
      operatorId,
      action: 'engine_room.move_orders',
      subjectType: 'engine_room',
      subjectId: fromRoomId,
      before: { engine_room_id: fromRoomId },
      after: { engine_room_id: toRoomId, ...moved },
    });
    return { orders: orders.length, units: unitsToDecimal(moving) };
  });
}

import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import type { Localised } from '../db/seeded-names.ts';
import { fieldError, notFound } from '../shared/errors.ts';
import { roomUnitsHeld } from './room-capacity.repository.ts';
import { insertRoom, lockRoom, updateRoom } from './engine-rooms.repository.ts';
import { refuseBelowHeld, roomNotFoundMessage, roomReasonMessage, setRoomCapacity } from './room-capacity.service.ts';

export interface RoomInput {
  names: Localised;
  locations: Localised;
  types: Localised;
  capacity_units: number;
  /** Why the capacity changes: needed when it does (decision 052). */
  reason?: string;
}

const trimmed = (texts: Localised): Localised => ({
  zhs: texts.zhs?.trim() ?? '',
  zht: texts.zht?.trim() ?? '',
  eng: texts.eng?.trim() ?? '',
});

/** The columns written: `name`, `location` and `type` stay the API's fallbacks, in English as the original app's were. */
function written(input: RoomInput) {
  const names = trimmed(input.names);
  const locations = trimmed(input.locations);
  const types = trimmed(input.types);
  return {
    name: names.eng ?? '',
    names: JSON.stringify(names),
    location: locations.eng ?? '',
    locations: JSON.stringify(locations),
    type: types.eng ?? '',
    types: JSON.stringify(types),
  };
}

const auditView = (room: { names: Localised; locations: Localised; types: Localised; capacity_units: number | null }) => ({
  names: room.names,
  locations: room.locations,
  types: room.types,
  capacity_units: room.capacity_units,
});
const trimmedTexts = (input: RoomInput) => ({
  names: trimmed(input.names),
  locations: trimmed(input.locations),
  types: trimmed(input.types),
});

export async function addRoom(db: Db, operatorId: number, input: RoomInput): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const id = await insertRoom(trx, { ...written(input), capacity_units: input.capacity_units });
    await recordAudit(trx, {
      operatorId,
      action: 'engine_room.create',
      subjectType: 'engine_room',
      subjectId: id,
      after: auditView({ ...input, ...trimmedTexts(input) }),
    });
    return id;
  });
}

/**
 * Saves a room's names, locations and type, audited before and after; a new installed capacity goes
 * through the capacity rule (setRoomCapacity), which has its own audit entry, as the income share divides by it.
 */
export async function changeRoom(db: Db, operatorId: number, id: number, input: RoomInput): Promise<void> {
  const capacityChanged = await db.transaction().execute(async (trx) => {
    const before = await lockRoom(trx, id);
    if (before === undefined) throw notFound('engine_room_not_found', roomNotFoundMessage);
    // Refused before anything is saved: a new capacity needs its reason, and the names wait for it too.
    if (before.capacity_units !== null && before.capacity_units !== input.capacity_units && (input.reason ?? '').trim() === '')
      throw fieldError('reason', 'validation', roomReasonMessage);
    refuseBelowHeld(input.capacity_units, await roomUnitsHeld(trx, id));
    const values = written(input);
    await updateRoom(trx, id, values);
    await recordAudit(trx, {
      operatorId,
      action: 'engine_room.update',
      subjectType: 'engine_room',
      subjectId: id,
      before: auditView(before),
      after: auditView({ ...before, ...trimmedTexts(input) }),
    });
    return before.capacity_units !== input.capacity_units;
  });
  if (capacityChanged) await setRoomCapacity(db, operatorId, id, input.capacity_units, input.reason);
}

export { countRooms, findRoom, listRooms } from './engine-rooms.repository.ts';

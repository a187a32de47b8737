import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import type { Localised } from '../db/localised-names.ts';
import { notFound } from '../shared/errors.ts';
import { roomNotFoundMessage, setRoomCapacity } from './room-capacity.service.ts';

export interface RoomInput {
  names: Localised;
  locations: Localised;
  type: string;
  capacity_units: number;
}

const roomColumns = ['id', 'name', 'names', 'type', 'location', 'locations', 'capacity_units'] as const;

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

const trimmed = (texts: Localised): Localised => ({
  zhs: texts.zhs?.trim() ?? '',
  zht: texts.zht?.trim() ?? '',
  eng: texts.eng?.trim() ?? '',
});

/** The columns written: `name` and `location` stay the API's fallbacks, in English as the seed's were. */
function written(input: RoomInput) {
  const names = trimmed(input.names);
  const locations = trimmed(input.locations);
  return {
    name: names.eng ?? '',
    names: JSON.stringify(names),
    location: locations.eng ?? '',
    locations: JSON.stringify(locations),
    type: input.type.trim(),
  };
}

const auditView = (room: { names: Localised; locations: Localised; type: string; capacity_units: number | null }) => ({
  names: room.names,
  locations: room.locations,
  type: room.type,
  capacity_units: room.capacity_units,
});

export async function addRoom(db: Db, operatorId: number, input: RoomInput): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('engine_rooms')
      .values({ ...written(input), capacity_units: input.capacity_units })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      operatorId,
      action: 'engine_room.create',
      subjectType: 'engine_room',
      subjectId: row.id,
      after: auditView({ ...input, names: trimmed(input.names), locations: trimmed(input.locations) }),
    });
    return row.id;
  });
}

/**
 * Saves a room's names, locations and type, audited before and after; a new installed capacity goes
 * through the capacity rule (setRoomCapacity), which has its own audit entry, as the income share divides by it.
 */
export async function changeRoom(db: Db, operatorId: number, id: number, input: RoomInput): Promise<void> {
  const capacityChanged = await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('engine_rooms').select(roomColumns).where('id', '=', id).forUpdate().executeTakeFirst();
    if (before === undefined) throw notFound('engine_room_not_found', roomNotFoundMessage);
    const values = written(input);
    await trx.updateTable('engine_rooms').set(values).where('id', '=', id).execute();
    await recordAudit(trx, {
      operatorId,
      action: 'engine_room.update',
      subjectType: 'engine_room',
      subjectId: id,
      before: auditView(before),
      after: auditView({ ...before, names: trimmed(input.names), locations: trimmed(input.locations), type: values.type }),
    });
    return before.capacity_units !== input.capacity_units;
  });
  if (capacityChanged) await setRoomCapacity(db, operatorId, id, input.capacity_units);
}

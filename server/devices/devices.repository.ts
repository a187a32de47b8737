import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/database.ts';

const columns = [
  'id',
  'serial_number',
  'engine_room_id',
  'secret_hash',
  'user_id',
  'bound_at',
  'last_heartbeat_at',
  'created_at',
  'retired_at',
  'retired_reason',
] as const;

export type DeviceRow = Awaited<ReturnType<typeof findDeviceBySerial>> & object;

/** Serials match regardless of case, through the same expression the unique index is on. */
export async function findDeviceBySerial(db: Db, serial: string) {
  return db
    .selectFrom('devices')
    .select(columns)
    .where(sql`lower(serial_number)`, '=', serial.toLowerCase())
    .executeTakeFirst();
}

export async function listDevicesOfUser(db: Db, userId: number): Promise<DeviceRow[]> {
  return db.selectFrom('devices').select(columns).where('user_id', '=', userId).orderBy('id').execute();
}

export async function insertDevice(db: Db, row: { serial: string; engineRoomId: number; secretHash: string }): Promise<DeviceRow> {
  return db
    .insertInto('devices')
    .values({ serial_number: row.serial, engine_room_id: row.engineRoomId, secret_hash: row.secretHash })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/** Binds an unbound machine in service, once: undefined when someone bound it first or it was retired meanwhile. */
export async function bindDevice(db: Db, id: number, userId: number, now: Date): Promise<DeviceRow | undefined> {
  return db
    .updateTable('devices')
    .set({ user_id: userId, bound_at: now })
    .where('id', '=', id)
    .where('user_id', 'is', null)
    .where('retired_at', 'is', null)
    .returning(columns)
    .executeTakeFirst();
}

/** Records a heartbeat of a machine in service; false when it was retired (nothing is written then). */
export async function recordHeartbeat(db: Db, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('devices')
    .set({ last_heartbeat_at: now })
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Which machines the inventory shows: every one, those online or offline (in service), or the retired. */
export type DeviceFilter = 'all' | 'online' | 'offline' | 'retired';

/** `onlineSince`: a heartbeat at or after it counts as online. */
function filtered<T extends SelectQueryBuilder<Database, 'devices', object>>(query: T, filter: DeviceFilter, onlineSince: Date): T {
  if (filter === 'retired') return query.where('devices.retired_at', 'is not', null) as T;
  if (filter === 'online') return query.where('devices.retired_at', 'is', null).where('devices.last_heartbeat_at', '>', onlineSince) as T;
  if (filter === 'offline')
    return query
      .where('devices.retired_at', 'is', null)
      .where((eb) => eb.or([eb('devices.last_heartbeat_at', 'is', null), eb('devices.last_heartbeat_at', '<=', onlineSince)])) as T;
  return query;
}

export async function countDevices(db: Db, filter: DeviceFilter = 'all', onlineSince = new Date()): Promise<number> {
  const row = await filtered(db.selectFrom('devices'), filter, onlineSince)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The inventory's rows: each machine with its room's names and its member's username. */
function inventoryQuery(db: Db) {
  return db
    .selectFrom('devices')
    .innerJoin('engine_rooms', 'engine_rooms.id', 'devices.engine_room_id')
    .leftJoin('users', 'users.id', 'devices.user_id')
    .select(columns.map((column) => `devices.${column}` as const))
    .select(['engine_rooms.name as engine_room_name', 'engine_rooms.names as engine_room_names', 'users.username']);
}

export type InventoryRow = Awaited<ReturnType<typeof findInventoryDevice>> & object;

export async function listDevices(db: Db, offset: number, limit: number, filter: DeviceFilter = 'all', onlineSince = new Date()) {
  return filtered(inventoryQuery(db), filter, onlineSince).orderBy('devices.id', 'desc').offset(offset).limit(limit).execute();
}

export async function findInventoryDevice(db: Db, id: number) {
  return inventoryQuery(db).where('devices.id', '=', id).executeTakeFirst();
}

/** The machine under a row lock, so a retirement and a bind or a second retirement queue. */
export async function lockDevice(db: Db, id: number): Promise<DeviceRow | undefined> {
  return db.selectFrom('devices').select(columns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markDeviceRetired(db: Db, id: number, change: { at: Date; reason: string; operatorId: number }): Promise<DeviceRow> {
  return db
    .updateTable('devices')
    .set({ retired_at: change.at, retired_reason: change.reason, retired_by: change.operatorId })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();
}

import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

const columns = ['id', 'serial_number', 'engine_room_id', 'secret_hash', 'user_id', 'bound_at', 'last_heartbeat_at', 'created_at'] as const;

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

/** Binds an unbound machine, once: undefined when someone bound it first. */
export async function bindDevice(db: Db, id: number, userId: number, now: Date): Promise<DeviceRow | undefined> {
  return db
    .updateTable('devices')
    .set({ user_id: userId, bound_at: now })
    .where('id', '=', id)
    .where('user_id', 'is', null)
    .returning(columns)
    .executeTakeFirst();
}

export async function recordHeartbeat(db: Db, id: number, now: Date): Promise<void> {
  await db.updateTable('devices').set({ last_heartbeat_at: now }).where('id', '=', id).execute();
}

export async function countDevices(db: Db): Promise<number> {
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listDevices(db: Db, offset: number, limit: number): Promise<DeviceRow[]> {
  return db.selectFrom('devices').select(columns).orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

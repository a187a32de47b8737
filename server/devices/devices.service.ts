import { timingSafeEqual } from 'node:crypto';
import { recordAudit } from '../audit/audit.repository.ts';
import { findEngineRoom } from '../catalogue/catalogue.repository.ts';
import { newToken, tokenHash } from '../auth/tokens.ts';
import type { Db } from '../db/database.ts';
import { uniqueViolation } from '../shared/db-errors.ts';
import { ApiError, fieldError, notFound } from '../shared/errors.ts';
import { takeSlot, type Limit } from '../http/rate-limit.ts';
import {
  bindDevice,
  findDeviceBySerial,
  insertDevice,
  lockDevice,
  markDeviceRetired,
  recordHeartbeat,
  type DeviceRow,
} from './devices.repository.ts';

export const unknownSerialMessage = 'Unknown serial number';
export const boundElsewhereMessage = 'This machine is bound to another account';
export const duplicateSerialMessage = 'A machine with this serial number already exists';
export const unknownRoomMessage = 'Unknown engine room.';
export const badCredentialsMessage = 'Wrong serial number or device secret';
export const deviceRetiredMessage = 'This machine has been retired';
export const deviceNotFoundMessage = 'Machine not found';
export const retireReasonMessage = 'The reason field is required.';

/**
 * A machine reports in about once a minute; 12 a minute leaves room for retries while a
 * stolen serial cannot be used to guess its secret (or flood the table) any faster.
 */
export const heartbeatsPerMinuteMax = 12;
const heartbeatLimit = (deviceId: number): Limit => ({
  bucket: `device-heartbeat:${deviceId}`,
  max: heartbeatsPerMinuteMax,
  windowMs: 60_000,
});

/** Compared against when the serial is unknown, so timing does not reveal which serials exist. */
const decoyHash = tokenHash(newToken());

/**
 * Adds a machine to the inventory and returns its secret: the only time anyone sees it, since
 * only its hash is stored. Audited in the same transaction, without the secret.
 */
export async function addDevice(
  db: Db,
  operatorId: number,
  input: { serial: string; engineRoomId: number },
): Promise<{ row: DeviceRow; secret: string }> {
  const secret = newToken();
  try {
    return await db.transaction().execute(async (trx) => {
      if ((await findEngineRoom(trx, input.engineRoomId)) === undefined)
        throw fieldError('engine_room_id', 'engine_room_unknown', unknownRoomMessage);
      const row = await insertDevice(trx, { serial: input.serial, engineRoomId: input.engineRoomId, secretHash: tokenHash(secret) });
      await recordAudit(trx, {
        operatorId,
        action: 'device.create',
        subjectType: 'device',
        subjectId: row.id,
        after: { serial_number: row.serial_number, engine_room_id: row.engine_room_id },
      });
      return { row, secret };
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw new ApiError(409, 'device_serial_taken', duplicateSerialMessage);
    throw error;
  }
}

/**
 * Binds a machine from the inventory to the member. Binding one's own machine again is a
 * no-op that succeeds; one bound to anyone else is refused. Two members racing for one
 * unbound machine: the conditional update lets exactly one win.
 */
export async function bindToMember(
  db: Db,
  userId: number,
  serial: string,
  now = new Date(),
): Promise<{ row: DeviceRow; created: boolean }> {
  const found = await findDeviceBySerial(db, serial);
  if (found === undefined) throw notFound('device_serial_unknown', unknownSerialMessage);
  if (found.retired_at !== null) throw new ApiError(409, 'device_retired', deviceRetiredMessage);
  if (found.user_id === userId) return { row: found, created: false };
  if (found.user_id !== null) throw new ApiError(409, 'device_bound_elsewhere', boundElsewhereMessage);
  const bound = await bindDevice(db, found.id, userId, now);
  if (bound !== undefined) return { row: bound, created: true };
  const winner = await findDeviceBySerial(db, serial);
  if (winner !== undefined && winner.retired_at !== null) throw new ApiError(409, 'device_retired', deviceRetiredMessage);
  if (winner?.user_id === userId) return { row: winner, created: false };
  throw new ApiError(409, 'device_bound_elsewhere', boundElsewhereMessage);
}

/**
 * A machine reports in with its serial and secret; a wrong pair is 401 whichever half is wrong.
 * Known serials are limited before the secret is compared, so guessing a secret is slow too.
 * An unknown serial writes nothing (no rate-limit row to pile up); serials are printed on
 * labels, so telling them apart reveals nothing a secret protects.
 */
export async function heartbeat(db: Db, serial: string, secret: string, now = new Date()): Promise<DeviceRow> {
  const found = await findDeviceBySerial(db, serial);
  if (found !== undefined) await takeSlot(db, heartbeatLimit(found.id));
  const matches = timingSafeEqual(Buffer.from(tokenHash(secret), 'hex'), Buffer.from(found?.secret_hash ?? decoyHash, 'hex'));
  if (found === undefined || !matches) throw new ApiError(401, 'device_credentials_wrong', badCredentialsMessage);
  // Only once the secret matched: a retired machine's serial tells a stranger nothing more than an unknown one.
  if (found.retired_at !== null || !(await recordHeartbeat(db, found.id, now)))
    throw new ApiError(409, 'device_retired', deviceRetiredMessage);
  return { ...found, last_heartbeat_at: now };
}

/** What the audit log keeps of a machine. */
const auditView = (row: DeviceRow) => ({
  serial_number: row.serial_number,
  engine_room_id: row.engine_room_id,
  user_id: row.user_id,
  retired_at: row.retired_at === null ? null : new Date(row.retired_at).toISOString(),
});

/**
 * Retires a machine with a reason: it stays in the inventory (and on its member's list) as retired,
 * its heartbeat is refused and it cannot be bound. Audited with before and after; retiring a
 * retired machine again is refused (409) and changes nothing.
 */
export async function retireDevice(db: Db, operatorId: number, id: number, reasonText: string, now = new Date()): Promise<DeviceRow> {
  const reason = reasonText.trim();
  if (reason === '') throw fieldError('reason', 'validation', retireReasonMessage);
  return db.transaction().execute(async (trx) => {
    const before = await lockDevice(trx, id);
    if (before === undefined) throw notFound('device_not_found', deviceNotFoundMessage);
    if (before.retired_at !== null) throw new ApiError(409, 'device_retired', deviceRetiredMessage);
    const after = await markDeviceRetired(trx, id, { at: now, reason, operatorId });
    await recordAudit(trx, {
      operatorId,
      action: 'device.retire',
      subjectType: 'device',
      subjectId: id,
      before: auditView(before),
      after: { ...auditView(after), reason },
    });
    return after;
  });
}

export { countDevices, findInventoryDevice, listDevices } from './devices.repository.ts';
export type { DeviceFilter } from './devices.repository.ts';

export { listDevicesOfUser } from './devices.repository.ts';

import { timingSafeEqual } from 'node:crypto';
import { recordAudit } from '../audit/audit.repository.ts';
import { findEngineRoom } from '../catalog/catalog.repository.ts';
import { newToken, tokenHash } from '../auth/tokens.ts';
import type { Db } from '../db/database.ts';
import { uniqueViolation } from '../shared/db-errors.ts';
import { ApiError, fieldError, notFound } from '../shared/errors.ts';
import { takeSlot, type Limit } from '../http/rate-limit.ts';
import { bindDevice, findDeviceBySerial, insertDevice, recordHeartbeat, type DeviceRow } from './devices.repository.ts';

export const unknownSerialMessage = 'Unknown serial number';
export const boundElsewhereMessage = 'This machine is bound to another account';
export const duplicateSerialMessage = 'A machine with this serial number already exists';
export const unknownRoomMessage = 'Unknown engine room.';
export const badCredentialsMessage = 'Wrong serial number or device secret';

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
  if (found.user_id === userId) return { row: found, created: false };
  if (found.user_id !== null) throw new ApiError(409, 'device_bound_elsewhere', boundElsewhereMessage);
  const bound = await bindDevice(db, found.id, userId, now);
  if (bound !== undefined) return { row: bound, created: true };
  const winner = await findDeviceBySerial(db, serial);
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
  await recordHeartbeat(db, found.id, now);
  return { ...found, last_heartbeat_at: now };
}

import type { DeviceRow, InventoryRow } from './devices.repository.ts';

/** A machine is online while its last heartbeat is under this old (API.md). */
export const deviceOnlineMs = 5 * 60_000;

export type DeviceStatus = 'online' | 'offline';

/** A retired machine is offline, whatever it last said. */
export function deviceStatus(row: Pick<DeviceRow, 'last_heartbeat_at' | 'retired_at'>, now: Date): DeviceStatus {
  if (row.last_heartbeat_at === null || row.retired_at !== null) return 'offline';
  return now.getTime() - new Date(row.last_heartbeat_at).getTime() < deviceOnlineMs ? 'online' : 'offline';
}

/**
 * A machine as its member reads it (the user object's `devices`): updated_at is the last
 * heartbeat, or the time it was bound when it has never reported in. Never the secret's hash.
 */
export function deviceJson(row: DeviceRow, now = new Date()) {
  const updated = row.last_heartbeat_at ?? row.bound_at ?? row.created_at;
  return {
    id: row.id,
    serial_number: row.serial_number,
    status: deviceStatus(row, now),
    updated_at: new Date(updated).toISOString(),
    /** The last heartbeat itself; null while the machine has never reported in. */
    last_heartbeat_at: row.last_heartbeat_at === null ? null : new Date(row.last_heartbeat_at).toISOString(),
    engine_room_id: row.engine_room_id,
    /** Retired by the operators: it no longer reports in and earns nothing as a machine. */
    retired: row.retired_at !== null,
  };
}

/** A machine as the operators read it in the inventory. */
export function inventoryJson(row: InventoryRow, now = new Date()) {
  const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());
  return {
    id: row.id,
    serial_number: row.serial_number,
    engine_room_id: row.engine_room_id,
    user_id: row.user_id,
    status: deviceStatus(row, now),
    bound_at: iso(row.bound_at),
    last_heartbeat_at: iso(row.last_heartbeat_at),
    created_at: new Date(row.created_at).toISOString(),
    engine_room_name: row.engine_room_name,
    engine_room_names: row.engine_room_names,
    username: row.username,
    retired_at: iso(row.retired_at),
    retired_reason: row.retired_reason,
  };
}

import type { ColumnType, Generated } from 'kysely';

/** Tables of migration 0008: the machine inventory and who each machine is bound to. */
export interface DevicesTables {
  devices: DeviceTable;
}

export interface DeviceTable {
  id: Generated<number>;
  /** As the operator entered it; unique regardless of case. */
  serial_number: string;
  engine_room_id: number;
  /** SHA-256 of the device secret: the secret itself is never stored. */
  secret_hash: string;
  user_id: number | null;
  bound_at: Date | null;
  last_heartbeat_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

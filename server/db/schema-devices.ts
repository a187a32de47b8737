import type { ColumnType, Generated } from 'kysely';

/** Tables of migration 0008 (and 0017): the machine inventory, who each machine is bound to, and retirement. */
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
  /** When an operator retired the machine (migration 0017); null while it is in service. */
  retired_at: ColumnType<Date | null, never, Date | null>;
  /** Why it was retired: set exactly when retired_at is. */
  retired_reason: ColumnType<string | null, never, string | null>;
  retired_by: ColumnType<number | null, never, number | null>;
}

import type { ColumnType, Generated } from 'kysely';

/** Tables of migration 0007: settings, engine-room revenue, distributions and income records. */
export interface IncomeTables {
  settings: SettingsTable;
  engine_room_revenue: EngineRoomRevenueTable;
  income_distributions: IncomeDistributionTable;
  income_records: IncomeRecordTable;
  business_day_zones: BusinessDayZoneTable;
  income_corrections: IncomeCorrectionTable;
}

export interface SettingsTable {
  id: number;
  interest_rate_bp: number;
  operator_fee_bp: number;
  business_time_zone: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Migration 0031 (decision 047): from which business day on days are drawn in which zone. */
export interface BusinessDayZoneTable {
  from_date: ColumnType<string, string, never>;
  time_zone: string;
  reason: string | null;
  operator_id: number | null;
  created_at: ColumnType<Date, never, never>;
}

export interface EngineRoomRevenueTable {
  id: ColumnType<string, never, never>;
  engine_room_id: number;
  business_date: ColumnType<string, string, never>;
  wh: ColumnType<string, bigint, never>;
  revenue: ColumnType<string, bigint, never>;
  evidence: string;
  entry_kind: 'record' | 'adjustment';
  recorded_by: number | null;
  created_at: ColumnType<Date, never, never>;
  /** Until when the schedule leaves it unshared (decision 049); null on entries from before the hold. */
  hold_until: ColumnType<Date | null, Date | null | undefined, never>;
  released_at: ColumnType<Date | null, never, Date>;
  released_by: ColumnType<number | null, never, number>;
  withdrawn_at: ColumnType<Date | null, never, Date>;
  withdrawn_by: ColumnType<number | null, never, number>;
  withdraw_reason: ColumnType<string | null, never, string>;
}

export interface IncomeDistributionTable {
  engine_room_id: number;
  business_date: ColumnType<string, string, never>;
  pool: ColumnType<string, bigint, never>;
  order_total: ColumnType<string, bigint, never>;
  paid_before: ColumnType<Date, Date, never>;
  /** The cut-off of the pass before (migration 0026): null on a day's first pass. */
  paid_from: ColumnType<Date | null, never, never>;
  fee_bp: number;
  /** What each order's units_e8 is divided by (hundred-millionths of a unit); null on days shared by amount before migration 0010. */
  basis_units_e8: ColumnType<string | null, bigint | undefined, never>;
  cursor_order_id: ColumnType<string, bigint | undefined, bigint>;
  orders_credited: ColumnType<number, number | undefined, number>;
  amount_credited: ColumnType<string, bigint | undefined, bigint>;
  started_at: ColumnType<Date, never, never>;
  finished_at: Date | null;
  /** The day's last revenue entry in the pool it was first shared from; corrections after it are shared one by one (decisions 048, 049). */
  entries_through: ColumnType<string, never, never>;
  /** What the pool gave up to decreases carried from the room's earlier days. */
  carry_applied: ColumnType<string, never, never>;
}

export interface IncomeCorrectionTable {
  revenue_entry_id: string;
  engine_room_id: number;
  business_date: ColumnType<string, string, never>;
  pool_delta: ColumnType<string, bigint, never>;
  carried: ColumnType<string, bigint | undefined, never>;
  cursor_order_id: ColumnType<string, bigint | undefined, bigint>;
  orders_credited: ColumnType<number, number | undefined, number>;
  amount_credited: ColumnType<string, bigint | undefined, bigint>;
  started_at: ColumnType<Date, never, never>;
  finished_at: Date | null;
}

export interface IncomeRecordTable {
  id: Generated<string>;
  interest_record_number: string;
  order_id: string;
  user_id: number;
  engine_room_id: number;
  business_date: ColumnType<string, string, never>;
  amount: ColumnType<string, bigint, never>;
  created_at: ColumnType<Date, never, never>;
  /** Set on an order's share of a correction shared after its day (decision 048). */
  correction_entry_id: ColumnType<string | null, never, never>;
}

import type { ColumnType, Generated } from 'kysely';
import type { OrderStatus, RoomState } from '../../contract/statuses.ts';

/** Created, pending payment, waiting confirmation, paid off, cancelled: named in the contract. */
export type { OrderStatus };

/** Tables of migration 0006 (what the cart chooses from, orders, payment notices and refunds owed) and 0043 (bank statements). */
export interface OrdersPaymentsTables {
  engine_rooms: EngineRoomTable;
  remittance_accounts: RemittanceAccountTable;
  payment_methods: PaymentMethodTable;
  delivery_methods: DeliveryMethodTable;
  orders: OrderTable;
  order_notices: OrderNoticeTable;
  refunds: RefundTable;
  bank_statement_formats: BankStatementFormatTable;
  bank_statements: BankStatementTable;
  bank_statement_lines: BankStatementLineTable;
}

export interface EngineRoomTable {
  id: Generated<number>;
  name: string;
  type: string;
  location: string;
  /** Installed capacity in whole units (migration 0010): what each order's units are a share of; null earns nobody anything. */
  capacity_units: ColumnType<number | null, number | null | undefined, number | null>;
  /** Name and location in each language (migration 0016); `name` and `location` are the fallbacks. JSON text when written. */
  names: ColumnType<Partial<Record<'zhs' | 'zht' | 'eng', string>>, string | undefined, string>;
  locations: ColumnType<Partial<Record<'zhs' | 'zht' | 'eng', string>>, string | undefined, string>;
  /** The room's type in each language (migration 0051); `type` is the fallback, in English. JSON text when written. */
  types: ColumnType<Partial<Record<'zhs' | 'zht' | 'eng', string>>, string | undefined, string>;
  /** When an operator last added, saved or set the capacity of this room (migration 0028); null for the seeded samples. */
  capacity_confirmed_at: ColumnType<Date | null, Date | undefined, Date>;
  /** sample, offered, hidden or retired (migration 0034, decision 052): only an offered room takes new orders. */
  state: ColumnType<RoomState, RoomState | undefined, RoomState>;
  created_at: ColumnType<Date, never, never>;
}

export interface RemittanceAccountTable {
  id: Generated<number>;
  bank_name: string;
  branch: string;
  account_holder: string;
  account_number: string;
  /** The country type the original app names (China, Vietnam, Taiwan, ...). */
  type: string;
  created_at: ColumnType<Date, never, never>;
  /** Migration 0014 (decision 024): the member's list is in this order, then by id. */
  position: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  disabled_reason: string | null;
  /** A seeded placeholder: shown to members only in demo mode. */
  demo: ColumnType<boolean, boolean | undefined, boolean>;
  /** Site locales whose payment screen shows the account; empty: none. */
  locales: ColumnType<string[], string[] | undefined, string[]>;
  /** Member countries that see the account; empty: every country. */
  country_ids: ColumnType<number[], number[] | undefined, number[]>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type PaymentMethodKind = 'remittance' | 'virtual_currency';

export interface PaymentMethodTable {
  id: number;
  name: string;
  kind: PaymentMethodKind;
  /** The receiving address of virtual currency (the original app's "serial number"). */
  serial_number: string | null;
  available: ColumnType<boolean, boolean | undefined, boolean>;
  /** The address's network (migration 0014), e.g. TRC-20. */
  network: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type DeliveryRequirement = 'engine_room' | 'address';

export interface DeliveryMethodTable {
  id: number;
  name: string;
  requires: DeliveryRequirement;
}

export interface OrderTable {
  id: ColumnType<string, never, never>;
  order_number: string;
  user_id: number;
  product_id: number;
  item_count: number;
  /** Ten-thousandths of a point. */
  amount: ColumnType<string, bigint, bigint>;
  unit_price: ColumnType<string, bigint, bigint>;
  /** The share bought, in hundred-millionths of a unit (rounded up). */
  units_e8: ColumnType<string, bigint, bigint>;
  delivery_method_id: number;
  engine_room_id: number | null;
  delivery_address: string | null;
  payment_method_id: number;
  status: OrderStatus;
  reject_reason: string | null;
  pending_since: ColumnType<Date, Date | undefined, Date>;
  paid_at: Date | null;
  cancelled_at: Date | null;
  payer_name: string | null;
  bank_reference: string | null;
  decided_by: number | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
  /** The partner site the order was placed through (migration 0012); attribution only. */
  partner_site_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type NoticeStatus = 'pending' | 'confirmed' | 'rejected' | 'refunded';

export interface OrderNoticeTable {
  id: ColumnType<string, never, never>;
  order_id: ColumnType<string, string, never>;
  user_id: number;
  account_back_five: string;
  upload_id: ColumnType<string, string, never>;
  remark: string | null;
  status: NoticeStatus;
  /** The receiving account the member paid into (migration 0014); kept when the account is disabled. */
  remittance_account_id: ColumnType<number | null, number | null | undefined, never>;
  decided_by: number | null;
  decided_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

/** `undone`: an administrator took the mismatch back before the refund was paid (migration 0033, decision 050). */
export type RefundStatus = 'owed' | 'paid' | 'undone';

export interface RefundTable {
  id: ColumnType<string, never, never>;
  order_id: ColumnType<string, string, never>;
  user_id: number;
  payer_name: string;
  bank_reference: string;
  amount: ColumnType<string, bigint, never>;
  status: RefundStatus;
  created_by: number | null;
  created_at: ColumnType<Date, never, never>;
  /** The payer's bank and account as the operator typed them, and why it was a different payer (migration 0033). */
  payer_bank: ColumnType<string | null, string | null | undefined, never>;
  payer_account: ColumnType<string | null, string | null | undefined, never>;
  reason: ColumnType<string | null, string | null | undefined, never>;
  undone_by: ColumnType<number | null, never, number>;
  undone_at: ColumnType<Date | null, never, Date>;
  undo_reason: ColumnType<string | null, never, string>;
}

/** Bank reconciliation (migration 0043, decision 059). */
export interface BankStatementFormatTable {
  remittance_account_id: number;
  /** The mapping as JSON text: header names per column and the date order. */
  mapping: string;
  updated_by: number;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface BankStatementTable {
  id: ColumnType<string, never, never>;
  remittance_account_id: number;
  file_name: string;
  file_sha256: string;
  lines_total: number;
  imported_by: number;
  imported_at: ColumnType<Date, never, never>;
}

export interface BankStatementLineTable {
  id: ColumnType<string, never, never>;
  statement_id: ColumnType<string, string, never>;
  remittance_account_id: ColumnType<number, number, never>;
  line: ColumnType<number, number, never>;
  fingerprint: ColumnType<string, string, never>;
  booked_on: ColumnType<string | null, string | null, never>;
  amount: ColumnType<string | null, bigint | null, never>;
  payer_name: ColumnType<string, string, never>;
  reference: ColumnType<string, string, never>;
  payer_account: ColumnType<string, string, never>;
  /** The last five digits matching compares with a notice's; null when the line has fewer. */
  last_five: ColumnType<string | null, string | null, never>;
  /** Why the line cannot be read, as a JSON array of contract codes. */
  problems: ColumnType<string, string, never>;
  confirmed_order_id: ColumnType<string | null, never, string>;
  confirmed_by: ColumnType<number | null, never, number>;
  confirmed_at: ColumnType<Date | null, never, Date>;
}

import type { ColumnType, Generated } from 'kysely';
import type { OrderStatus } from '../../contract/statuses.ts';

/** Created, pending payment, waiting confirmation, paid off, cancelled: named in the contract. */
export type { OrderStatus };

/** Tables of migration 0006: what the cart chooses from, orders, payment notices and refunds owed. */
export interface OrdersPaymentsTables {
  engine_rooms: EngineRoomTable;
  remittance_accounts: RemittanceAccountTable;
  payment_methods: PaymentMethodTable;
  delivery_methods: DeliveryMethodTable;
  orders: OrderTable;
  order_notices: OrderNoticeTable;
  refunds: RefundTable;
}

export interface EngineRoomTable {
  id: Generated<number>;
  name: string;
  type: string;
  location: string;
  /** Installed capacity in whole units (migration 0010): what each order's units are a share of; null earns nobody anything. */
  capacity_units: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: ColumnType<Date, never, never>;
}

export interface RemittanceAccountTable {
  id: Generated<number>;
  bank_name: string;
  branch: string;
  account_holder: string;
  account_number: string;
  type: string;
  created_at: ColumnType<Date, never, never>;
}

export type PaymentMethodKind = 'remittance' | 'virtual_currency';

export interface PaymentMethodTable {
  id: number;
  name: string;
  kind: PaymentMethodKind;
  serial_number: string | null;
  available: ColumnType<boolean, boolean | undefined, boolean>;
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
  decided_by: number | null;
  decided_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

export type RefundStatus = 'owed' | 'paid';

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
}

import { type Kysely, sql } from 'kysely';

/**
 * Buying (decision 009): the lists the cart chooses from (engine rooms, remittance accounts,
 * payment and delivery methods), orders, the members' payment notices, and refunds owed to a
 * payer whose name is not the member's (PRODUCT.md decision 4). Adds the ledger account kind
 * `order_sales`, where confirmed order payments rest: income can never draw on it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('engine_rooms')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('location', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('remittance_accounts')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('bank_name', 'text', (col) => col.notNull())
    .addColumn('branch', 'text', (col) => col.notNull())
    .addColumn('account_holder', 'text', (col) => col.notNull())
    .addColumn('account_number', 'text', (col) => col.notNull())
    // The original app's remittance_account_type.type; clients hide type "Taiwan" in the payment view.
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('remittance', 'virtual_currency')`))
    // What the payment screen shows for a virtual-currency payment (the receiving address's serial).
    .addColumn('serial_number', 'text')
    .addColumn('available', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('delivery_methods')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    // What the order must name: an engine room (hosting) or an address (home delivery).
    .addColumn('requires', 'text', (col) => col.notNull().check(sql`requires in ('engine_room', 'address')`))
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('order_number', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('item_count', 'integer', (col) => col.notNull().check(sql`item_count > 0`))
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount > 0`))
    // The product's price when the amount was last set, and the share it buys in hundred-millionths
    // of a unit, rounded up so that many small orders can never add up to more than the quantity.
    .addColumn('unit_price', 'bigint', (col) => col.notNull().check(sql`unit_price > 0`))
    .addColumn('units_e8', 'bigint', (col) => col.notNull().check(sql`units_e8 > 0`))
    .addColumn('delivery_method_id', 'integer', (col) => col.notNull().references('delivery_methods.id'))
    .addColumn('engine_room_id', 'integer', (col) => col.references('engine_rooms.id'))
    .addColumn('delivery_address', 'text')
    .addColumn('payment_method_id', 'integer', (col) => col.notNull().references('payment_methods.id'))
    // 0 created, 1 pending payment, 2 waiting confirmation, 3 paid off, 4 cancelled.
    .addColumn('status', 'smallint', (col) => col.notNull().check(sql`status between 0 and 4`))
    .addColumn('reject_reason', 'text')
    // Since when the order has waited for payment: expiry counts from here (creation, or a rejected notice).
    .addColumn('pending_since', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('payer_name', 'text')
    .addColumn('bank_reference', 'text')
    .addColumn('decided_by', 'integer', (col) => col.references('operators.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('orders_paid_has_time', sql`status <> 3 or paid_at is not null`)
    .execute();
  await sql`create index orders_by_user on orders (user_id, id desc)`.execute(db);
  await sql`create index orders_capacity on orders (product_id, status)`.execute(db);
  await sql`create index orders_pending_since on orders (pending_since) where status = 1`.execute(db);

  await db.schema
    .createTable('order_notices')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('order_id', 'bigint', (col) => col.notNull().references('orders.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('account_back_five', 'text', (col) => col.notNull().check(sql`account_back_five ~ '^[0-9]{5}$'`))
    .addColumn('upload_id', 'bigint', (col) => col.notNull().references('uploads.id'))
    .addColumn('remark', 'text')
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'confirmed', 'rejected', 'refunded')`))
    .addColumn('decided_by', 'integer', (col) => col.references('operators.id'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // An order waits on at most one notice at a time.
  await sql`create unique index order_notices_one_pending on order_notices (order_id) where status = 'pending'`.execute(db);
  await sql`create index order_notices_by_status on order_notices (status, id)`.execute(db);
  await sql`create index order_notices_by_order on order_notices (order_id, id desc)`.execute(db);

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('order_id', 'bigint', (col) => col.notNull().references('orders.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('payer_name', 'text', (col) => col.notNull())
    .addColumn('bank_reference', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('owed', 'paid')`))
    .addColumn('created_by', 'integer', (col) => col.references('operators.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // One refund per order: a mismatch is recorded once however often it is reported.
  await sql`create unique index refunds_one_per_order on refunds (order_id)`.execute(db);

  await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in ('member_main', 'member_partner', 'remittance_clearing', 'engine_room_revenue', 'income_paid', 'withdrawals_held', 'refunds_owed', 'partner_in_transit', 'partner_settlement', 'order_sales'))`.execute(
    db,
  );
}

/**
 * Refuses once an order has been confirmed: its sale moved points into an `order_sales` account, and
 * ledger rows are never removed (decision 007), so the older list of account kinds cannot be restored
 * around them. Undoing it then would mean deleting money's history; restore a backup instead.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  const sales = await sql`select 1 from ledger_accounts where kind = 'order_sales' limit 1`.execute(db);
  if (sales.rows.length > 0) {
    throw new Error('Migration 0006 cannot be undone once an order has been confirmed: its sale is in the ledger, which keeps every row');
  }
  await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in ('member_main', 'member_partner', 'remittance_clearing', 'engine_room_revenue', 'income_paid', 'withdrawals_held', 'refunds_owed', 'partner_in_transit', 'partner_settlement'))`.execute(
    db,
  );
  for (const table of [
    'refunds',
    'order_notices',
    'orders',
    'delivery_methods',
    'payment_methods',
    'remittance_accounts',
    'engine_rooms',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

import { type Kysely, sql } from 'kysely';

/**
 * Income from recorded revenue (PRODUCT.md decision 1): the operator's settings, each engine
 * room's revenue per business day with its corrections, the distribution of each recorded day,
 * and one income record per order per day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    // Hundredths of a percent: 300 is 3.00 %. The expected monthly rate is for estimates only.
    .addColumn('interest_rate_bp', 'integer', (col) => col.notNull().check(sql`interest_rate_bp between 0 and 10000`))
    .addColumn('operator_fee_bp', 'integer', (col) => col.notNull().check(sql`operator_fee_bp between 0 and 10000`))
    .addColumn('business_time_zone', 'text')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('engine_room_revenue')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('engine_room_id', 'integer', (col) => col.notNull().references('engine_rooms.id'))
    .addColumn('business_date', 'date', (col) => col.notNull())
    // Watt-hours, so kWh keep three decimals exactly; revenue in ten-thousandths of a point.
    .addColumn('wh', 'bigint', (col) => col.notNull())
    .addColumn('revenue', 'bigint', (col) => col.notNull())
    .addColumn('evidence', 'text', (col) => col.notNull())
    // 'record' for the day's figures; 'adjustment' for an audited correction, never an edit.
    .addColumn('entry_kind', 'text', (col) => col.notNull().check(sql`entry_kind in ('record', 'adjustment')`))
    .addColumn('recorded_by', 'integer', (col) => col.references('operators.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // A day's record is never negative; a correction may be either way.
    .addCheckConstraint('engine_room_revenue_record_positive', sql`entry_kind = 'adjustment' or (wh >= 0 and revenue >= 0)`)
    .execute();
  await sql`create unique index engine_room_revenue_one_record on engine_room_revenue (engine_room_id, business_date) where entry_kind = 'record'`.execute(
    db,
  );

  await db.schema
    .createTable('income_distributions')
    .addColumn('engine_room_id', 'integer', (col) => col.notNull().references('engine_rooms.id'))
    .addColumn('business_date', 'date', (col) => col.notNull())
    // Fixed when the distribution starts, so every batch shares out the same pool among the same orders.
    .addColumn('pool', 'bigint', (col) => col.notNull())
    .addColumn('order_total', 'bigint', (col) => col.notNull())
    .addColumn('paid_before', 'timestamptz', (col) => col.notNull())
    .addColumn('fee_bp', 'integer', (col) => col.notNull())
    .addColumn('cursor_order_id', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('orders_credited', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('amount_credited', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addPrimaryKeyConstraint('income_distributions_pk', ['engine_room_id', 'business_date'])
    .execute();

  await db.schema
    .createTable('income_records')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('interest_record_number', 'text', (col) => col.notNull().unique())
    .addColumn('order_id', 'bigint', (col) => col.notNull().references('orders.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('engine_room_id', 'integer', (col) => col.notNull().references('engine_rooms.id'))
    .addColumn('business_date', 'date', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // The rule the whole job rests on: an order is credited once for a business day.
    .addUniqueConstraint('income_records_once_per_day', ['order_id', 'business_date'])
    .execute();
  await sql`create index income_records_by_user on income_records (user_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['income_records', 'income_distributions', 'engine_room_revenue', 'settings'])
    await db.schema.dropTable(table).execute();
}

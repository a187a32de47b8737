import { type Kysely, sql } from 'kysely';

/**
 * Corrections are shared too (decision 048), and recorded revenue waits a hold before it is shared
 * (decision 049).
 *
 * - `income_distributions.entries_through`: the last revenue entry of the day already shared, in the
 *   pool or by a correction pass; later entries are corrections still to share. Days shared before this
 *   migration count every entry they had when they started as shared.
 * - `income_distributions.carry_applied`: what a day's pool gave up to decreases carried from the room's
 *   earlier days.
 * - `income_corrections`: one pass per correction recorded after its day was shared: the change of the
 *   pool it makes at the day's fee, what it paid out (an increase) or carries (a decrease).
 * - `income_records.correction_entry_id`: an order's share of a correction, beside its share of the day.
 * - `engine_room_revenue`: the hold (`hold_until`), the explicit early release, and the withdrawal with a
 *   reason; a withdrawn record frees its day for a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('engine_room_revenue')
    .addColumn('hold_until', 'timestamptz')
    .addColumn('released_at', 'timestamptz')
    .addColumn('released_by', 'integer', (col) => col.references('operators.id'))
    .addColumn('withdrawn_at', 'timestamptz')
    .addColumn('withdrawn_by', 'integer', (col) => col.references('operators.id'))
    .addColumn('withdraw_reason', 'text')
    .execute();
  await sql`drop index engine_room_revenue_one_record`.execute(db);
  await sql`create unique index engine_room_revenue_one_record on engine_room_revenue (engine_room_id, business_date)
    where entry_kind = 'record' and withdrawn_at is null`.execute(db);

  await db.schema
    .alterTable('income_distributions')
    .addColumn('entries_through', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('carry_applied', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update income_distributions d set entries_through = coalesce((select max(r.id) from engine_room_revenue r
    where r.engine_room_id = d.engine_room_id and r.business_date = d.business_date and r.created_at <= d.started_at), 0)`.execute(db);

  await db.schema
    .createTable('income_corrections')
    .addColumn('revenue_entry_id', 'bigint', (col) => col.primaryKey().references('engine_room_revenue.id'))
    .addColumn('engine_room_id', 'integer', (col) => col.notNull().references('engine_rooms.id'))
    .addColumn('business_date', 'date', (col) => col.notNull())
    // The change of the day's pool: the pool of the corrected total less the pool before, at the day's fee.
    .addColumn('pool_delta', 'bigint', (col) => col.notNull())
    // A decrease is carried against the room's later days, never taken back (decision 012).
    .addColumn('carried', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('cursor_order_id', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('orders_credited', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('amount_credited', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create index income_corrections_by_day on income_corrections (engine_room_id, business_date)`.execute(db);

  await db.schema.alterTable('income_records').addColumn('correction_entry_id', 'bigint').execute();
  await sql`alter table income_records drop constraint income_records_once_per_day`.execute(db);
  await sql`create unique index income_records_once_per_day on income_records (order_id, business_date) where correction_entry_id is null`.execute(
    db,
  );
  await sql`create unique index income_records_once_per_correction on income_records (order_id, correction_entry_id) where correction_entry_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from income_records where correction_entry_id is not null`.execute(db);
  await sql`drop index income_records_once_per_correction`.execute(db);
  await sql`drop index income_records_once_per_day`.execute(db);
  await sql`alter table income_records add constraint income_records_once_per_day unique (order_id, business_date)`.execute(db);
  await db.schema.alterTable('income_records').dropColumn('correction_entry_id').execute();
  await db.schema.dropTable('income_corrections').execute();
  await db.schema.alterTable('income_distributions').dropColumn('carry_applied').dropColumn('entries_through').execute();
  await sql`drop index engine_room_revenue_one_record`.execute(db);
  await sql`create unique index engine_room_revenue_one_record on engine_room_revenue (engine_room_id, business_date) where entry_kind = 'record'`.execute(
    db,
  );
  await db.schema
    .alterTable('engine_room_revenue')
    .dropColumn('withdraw_reason')
    .dropColumn('withdrawn_by')
    .dropColumn('withdrawn_at')
    .dropColumn('released_by')
    .dropColumn('released_at')
    .dropColumn('hold_until')
    .execute();
}

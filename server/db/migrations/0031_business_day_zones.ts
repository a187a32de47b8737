import { type Kysely, sql } from 'kysely';
import { defineFunction } from '../functions/index.ts';

/**
 * The business days' zones (decision 047): one row a change, "from business day D on, days are drawn
 * in zone Z", with the operator and the reason. A change is only ever added for a day that has not
 * started, so the start and end of every day that has started are fixed. The first row (from
 * 1970-01-01) carries the zone the operator had set; a database whose zone came only from
 * BUSINESS_TIME_ZONE gets it on the next start, when the settings are first read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('business_day_zones')
    .addColumn('from_date', 'date', (col) => col.primaryKey())
    .addColumn('time_zone', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('operator_id', 'integer', (col) => col.references('operators.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into business_day_zones (from_date, time_zone)
    select '1970-01-01'::date, business_time_zone from settings where id = 1 and business_time_zone is not null`.execute(db);
  await defineFunction(db, 'business_zone_of');
  await defineFunction(db, 'business_day_start');
  await defineFunction(db, 'business_day_end');
  await defineFunction(db, 'business_date_of');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The zone in effect today goes back to the settings row, where the days were computed from before.
  await sql`update settings set business_time_zone = (select time_zone from business_day_zones
    where from_date <= current_date order by from_date desc limit 1)
    where id = 1 and exists (select 1 from business_day_zones)`.execute(db);
  await sql`drop function business_date_of(timestamptz)`.execute(db);
  await sql`drop function business_day_end(date)`.execute(db);
  await sql`drop function business_day_start(date)`.execute(db);
  await sql`drop function business_zone_of(date)`.execute(db);
  await db.schema.dropTable('business_day_zones').execute();
}

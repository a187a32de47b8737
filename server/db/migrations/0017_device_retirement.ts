import { type Kysely, sql } from 'kysely';

/**
 * Machines are retired, never deleted (issue 14, item 5): a retired machine stays in the inventory
 * with when, why and by whom, its heartbeat is refused and nobody can bind it. Members who had it
 * bound keep seeing it, as retired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('devices')
    .addColumn('retired_at', 'timestamptz')
    .addColumn('retired_reason', 'text')
    .addColumn('retired_by', 'integer', (col) => col.references('operators.id'))
    .execute();
  // A retired machine always says why.
  await sql`alter table devices add constraint devices_retired_reason check ((retired_at is null) = (retired_reason is null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('devices').dropConstraint('devices_retired_reason').execute();
  await db.schema.alterTable('devices').dropColumn('retired_by').dropColumn('retired_reason').dropColumn('retired_at').execute();
}

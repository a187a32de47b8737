import { sql, type Kysely } from 'kysely';

/**
 * An engine room's state (decision 052): `sample` until an operator confirms its capacity (decision 037),
 * `offered` to members, `hidden` from them, or `retired` (takes no new orders; its hosted orders keep
 * earning from its revenue until an operator moves them). Rooms whose capacity nobody confirmed start
 * as samples; the others as offered, as every room was before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('engine_rooms')
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('offered')
        .check(sql`state in ('sample', 'offered', 'hidden', 'retired')`),
    )
    .execute();
  await sql`update engine_rooms set state = 'sample' where capacity_confirmed_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('engine_rooms').dropColumn('state').execute();
}

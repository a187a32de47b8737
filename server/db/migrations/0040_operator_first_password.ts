import { type Kysely, sql } from 'kysely';

/**
 * An operator another operator added must choose their own password at first sign-in (issue 35):
 * the flag on the operator, and the sign-in stage (`password`) that opens only that change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('operators')
    .addColumn('password_change_required', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await sql`alter table operator_sessions drop constraint operator_sessions_stage_check`.execute(db);
  await sql`alter table operator_sessions add constraint operator_sessions_stage_check
    check (stage in ('signed_in', 'code', 'enrol', 'password'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // A session waiting for the new password ends: the schema before this one has no stage for it.
  await sql`update operator_sessions set stage = 'code', revoked_at = coalesce(revoked_at, now()) where stage = 'password'`.execute(db);
  await sql`alter table operator_sessions drop constraint operator_sessions_stage_check`.execute(db);
  await sql`alter table operator_sessions add constraint operator_sessions_stage_check
    check (stage in ('signed_in', 'code', 'enrol'))`.execute(db);
  await db.schema.alterTable('operators').dropColumn('password_change_required').execute();
}

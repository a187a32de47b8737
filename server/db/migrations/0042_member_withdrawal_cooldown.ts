import { type Kysely, sql } from 'kysely';

/**
 * A member's own withdrawal cool-down (issue 35, customer service): the hours a new card or a new
 * password makes withdrawals wait for this member, set by an administrator with a reason; null is
 * the install's WITHDRAWAL_COOLDOWN_HOURS. Thirty days at most, as the setting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('withdrawal_cooldown_hours', 'integer').execute();
  await sql`alter table users add constraint users_withdrawal_cooldown_hours_check
    check (withdrawal_cooldown_hours between 0 and 720)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('withdrawal_cooldown_hours').execute();
}

import type { Kysely } from 'kysely';

/**
 * A notice may also be mailed to one more address: the member's former e-mail when they change it (issue 36), so
 * the owner of the old mailbox hears of it if someone else made the change. Cleared once the mail is sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('also_mail_to', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('also_mail_to').execute();
}

import { type Kysely, sql } from 'kysely';

/**
 * The back office counts transfers a partner platform did not answer (issue 35), every few seconds on
 * every open back office: a partial index on the failed ones by time keeps that count to the recent
 * few rows however many transfers there are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index transaction_records_failed_recent on transaction_records (created_at) where status = 3`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index transaction_records_failed_recent`.execute(db);
}

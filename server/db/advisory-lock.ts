import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * Takes a PostgreSQL advisory lock named by `key` until the transaction `trx` ends: transactions
 * naming the same key queue here, for work that has no one row to lock (a new withdrawal's
 * idempotency key, the whole referral tree).
 */
export async function lockUntilCommit(trx: Db, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { ApiError } from './errors.ts';

/**
 * Counts events per bucket (an account, an address) in a sliding window, in the database so
 * that every API process sees the same counts.
 */
export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

export const tooManyMessage = 'Too many attempts, please try again later';

/**
 * Takes one place in the bucket, or refuses with 429 and a retry time when it is full.
 * The count and the new hit are one step under a per-bucket advisory lock, so requests sent
 * at once queue here and never pass a full bucket together. Returns the hit's id, which the
 * caller may give back with `releaseHit` when the attempt turns out not to count.
 */
export async function takeSlot(db: Db, limit: Limit): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`rate-limit:${limit.bucket}`}))`.execute(trx);
    const now = Date.now();
    const row = await trx
      .selectFrom('rate_limit_hits')
      .select([sql<string>`count(*)`.as('hits'), sql<Date | null>`min(hit_at)`.as('oldest')])
      .where('bucket', '=', limit.bucket)
      .where('hit_at', '>', new Date(now - limit.windowMs))
      .executeTakeFirstOrThrow();
    if (Number(row.hits) >= limit.max) {
      const oldest = row.oldest === null ? now : new Date(row.oldest).getTime();
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000));
      throw new ApiError(429, tooManyMessage, {
        detail: { retry_after_seconds: retryAfterSeconds },
        headers: { 'retry-after': String(retryAfterSeconds) },
      });
    }
    // Hits older than the window can never count again: keep each bucket small.
    await trx
      .deleteFrom('rate_limit_hits')
      .where('bucket', '=', limit.bucket)
      .where('hit_at', '<=', new Date(now - limit.windowMs))
      .execute();
    const hit = await trx
      .insertInto('rate_limit_hits')
      .values({ bucket: limit.bucket, hit_at: new Date(now) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(hit.id);
  });
}

/** Gives a taken place back: the attempt it was held for did not count (a correct password). */
export async function releaseHit(db: Db, hitId: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('id', '=', hitId).execute();
}

export async function clearHits(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('bucket', '=', bucket).execute();
}

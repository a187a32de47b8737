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

/** Refuses with 429 and a retry time when the bucket is full. */
export async function assertUnderLimit(db: Db, limit: Limit): Promise<void> {
  const since = new Date(Date.now() - limit.windowMs);
  const row = await db
    .selectFrom('rate_limit_hits')
    .select([sql<string>`count(*)`.as('hits'), sql<Date | null>`min(hit_at)`.as('oldest')])
    .where('bucket', '=', limit.bucket)
    .where('hit_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(row.hits) < limit.max) return;
  const oldest = row.oldest === null ? Date.now() : new Date(row.oldest).getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest + limit.windowMs - Date.now()) / 1000));
  throw new ApiError(429, tooManyMessage, {
    detail: { retry_after_seconds: retryAfterSeconds },
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

export async function recordHit(db: Db, limit: Limit): Promise<void> {
  await db.insertInto('rate_limit_hits').values({ bucket: limit.bucket }).execute();
  // Hits older than the window can never count again: keep each bucket small.
  await db
    .deleteFrom('rate_limit_hits')
    .where('bucket', '=', limit.bucket)
    .where('hit_at', '<=', new Date(Date.now() - limit.windowMs))
    .execute();
}

export async function clearHits(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('bucket', '=', bucket).execute();
}

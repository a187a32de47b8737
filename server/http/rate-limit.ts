import { lockUntilCommit } from '../db/advisory-lock.ts';
import type { Db } from '../db/database.ts';
import { ApiError } from '../shared/errors.ts';
import { deleteHitsUpTo, hitsSince, insertHit } from './rate-limit.repository.ts';

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
    await lockUntilCommit(trx, `rate-limit:${limit.bucket}`);
    const now = Date.now();
    const windowStart = new Date(now - limit.windowMs);
    const hits = await hitsSince(trx, limit.bucket, windowStart);
    if (hits.count >= limit.max) {
      const oldest = hits.oldest === null ? now : hits.oldest.getTime();
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000));
      throw new ApiError(429, 'rate_limited', tooManyMessage, {
        detail: { retry_after_seconds: retryAfterSeconds },
        headers: { 'retry-after': String(retryAfterSeconds) },
      });
    }
    // Hits older than the window can never count again: keep each bucket small.
    await deleteHitsUpTo(trx, limit.bucket, windowStart);
    return insertHit(trx, limit.bucket, new Date(now));
  });
}

import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The bucket's hits after `since`: how many, and when the oldest was. */
export async function hitsSince(db: Db, bucket: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('rate_limit_hits')
    .select([sql<string>`count(*)`.as('hits'), sql<Date | null>`min(hit_at)`.as('oldest')])
    .where('bucket', '=', bucket)
    .where('hit_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.hits), oldest: row.oldest === null ? null : new Date(row.oldest) };
}

export async function deleteHitsUpTo(db: Db, bucket: string, until: Date): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('bucket', '=', bucket).where('hit_at', '<=', until).execute();
}

export async function insertHit(db: Db, bucket: string, at: Date): Promise<string> {
  const hit = await db.insertInto('rate_limit_hits').values({ bucket, hit_at: at }).returning('id').executeTakeFirstOrThrow();
  return String(hit.id);
}

/** Gives a taken place back: the attempt it was held for did not count (a correct password). */
export async function releaseHit(db: Db, hitId: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('id', '=', hitId).execute();
}

export async function clearHits(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('bucket', '=', bucket).execute();
}

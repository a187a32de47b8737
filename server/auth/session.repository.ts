import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SessionRevokedReason } from '../db/schema.ts';
import { sessionRevokedChannel } from './session-cache.ts';

export interface SessionLookup {
  id: string;
  user_id: number;
  last_seen_at: Date;
  revoked_at: Date | null;
  revoked_reason: SessionRevokedReason | null;
}

/** `partnerSiteId`: the enabled partner site the login came through, whose disabling ends the session. */
export async function createSession(db: Db, userId: number, tokenHash: string, partnerSiteId: number | null = null): Promise<string> {
  const row = await db
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: tokenHash, partner_site_id: partnerSiteId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionLookup | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'last_seen_at', 'revoked_at', 'revoked_reason'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    id: row.id,
    user_id: row.user_id,
    last_seen_at: new Date(row.last_seen_at),
    revoked_at: row.revoked_at === null ? null : new Date(row.revoked_at),
    revoked_reason: row.revoked_reason,
  };
}

/** Revokes the member's active sessions, all of them or all but one. */
/** Revokes the member's open sessions (all, or all but one); answers how many were open. */
export async function revokeSessions(db: Db, userId: number, reason: SessionRevokedReason, exceptSessionId?: string): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  const revoked = await query.executeTakeFirst();
  await announceRevocation(db, userId);
  return Number(revoked.numUpdatedRows);
}

export async function revokeSession(db: Db, sessionId: string, reason: SessionRevokedReason): Promise<void> {
  const revoked = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  if (revoked !== undefined) await announceRevocation(db, revoked.user_id);
}

/**
 * Ends every open session opened through a partner site (it is being disabled): its pages lose the
 * member at once on every process, and enabling the site again does not bring them back.
 */
export async function revokePartnerSiteSessions(db: Db, partnerSiteId: number): Promise<number> {
  const revoked = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: 'partner_site_disabled' })
    .where('partner_site_id', '=', partnerSiteId)
    .where('revoked_at', 'is', null)
    .returning('user_id')
    .execute();
  for (const userId of new Set(revoked.map((row) => row.user_id))) await announceRevocation(db, userId);
  return revoked.length;
}

/**
 * Every process's session cache drops the member's sessions when this commits (NOTIFY is
 * delivered at commit, never for a transaction rolled back), so a revoked token is refused everywhere.
 */
async function announceRevocation(db: Db, userId: number): Promise<void> {
  await sql`select pg_notify(${sessionRevokedChannel}, ${String(userId)})`.execute(db);
}

export async function touchSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

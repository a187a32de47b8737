import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLiveOperatorToken, membersOnlyMessage } from './operator-tokens.ts';
import { ApiError } from '../shared/errors.ts';
import type { CachedSession } from './session-cache.ts';
import { findSessionByTokenHash, touchSession } from './session.repository.ts';
import { tokenHash, tokenPattern } from './tokens.ts';

/** The contract's two 401 messages. */
export const otherDeviceMessage = 'Logged in on another device';
export const expiredMessage = 'Login has expired, please login again.';

/** Last-seen times are written at most this often, so reading a page does not write on every request. */
const touchIntervalMs = 60_000;

export interface AuthenticatedMember {
  userId: number;
  sessionId: string;
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    member: AuthenticatedMember | null;
  }
}

/**
 * onRequest hook for member routes: a valid, unrevoked, recently used bearer token, or 401.
 * It runs before the body is parsed or validated, so a logged-out client always hears 401,
 * never a validation error about a request it was not allowed to make.
 */
export async function requireMember(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const header = request.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const db = request.server.db;
  if (token !== undefined && (await isLiveOperatorToken(db, token))) throw new ApiError(403, 'members_only', membersOnlyMessage);
  if (token === undefined || !tokenPattern.test(token)) throw new ApiError(401, 'session_expired', expiredMessage);
  const hash = tokenHash(token);
  const now = Date.now();
  const session = request.server.sessionCache.find(hash, now) ?? (await liveSessionFromDatabase(request, hash, now));
  if (now - session.lastSeenAtMs > request.server.config.sessionIdleMs) throw new ApiError(401, 'session_expired', expiredMessage);
  if (now - session.lastSeenAtMs > touchIntervalMs) {
    await touchSession(db, session.sessionId, new Date(now));
    request.server.sessionCache.touched(hash, now);
  }
  request.member = { userId: session.userId, sessionId: session.sessionId, token };
}

/** The session behind a token the cache does not hold: the database says whether it lives, and why not. */
async function liveSessionFromDatabase(request: FastifyRequest, hash: string, now: number): Promise<CachedSession> {
  const cache = request.server.sessionCache;
  const generation = cache.generation;
  const session = await findSessionByTokenHash(request.server.db, hash);
  if (session === undefined) throw new ApiError(401, 'session_expired', expiredMessage);
  if (session.revoked_at !== null)
    throw session.revoked_reason === 'other_device'
      ? new ApiError(401, 'session_other_device', otherDeviceMessage)
      : new ApiError(401, 'session_expired', expiredMessage);
  const live = { sessionId: session.id, userId: session.user_id, lastSeenAtMs: session.last_seen_at.getTime() };
  cache.remember(hash, live, generation, now);
  return live;
}

/** The authenticated member of a route behind requireMember. */
export function memberOf(request: FastifyRequest): AuthenticatedMember {
  if (request.member === null) throw new ApiError(401, 'session_expired', expiredMessage);
  return request.member;
}

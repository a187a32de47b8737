import type { FastifyReply, FastifyRequest } from 'fastify';
import { expiredMessage } from './auth.guard.ts';
import { findSessionByTokenHash } from './session.repository.ts';
import { tokenHash, tokenPattern } from './tokens.ts';
import { ApiError } from '../shared/errors.ts';
import { operatorOnlyMessage, operatorSessionIdleMs, operatorTokenPattern } from './operator-tokens.ts';
import { findOperatorSession, touchOperatorSession, type OperatorSession } from './operator-session.repository.ts';
import { checkOperatorAccess } from './operator-access.ts';
import type { OperatorRole, OperatorSessionStage } from '../db/schema-operators.ts';

/** Last-seen times are written at most this often. */
const touchIntervalMs = 60_000;

/** A password-only half session (awaiting a code or enrolment) lasts this long: sign-in is finished now or begun again. */
export const operatorSignInStageMs = 10 * 60 * 1000;

export interface AuthenticatedOperator {
  operatorId: number;
  sessionId: string;
  role: OperatorRole;
  stage: OperatorSessionStage;
}

declare module 'fastify' {
  interface FastifyRequest {
    operator: AuthenticatedOperator | null;
  }
}

/** Whether a session still works at `nowMs`: not revoked, its operator enabled, used lately, a half sign-in not left too long. */
export function isLiveOperatorSession(session: OperatorSession | undefined, nowMs: number): session is OperatorSession {
  if (session === undefined || session.revoked || session.disabled) return false;
  if (nowMs - session.last_seen_at.getTime() > operatorSessionIdleMs) return false;
  return session.stage === 'signed_in' || nowMs - session.created_at.getTime() <= operatorSignInStageMs;
}

function bearerToken(request: FastifyRequest): string {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
}

/**
 * onRequest hook for /api/admin/v1 routes: a live operator session; a member's token gets 403.
 * Then the role and sign-in stage are checked against the one allow-list (operator-access.ts).
 */
export async function requireOperator(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  const db = request.server.db;
  if (tokenPattern.test(token)) {
    const member = await findSessionByTokenHash(db, tokenHash(token));
    throw member !== undefined && member.revoked_at === null
      ? new ApiError(403, 'operators_only', operatorOnlyMessage)
      : new ApiError(401, 'session_expired', expiredMessage);
  }
  if (!operatorTokenPattern.test(token)) throw new ApiError(401, 'session_expired', expiredMessage);
  const session = await findOperatorSession(db, tokenHash(token));
  const now = Date.now();
  if (!isLiveOperatorSession(session, now)) throw new ApiError(401, 'session_expired', expiredMessage);
  // A HEAD request is its GET's twin and is allowed exactly when the GET is.
  checkOperatorAccess(session.role, session.stage, request.method === 'HEAD' ? 'GET' : request.method, request.routeOptions.url ?? '');
  if (now - session.last_seen_at.getTime() > touchIntervalMs) await touchOperatorSession(db, session.id, new Date(now));
  request.operator = { operatorId: session.operator_id, sessionId: session.id, role: session.role, stage: session.stage };
}

export function operatorOf(request: FastifyRequest): AuthenticatedOperator {
  if (request.operator === null) throw new ApiError(401, 'session_expired', expiredMessage);
  return request.operator;
}

import { newToken, tokenHash } from './tokens.ts';
import type { Db } from '../db/database.ts';
import { findOperatorSession } from './operator-session.repository.ts';

/**
 * Operator tokens carry a prefix, so each guard can tell the other role's token from a forged
 * one and answer 403 (a real token, the wrong door) rather than 401.
 */
const operatorPrefix = 'op.';

export const operatorTokenPattern = /^op\.[A-Za-z0-9_-]{43}$/;

export function newOperatorToken(): string {
  return `${operatorPrefix}${newToken()}`;
}

/** An operator's working session ends after this long unused: shorter than a member's, as it can move money. */
export const operatorSessionIdleMs = 12 * 60 * 60 * 1000;

export const operatorOnlyMessage = 'This is for operators only';
export const membersOnlyMessage = 'Operators cannot use member endpoints';

/** Whether a bearer token is a live operator's: the member guard refuses it with 403. */
export async function isLiveOperatorToken(db: Db, token: string): Promise<boolean> {
  if (!operatorTokenPattern.test(token)) return false;
  const session = await findOperatorSession(db, tokenHash(token));
  return session !== undefined && !session.revoked && !session.disabled;
}

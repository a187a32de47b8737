import type { Db } from '../db/database.ts';
import { findOperatorSession } from './operator-session.repository.ts';
import { operatorSessionIdleMs, operatorTokenPattern } from './operator-tokens.ts';
import { tokenHash } from './tokens.ts';

/**
 * Preview pages of the brand site are ordinary page loads, which carry no bearer header: the back
 * office hands the operator's session token to them in this cookie, sent only to /preview, never
 * readable by a script, never sent from another site (decision 022).
 */
export const previewCookieName = 'gs_preview';
/** The cookie outlives no working session: an operator's session itself ends after 12 idle hours. */
const previewCookieSeconds = 12 * 60 * 60;

export function previewCookie(token: string, secure: boolean): string {
  return `${previewCookieName}=${token}; Path=/preview; Max-Age=${previewCookieSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The operator whose live session the request's preview cookie carries, or undefined. */
export async function previewOperator(db: Db, cookieHeader: string): Promise<number | undefined> {
  const token = new RegExp(`(?:^|;\\s*)${previewCookieName}=([^;\\s]+)`).exec(cookieHeader)?.[1] ?? '';
  if (!operatorTokenPattern.test(token)) return undefined;
  const session = await findOperatorSession(db, tokenHash(token));
  if (session === undefined || session.revoked || session.disabled) return undefined;
  if (Date.now() - session.lastSeenAt.getTime() > operatorSessionIdleMs) return undefined;
  return session.operatorId;
}

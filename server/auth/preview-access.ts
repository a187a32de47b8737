import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { keyDerivedFromCardKey } from '../shared/derived-key.ts';
import type { AuthenticatedOperator } from './operator.guard.ts';
import { isLiveOperatorSession } from './operator.guard.ts';
import { findOperatorSessionById } from './operator-session.repository.ts';

/**
 * Preview pages of the brand site are ordinary page loads, which carry no bearer header: the back
 * office asks for a preview pass, which this cookie holds, sent only to /preview, never readable by
 * a script, never sent from another site (decisions 022 and 042). The pass is not the bearer token:
 * it opens preview pages only, for a short while, and only while the session it names works.
 */
export const previewCookieName = 'gs_preview';

/**
 * Long enough to read through a preview built just now (the back office asks for a new pass with
 * every preview build); short, so a pass that leaks is soon worth nothing.
 */
export const previewPassLifetimeMs = 30 * 60 * 1000;

/** `<session id>.<expiry, seconds since 1970>.<HMAC-SHA-256 of both, base64url>`. */
const passPattern = /^([1-9][0-9]{0,18})\.([0-9]{10})\.([A-Za-z0-9_-]{43})$/;

const signature = (config: Config, payload: string) =>
  createHmac('sha256', keyDerivedFromCardKey(config, 'site-preview-pass')).update(payload).digest('base64url');

/** A pass for the session of a fully signed-in operator (the route that hands it out lets administrators only). */
export function newPreviewPass(config: Config, session: AuthenticatedOperator, nowMs = Date.now()): string {
  const payload = `${session.sessionId}.${Math.floor((nowMs + previewPassLifetimeMs) / 1000)}`;
  return `${payload}.${signature(config, payload)}`;
}

export function previewCookie(pass: string, secure: boolean): string {
  const maxAgeSeconds = previewPassLifetimeMs / 1000;
  return `${previewCookieName}=${pass}; Path=/preview; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/**
 * The administrator whose preview pass the request's cookie holds, or undefined: the signature must
 * be the server's, the pass unexpired, and the session it names still working, fully signed in and an
 * administrator's now (a logout, a disabled operator or a change of role ends the pass with it).
 */
export async function previewOperator(db: Db, config: Config, cookieHeader: string): Promise<number | undefined> {
  const pass = new RegExp(`(?:^|;\\s*)${previewCookieName}=([^;\\s]+)`).exec(cookieHeader)?.[1] ?? '';
  const [, sessionId = '', expiresSeconds = '', given = ''] = passPattern.exec(pass) ?? [];
  if (given === '') return undefined;
  const expected = Buffer.from(signature(config, `${sessionId}.${expiresSeconds}`));
  if (!timingSafeEqual(expected, Buffer.from(given))) return undefined;
  const now = Date.now();
  if (Number(expiresSeconds) * 1000 <= now) return undefined;
  const session = await findOperatorSessionById(db, sessionId);
  if (!isLiveOperatorSession(session, now) || session.stage !== 'signed_in' || session.role !== 'administrator') return undefined;
  return session.operator_id;
}

import { localePath, type Locale } from '../../locales/index.ts';
import type { SessionNotice } from './session-expiry.ts';

/** The query parameter the login page reads to send a member back where their session ended. */
export const returnParam = 'next';

/** The query parameter that tells the login page why the session ended, so it can say so. */
export const endedParam = 'ended';

/**
 * The login page, remembering the page the member is on (path and query, never another site) and,
 * when the server ended the session, why: the notice on the old page lasts two seconds only.
 */
export function loginReturningTo(locale: Locale, here: { pathname: string; search: string }, ended: SessionNotice = null): string {
  const why = ended === null ? '' : `&${endedParam}=${ended}`;
  return `${localePath(locale, '/login')}?${returnParam}=${encodeURIComponent(here.pathname + here.search)}${why}`;
}

/**
 * Where to go after logging in, from the login page's own query: a path on this site only. An
 * absolute or protocol-relative address ("//evil.example"), a backslash trick or the login page
 * itself is refused (null), so the parameter can never send a member to another site.
 */
export function returnPath(search: string): string | null {
  const wanted = new URLSearchParams(search).get(returnParam);
  if (wanted === null || !wanted.startsWith('/') || wanted.startsWith('//') || /[\\\s]/.test(wanted)) return null;
  const url = new URL(wanted, 'https://site.invalid');
  if (url.origin !== 'https://site.invalid' || /\/login$/.test(url.pathname)) return null;
  return url.pathname + url.search;
}

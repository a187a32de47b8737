import { localePath, type Locale } from '../../locales/index.ts';

/** The query parameter the login page reads to send a member back where their session ended. */
export const returnParam = 'next';

/** The login page, remembering the page the member is on (path and query, never another site). */
export function loginReturningTo(locale: Locale, here: { pathname: string; search: string }): string {
  return `${localePath(locale, '/login')}?${returnParam}=${encodeURIComponent(here.pathname + here.search)}`;
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

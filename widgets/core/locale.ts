import { defaultLocale, isLocale, localePath, localeStorageKey, type Locale } from '../../locales/index.ts';
import { $apiOrigin } from './api-origin.ts';
import { onPartnerPage } from './page-mode.ts';
import { storedAtom } from './stored-atom.ts';

/** How long the locale cookie lasts: the server reads it to redirect to the visitor's language. */
const localeCookieSeconds = 365 * 24 * 60 * 60;

/** The chosen locale, kept in local storage under "locale" (as in the original app) and mirrored into a cookie. */
export const $locale = storedAtom<Locale>(localeStorageKey, defaultLocale, {
  encode: (value) => value,
  decode: (raw) => (isLocale(raw) ? raw : defaultLocale),
});

export function chooseLocale(locale: Locale): void {
  $locale.set(locale);
  // A partner's page keeps no cookie of ours: the choice lasts as long as the page.
  if (typeof document !== 'undefined' && !onPartnerPage()) {
    document.cookie = `${localeStorageKey}=${locale}; path=/; max-age=${localeCookieSeconds}; samesite=lax`;
  }
}

/** A storefront page: relative on the site, on the storefront's origin when a widget sits on a partner page. */
export function siteHref(locale: Locale, route: string): string {
  return `${$apiOrigin.get()}${localePath(locale, route)}`;
}

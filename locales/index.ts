/**
 * The three locales of the product. The default has no URL prefix; the others live under
 * /zht/… and /eng/… (docs/decisions/002-locale-urls.md). Shared by the site, the widgets and
 * the server's redirects.
 */
export const locales = ['zhs', 'zht', 'eng'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'zhs';

/** The key under which the chosen locale is kept in local storage and in a cookie. */
export const localeStorageKey = 'locale';

export const htmlLang: Record<Locale, string> = { zhs: 'zh-Hans', zht: 'zh-Hant-TW', eng: 'en' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** "/eng" for English, "" for the default locale. */
export function localePrefix(locale: Locale): string {
  return locale === defaultLocale ? '' : `/${locale}`;
}

/** The URL of a route in a locale: localePath('eng', '/home') is "/eng/home". */
export function localePath(locale: Locale, route: string): string {
  return `${localePrefix(locale)}${route}`;
}

/** Splits "/eng/setting/language" into the locale it names and the route inside it. */
export function splitLocalePath(pathname: string): { locale: Locale | undefined; route: string } {
  const match = /^\/(zht|eng|zhs)(\/.*)?$/.exec(pathname);
  if (match === null) return { locale: undefined, route: pathname };
  return { locale: match[1] as Locale, route: match[2] ?? '/' };
}

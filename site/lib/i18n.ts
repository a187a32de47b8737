import eng from '../../locales/eng.json';
import { defaultLocale, locales, type Locale } from '../../locales/index.ts';
import zhs from '../../locales/zhs.json';
import zht from '../../locales/zht.json';
import { sessionWatcherMessageKeys } from '../../widgets/ui/SessionWatcher.tsx';
import { createI18n, pickMessages, type I18n, type Messages } from '../../widgets/core/i18n.ts';

/** Whole catalogues, used at build time only: pages ship translated HTML, not catalogues. */
const catalogues: Record<Locale, Messages> = { zhs, zht, eng };

export function siteI18n(locale: Locale): I18n {
  return createI18n(locale, catalogues[locale]);
}

/** The few messages an island needs, serialised into its props, with the session notice's that every island shows (screens/screen.tsx). */
export function islandMessages(locale: Locale, keys: readonly string[]): Messages {
  return pickMessages(catalogues[locale], [...keys, ...sessionWatcherMessageKeys]);
}

/** One static path per locale for a `[...lang]` page: none for the default, "zht" and "eng" otherwise. */
export function localeStaticPaths() {
  return locales.map((locale) => ({
    params: { lang: locale === defaultLocale ? undefined : locale },
    props: { locale },
  }));
}

import eng from '../../locales/eng.json';
import { defaultLocale, locales, type Locale } from '../../locales/index.ts';
import zhs from '../../locales/zhs.json';
import zht from '../../locales/zht.json';
import { keysAskedBy } from '../../locales/asked-keys.ts';
import { createI18n, pickMessages, type I18n, type Messages } from '../../widgets/core/i18n.ts';

/** Whole catalogues, used at build time only: pages ship translated HTML, not catalogues. */
const catalogues: Record<Locale, Messages> = { zhs, zht, eng };

export function siteI18n(locale: Locale): I18n {
  return createI18n(locale, catalogues[locale]);
}

/**
 * The few messages an island needs, serialised into its props: what its module (from the project's root, where
 * the builds run: `'widgets/cart/CartScreen.island.tsx'`) and all it imports ask for (decision 067), the session
 * notice's every island shows (screens/screen.tsx) among them. A word missing in a locale stops the build.
 */
export function islandMessages(locale: Locale, island: string): Messages {
  return pickMessages(catalogues[locale], keysAskedBy(island));
}

/** One static path per locale for a `[...lang]` page: none for the default, "zht" and "eng" otherwise. */
export function localeStaticPaths() {
  return locales.map((locale) => ({
    params: { lang: locale === defaultLocale ? undefined : locale },
    props: { locale },
  }));
}

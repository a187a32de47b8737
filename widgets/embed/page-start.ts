import type { Locale } from '../../locales/index.ts';
import { $apiOrigin } from '../core/api-origin.ts';
import { $locale } from '../core/locale.ts';
import type { Messages } from '../core/i18n.ts';
import { connectBridge } from './bridge.ts';
import type { constructedSheets } from './constructed-sheets.ts';

/** Where the loader puts a widget, and what it hands the code that fills it (runtime.tsx, frame-element.ts). */
export interface WidgetPlace {
  host: HTMLElement;
  shadow: ShadowRoot;
  tag: string;
  /** The widget's style sheet, by name and text. */
  sheets: Parameters<typeof constructedSheets>[0];
  apiOrigin: string;
  /** The loader's own: it has already asked for this widget's catalogue, and the widget must not fetch a second copy of the code. */
  loadMessages: (locale: Locale) => Promise<Messages>;
  /** The language of a widget's `lang` attribute, else of the page's `<html lang>`. */
  widgetLocale: (element: Element) => Locale | undefined;
}

let pageStarted = false;

/**
 * Once per page, whichever widget comes first (one drawn by the runtime, or one holding a frame): where the API is, the
 * page's language, and the session frame. A page that changes its language later (`<html lang>`, as a single-page app
 * does) changes every widget that has no `lang` of its own; a language we do not have leaves the widgets as they are.
 */
export function startPage(apiOrigin: string, widgetLocale: WidgetPlace['widgetLocale']): void {
  if (pageStarted) return;
  pageStarted = true;
  $apiOrigin.set(apiOrigin);
  const html = document.documentElement;
  const followPage = () => {
    const pageLocale = widgetLocale(html);
    if (pageLocale) $locale.set(pageLocale);
  };
  followPage();
  new MutationObserver(followPage).observe(html, { attributeFilter: ['lang'] });
  connectBridge(apiOrigin, $locale.get());
}

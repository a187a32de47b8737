import type { Locale } from '../../locales/index.ts';
import type { Messages } from '../core/i18n.ts';
import type { FormScreen } from './frame-screen-code.ts';
import { frameCatalogue } from './frame-titles.ts';

/** Set by the build (scripts/widget-catalogues.ts): the folder of this build's catalogues, named by their content. */
const messagesFolder = '__WIDGET_MESSAGES__';

/** Only the words a framed screen shows, in one language (widget-messages.ts), fetched once per frame. */
export function frameWords(screen: FormScreen, locale: Locale): Promise<Messages> {
  const url = new URL(`../m/${messagesFolder}/${frameCatalogue(screen)}.${locale}.js`, import.meta.url).href;
  return (import(url) as Promise<{ default: Messages }>).then((module) => module.default);
}

import type { Locale } from '../../locales/index.ts';
import type { Messages } from './i18n.ts';

/** Each catalogue is its own chunk, fetched only when a widget shows that language. */
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  zhs: () => import('../../locales/zhs.json'),
  zht: () => import('../../locales/zht.json'),
  eng: () => import('../../locales/eng.json'),
};

const loaded = new Map<Locale, Promise<Messages>>();

export function loadMessages(locale: Locale): Promise<Messages> {
  let messages = loaded.get(locale);
  if (messages === undefined) {
    messages = loaders[locale]().then((module) => module.default);
    loaded.set(locale, messages);
  }
  return messages;
}

import { createContext } from 'react';
import { useContext } from 'react';
import rosetta from 'rosetta';
import type { Locale } from '../../locales/index.ts';

export type Messages = Record<string, string>;
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export interface I18n {
  locale: Locale;
  t: Translate;
}

/**
 * A translator over one locale's messages, through rosetta: `{{name}}` in a message is the parameter
 * of that name, empty when it is missing. A missing key shows the key itself, never a blank. Only the
 * catalogue's own keys are looked up (never an Object method such as `toString`), each as one name,
 * since rosetta would read a dot in a key as a path.
 */
export function createI18n(locale: Locale, messages: Messages): I18n {
  const words = rosetta<Messages>({ [locale]: messages });
  words.locale(locale);
  const t: Translate = (key, params) => (Object.hasOwn(messages, key) ? words.t([key], params) : '') || key;
  return { locale, t };
}

/** Only the keys a component uses, so an island carries a few strings rather than the whole catalogue. */
export function pickMessages(messages: Messages, keys: readonly string[]): Messages {
  return Object.fromEntries(keys.map((key) => [key, messages[key] ?? key]));
}

const I18nContext = createContext<I18n>(createI18n('zhs', {}));

/** Gives the screens below it their language and words: the context's own provider, with no component around it. */
export const I18nProvider = I18nContext.Provider;

export function useI18n(): I18n {
  return useContext(I18nContext);
}

import type { ComponentType } from 'react';
import type { Locale } from '../../locales/index.ts';
import { SessionWatcher } from '../ui/SessionWatcher.tsx';
import { createI18n, I18nProvider, type Messages } from '../core/i18n.ts';

export interface IslandProps {
  locale: Locale;
  /** Only the keys the component uses, picked by the page at build time (islandMessages adds the session notice's). */
  messages: Messages;
}

/**
 * Wraps a screen component for use as an Astro island: the page passes its locale and the
 * few messages the component needs, so it renders translated on the server and hydrates the same.
 * Every island checks the session once per page and, when it has ended, says why and goes to login.
 */
export function asIsland<P extends object>(Component: ComponentType<P>) {
  return function Island({ locale, messages, ...props }: IslandProps & P) {
    return (
      <I18nProvider value={createI18n(locale, messages)}>
        <SessionWatcher navigate />
        <Component {...(props as P)} />
      </I18nProvider>
    );
  };
}

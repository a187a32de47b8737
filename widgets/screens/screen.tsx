import type { ComponentType, ReactNode } from 'react';
import type { Locale } from '../../locales/index.ts';
import { useEmbedded } from '../core/embedded.ts';
import { createI18n, I18nProvider, type Messages } from '../core/i18n.ts';
import { SessionWatcher } from '../ui/SessionWatcher.tsx';

export interface IslandProps {
  locale: Locale;
  /** Only the keys the component uses, picked by the page at build time (islandMessages adds the session notice's). */
  messages: Messages;
}

export interface ScreenOptions<P> {
  /** Wraps the screen, e.g. the login guard; passed in so that only login-only screens load it. */
  guard?: ComponentType<{ children: ReactNode }>;
  /** Props the screen always takes here, e.g. which of a form's two uses this is. */
  props?: Partial<P>;
  /** Props the screen takes on the storefront's own pages only (on a partner's page a widget stays where it is). */
  onSite?: Partial<P>;
}

/**
 * Declares a screen once for both places it is shown. As an Astro island the page passes its
 * locale and the few messages the screen needs, so it renders translated on the server and
 * hydrates the same, and the session is checked once per page (an ended one goes to login).
 * Inside a partner's custom element (screens/element.tsx) the element provides all of that,
 * and the screen renders with neither.
 */
export function screen<P extends object>(Screen: ComponentType<P>, { guard: Guard, props: fixed, onSite }: ScreenOptions<P> = {}) {
  function GuardedScreen(props: Partial<P>) {
    const embedded = useEmbedded();
    const shown = <Screen {...({ ...fixed, ...(embedded ? {} : onSite), ...props } as P)} />;
    return Guard === undefined ? shown : <Guard>{shown}</Guard>;
  }
  return function ScreenIsland({ locale, messages, ...props }: Partial<IslandProps> & Partial<P>) {
    if (locale === undefined || messages === undefined) return <GuardedScreen {...(props as Partial<P>)} />;
    return (
      <I18nProvider value={createI18n(locale, messages)}>
        <SessionWatcher navigate />
        <GuardedScreen {...(props as Partial<P>)} />
      </I18nProvider>
    );
  };
}

import type { ComponentType, ReactNode } from 'react';
import type { Locale } from '../../locales/index.ts';
import { createI18n, I18nProvider, type Messages } from '../core/i18n.ts';
import { partnerBundle } from '../core/page-mode.ts';
import { SessionWatcher } from '../ui/SessionWatcher.tsx';

export interface IslandProps {
  locale: Locale;
  /** Only the keys the component uses, picked by the page at build time (islandMessages adds the session notice's). */
  messages: Messages;
}

export interface ScreenOptions<P> {
  /** Wraps the screen: RequireLogin on the original app's login-only routes (core/guard.ts); passed in, so only those screens load it. */
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
 * Inside a partner's custom element (embed/runtime.tsx) the element provides all of that,
 * and the screen renders with neither.
 */
export function screen<P extends object>(Screen: ComponentType<P>, { guard: Guard, props: fixed, onSite }: ScreenOptions<P> = {}) {
  return function ScreenIsland({ locale, messages, ...props }: (IslandProps | { locale?: undefined; messages?: undefined }) & Partial<P>) {
    let shown = <Screen {...(fixed as P)} {...(messages && onSite)} {...(props as Partial<P>)} />;
    if (Guard !== undefined) shown = <Guard>{shown}</Guard>;
    // A partner's element passes neither (the partner bundle is built without the island's part).
    if (partnerBundle || messages === undefined) return shown;
    return (
      <I18nProvider value={createI18n(locale, messages)}>
        <SessionWatcher navigate />
        {shown}
      </I18nProvider>
    );
  };
}

import { useStore } from '../core/use-store.ts';
import type { ComponentType, ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { htmlLang, type Locale } from '../../locales/index.ts';
import { EmbeddedContext } from '../core/embedded.ts';
import { HostEventsContext, type HostEvents } from '../core/host-events.ts';
import { createI18n, I18nProvider, useI18n } from '../core/i18n.ts';
import { $locale } from '../core/locale.ts';
import { SessionWatcher } from '../ui/SessionWatcher.tsx';
import { $bridgeState, retryBridge } from './bridge.ts';
import { constructedSheets } from './constructed-sheets.ts';
import { startPage, type WidgetPlace } from './page-start.ts';
import { siteRoute } from './site-route.ts';

let widgetCount = 0;

interface WidgetMount extends WidgetPlace {
  /** Given the element it renders in, so a screen can read an attribute of its own (`order-id`). */
  Screen: ComponentType<{ host?: HTMLElement }>;
}

/**
 * Renders one widget in its element's shadow root, with our style sheets adopted there. Its
 * language is its `lang` attribute, else the page's (the language picker widget changes that for
 * every widget without one). It waits for the session frame, and says so when the service
 * cannot be reached or this page is not a partner of ours.
 */
export function mountWidget({ host, shadow, Screen, sheets, apiOrigin, loadMessages, widgetLocale }: WidgetMount) {
  startPage(apiOrigin, widgetLocale);
  shadow.adoptedStyleSheets = constructedSheets(sheets);
  const container = document.createElement('div');
  container.className = 'gs-root';
  container.setAttribute('part', 'root');
  shadow.replaceChildren(container);
  const root = createRoot(container);
  // Keeps useId() unique across widgets, as @astrojs/preact does for islands (Preact's id mask).
  const mask = [(widgetCount += 1) + 1000, 0];
  const hostEvents: HostEvents = (name, detail) =>
    host.dispatchEvent(new CustomEvent(`gs:${name}`, { bubbles: true, composed: true, cancelable: true, detail }));
  // A plain click on a link to one of our pages first asks the partner page (gs:navigate, cancelable,
  // with the route as our site names it), so a page that shows that screen itself keeps the member there.
  container.addEventListener('click', (event) => {
    const link = (event.target as Element).closest('a');
    if (link?.origin !== new URL(apiOrigin).origin || event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)
      return;
    if (!hostEvents('navigate', { route: siteRoute(link), href: link.href })) event.preventDefault();
  });

  let live = true;
  const render = () => {
    const locale: Locale = (host.hasAttribute('lang') ? widgetLocale(host) : undefined) ?? $locale.get();
    container.lang = htmlLang[locale];
    void loadMessages(locale).then((messages) => {
      if (!live || container.lang !== htmlLang[locale]) return;
      const tree = (
        <I18nProvider value={createI18n(locale, messages)}>
          <EmbeddedContext.Provider value={true}>
            <HostEventsContext.Provider value={hostEvents}>
              <ServiceGate>
                <SessionWatcher />
                <Screen host={host} />
              </ServiceGate>
            </HostEventsContext.Provider>
          </EmbeddedContext.Provider>
        </I18nProvider>
      );
      Object.assign(tree, { __m: mask });
      root.render(tree);
    });
  };
  const stopLocale = $locale.subscribe(render);
  const stopState = $bridgeState.listen((state) => {
    if (state === 'refused' || state === 'unreachable')
      hostEvents('error', { code: state === 'refused' ? 'partner_site_not_allowed' : 'unreachable' });
  });
  return {
    update: render,
    /**
     * The element's focus() (embed.ts): the first field or button, else the first link, else the widget's box, out of
     * the tab order. Of each kind, the first that takes the focus: a hidden or disabled one does not. (A framed
     * widget is not mounted here: frame-element.ts passes its focus on to the frame.)
     */
    focus(options?: FocusOptions) {
      for (const kind of ['input,select,textarea,button', 'a[href]'])
        for (const element of shadow.querySelectorAll<HTMLElement>(kind)) {
          element.focus(options);
          if (shadow.activeElement === element) return;
        }
      container.tabIndex = -1;
      container.focus(options);
    },
    unmount() {
      live = false;
      stopLocale();
      stopState();
      root.unmount();
    },
  };
}

/** The screen once the session frame has answered; a clear, retryable state when it cannot. */
function ServiceGate({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const state = useStore($bridgeState);
  if (state === 'ready') return <>{children}</>;
  if (state === 'connecting') {
    return (
      <p className="gs-widget-state" role="status" aria-busy="true">
        {t('loading')}
      </p>
    );
  }
  return (
    <div className="gs-widget-state" role="alert">
      <span>{t(state === 'refused' ? 'embed_refused' : 'embed_unreachable')}</span>
      {state === 'unreachable' && (
        <button type="button" className="button button--small" part="button" onClick={retryBridge}>
          {t('embed_retry')}
        </button>
      )}
    </div>
  );
}

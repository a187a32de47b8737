import { htmlLang, type Locale } from '../../locales/index.ts';
import { $apiOrigin } from '../core/api-origin.ts';
import type { HostEvents } from '../core/host-events.ts';
import type { Messages } from '../core/i18n.ts';
import { $locale } from '../core/locale.ts';
import { $bridgeState, retryBridge } from './bridge.ts';
import { constructedSheets } from './constructed-sheets.ts';
import { frameUrl, isMessageOf, type FrameToPage, type PageToFrame } from './frame-protocol.ts';
import { themeProperties } from './frame-theme.ts';
import { frameTitleKeys } from './frame-titles.ts';
import { startPage, type WidgetPlace } from './page-start.ts';

/**
 * A widget on a partner's page whose screen runs in a frame on our origin (decision 054): the login, register and
 * password forms, the bank cards, verification and the withdrawal. The member's password, token, card numbers and
 * personal data never touch the partner's page, and no script there can act through them. On the page it is an
 * element holding that frame, written with the DOM alone: it carries neither Preact nor the widget runtime
 * (decision 066), only the session frame's bridge every widget of the page shares. The frame loads at once, beside
 * the session frame, and shows when the session frame has answered; it grows to fit its screen, follows the widget's
 * language, takes the partner's theme properties, and tells the page of a card chosen for editing.
 */
export function mount({ host, shadow, tag, sheets, apiOrigin, loadMessages, widgetLocale }: WidgetPlace) {
  // Each framed element is named after its screen: <gs-login> shows the login screen (screens/registry.ts).
  const screen = tag.slice(3) as keyof typeof frameTitleKeys;
  startPage(apiOrigin, widgetLocale);
  shadow.adoptedStyleSheets = constructedSheets(sheets);
  const root = document.createElement('div');
  root.className = 'gs-root';
  root.setAttribute('part', 'root');
  shadow.replaceChildren(root);

  const hostEvents: HostEvents = (name, detail) =>
    host.dispatchEvent(new CustomEvent(`gs:${name}`, { bubbles: true, composed: true, cancelable: true, detail }));
  let words: Messages = {};
  const t = (key: string) => (Object.hasOwn(words, key) ? words[key] : '') || key;
  let locale: Locale = $locale.get();
  let frame: HTMLIFrameElement | undefined;
  let loaded = false;
  let heard = false;
  // The element was focused before its frame listened: the frame is asked once it does.
  let focusAsked = false;
  // The element was focused while its frame waited for the session frame: the frame takes the focus when it shows.
  let focusWaiting: FocusOptions | undefined;
  // Before it has loaded, the frame is still a blank page of the partner's: nothing is said to it.
  const tell = (message: PageToFrame) => {
    if (loaded) frame?.contentWindow?.postMessage(message, $apiOrigin.get());
  };
  const sendTheme = () => {
    loaded = true;
    const style = getComputedStyle(host);
    tell({ gs: 'theme', properties: Object.fromEntries(themeProperties.map((name) => [name, style.getPropertyValue(name)])) });
    tell({ gs: 'locale', locale });
  };

  const onMessage = (event: MessageEvent) => {
    // A message the browser delivered from our frame: one a script of the page dispatched is not believed.
    if (!event.isTrusted || frame === undefined || event.source !== frame.contentWindow || event.origin !== $apiOrigin.get()) return;
    if (!isMessageOf<FrameToPage>(event.data)) return;
    const message = event.data;
    if (message.gs === 'resize') {
      // The frame's screen code loads after the frame itself, so what was said at its load can go unheard:
      // its first size says it now listens, and the theme and language go again.
      if (!heard) {
        sendTheme();
        if (focusAsked) tell({ gs: 'focus' });
      }
      heard = true;
      frame.style.height = `${Math.max(0, Math.ceil(message.height))}px`;
      frame.style.minHeight = '0';
    }
    if (message.gs === 'card-edit') hostEvents('card-edit', { card_id: message.card_id });
    // Only to a page of ours; a plain click in the frame lets this page open the tab.
    if (message.gs === 'navigate' && new URL(message.href).origin === $apiOrigin.get())
      if (hostEvents('navigate', { route: message.route, href: message.href })) open(message.href, '_blank', 'noopener');
  };
  addEventListener('message', onMessage);
  // A page that changes its theme while open (a dark-mode switch on its <html> or <body>, or the system's light or
  // dark setting under a media query) is followed: the theme goes to the frame again.
  const themeAgain = () => {
    if (loaded) sendTheme();
  };
  const themeChanges = new MutationObserver(themeAgain);
  for (const element of [document.documentElement, document.body]) themeChanges.observe(element, { attributeFilter: ['class', 'style'] });
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  scheme.addEventListener('change', themeAgain);

  /** The frame takes the focus, and its screen is asked to put it in its first field (once it listens, if not yet). */
  const focusFrame = (shown: HTMLIFrameElement, options: FocusOptions) => {
    focusWaiting = undefined;
    shown.focus(options);
    focusAsked = !heard;
    tell({ gs: 'focus' });
  };

  // What the widget says while the session frame is on its way.
  const status = document.createElement('p');
  status.className = 'gs-widget-state';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-busy', 'true');

  /** The frame while the session frame is on its way (hidden until it is ready), or a clear, retryable state when it cannot be. */
  const draw = () => {
    const state = $bridgeState.get();
    root.lang = htmlLang[locale];
    if (state === 'refused' || state === 'unreachable') {
      frame = undefined;
      const alert = document.createElement('div');
      alert.className = 'gs-widget-state';
      alert.setAttribute('role', 'alert');
      const text = document.createElement('span');
      text.textContent = t(state === 'refused' ? 'embed_refused' : 'embed_unreachable');
      alert.append(text);
      if (state === 'unreachable') {
        const retry = document.createElement('button');
        retry.type = 'button';
        retry.className = 'button button--small';
        retry.setAttribute('part', 'button');
        retry.textContent = t('embed_retry');
        retry.addEventListener('click', retryBridge);
        alert.append(retry);
      }
      root.replaceChildren(alert);
      return;
    }
    if (frame === undefined) {
      // Loaded at once, beside the session frame; the address carries the first language only: a change later is a
      // message, so typing is not lost. Moved or removed, a frame would load again: it stays where it is.
      frame = document.createElement('iframe');
      frame.className = 'gs-frame';
      frame.src = frameUrl($apiOrigin.get(), location.origin, screen, locale);
      frame.addEventListener('load', sendTheme);
      loaded = false;
      heard = false;
      focusAsked = false;
      focusWaiting = undefined;
      root.replaceChildren(status, frame);
    }
    frame.title = t(frameTitleKeys[screen]);
    frame.hidden = state !== 'ready';
    status.hidden = state === 'ready';
    status.textContent = t('loading');
    if (!frame.hidden && focusWaiting !== undefined) focusFrame(frame, focusWaiting);
  };

  let live = true;
  let worded = false;
  const render = () => {
    const chosen: Locale = (host.hasAttribute('lang') ? widgetLocale(host) : undefined) ?? $locale.get();
    void loadMessages(chosen).then((messages) => {
      if (!live) return;
      words = messages;
      locale = chosen;
      worded = true;
      draw();
      tell({ gs: 'locale', locale });
    });
  };
  const stopLocale = $locale.subscribe(render);
  const stopState = $bridgeState.listen((state) => {
    if (worded) draw();
    if (state === 'refused' || state === 'unreachable')
      hostEvents('error', { code: state === 'refused' ? 'partner_site_not_allowed' : 'unreachable' });
  });
  return {
    update: render,
    /**
     * The element's focus() (embed.ts): the frame takes it and its screen puts it in its first field (a frame not
     * listening yet is asked when it does); while there is no frame to show, the retry button, else the widget's box.
     */
    focus(options: FocusOptions = {}) {
      const retry = root.querySelector('button');
      if (frame !== undefined && !frame.hidden) focusFrame(frame, options);
      else if (retry !== null) retry.focus(options);
      else {
        // Until the session frame answers, the widget's box holds the focus, and the frame takes it when it shows.
        if (frame !== undefined) focusWaiting = options;
        root.tabIndex = -1;
        root.focus(options);
      }
    },
    unmount() {
      live = false;
      stopLocale();
      stopState();
      removeEventListener('message', onMessage);
      themeChanges.disconnect();
      scheme.removeEventListener('change', themeAgain);
      root.replaceChildren();
    },
  };
}

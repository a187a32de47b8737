import type { Locale } from '../../locales/index.ts';
import type { Messages } from '../core/i18n.ts';
import { screenElements, type ScreenLoader } from '../screens/registry.ts';
import type { WidgetPlace } from './page-start.ts';
import { loadSheetTexts } from './sheets.ts';
import { widgetLocale } from './widget-locale.ts';

/**
 * The one script a partner page loads (/widgets/v1/embed.js). It marks the page as a partner's
 * (nothing of ours goes into its storage) and defines every widget's element. When an element
 * appears, its screen with every chunk it imports (announced with it, rollup.config.ts), its
 * messages and its style sheet are all fetched at once, so there is no waterfall. The runtime opens
 * the session frame on our origin and renders the screen in the element's shadow root; an element
 * whose screen runs in our frame holds that frame, with no runtime (frame-element.ts).
 * Everything it imports is its own, so it starts all that at once, with nothing fetched first.
 */
// core/page-mode.ts reads this flag (the same registered symbol): from here on, no store of ours touches the page's storage.
(globalThis as Record<symbol, unknown>)[Symbol.for('graphene-solar.partner-page')] = true;

/** The original app's limit for loading a screen. */
const loadLimitMs = 120_000;

/** Said when a widget's code does not load: the catalogues are code too, so these few words travel in the loader. */
const loadFailed: Record<Locale, readonly [string, string]> = {
  zhs: ['加载失败，请检查网络。', '重试'],
  zht: ['載入失敗，請檢查網路。', '重試'],
  eng: ['Could not load. Check the connection.', 'Try again'],
};

/** Set by the build (rollup.config.ts): the folder of this build's per-widget catalogues, named by their content. */
const messagesFolder = '__WIDGET_MESSAGES__';
const messages = new Map<string, Promise<Messages>>();

/** Only the words one widget shows, in one language (widget-messages.ts), fetched once per page. */
function loadMessages(tag: string, locale: Locale): Promise<Messages> {
  const url = new URL(`../m/${messagesFolder}/${tag}.${locale}.js`, import.meta.url).href;
  let loading = messages.get(url);
  if (loading === undefined) {
    loading = (import(url) as Promise<{ default: Messages }>).then((module) => module.default);
    loading.catch(() => messages.delete(url));
    messages.set(url, loading);
  }
  return loading;
}

/** The API and the bundles live on the origin this script came from, unless a widget's `api` attribute names another. */
const bundleOrigin = new URL(import.meta.url).origin;

/** Until our style sheets arrive (or when they cannot), the widget's box is still ours: no partner rule hides it. */
let hostGuard: CSSStyleSheet | undefined;
function guarded(shadow: ShadowRoot): void {
  if (hostGuard === undefined) {
    hostGuard = new CSSStyleSheet();
    hostGuard.replaceSync(':host{all:initial!important;display:block!important}');
  }
  if (shadow.adoptedStyleSheets.length === 0) shadow.adoptedStyleSheets = [hostGuard];
}

/**
 * How a widget's screen is put in its element: a screen of ours is drawn by the runtime, which it imports, so the
 * runtime came with it (the build announces every chunk a screen imports when the screen is asked for); an
 * element whose screen runs in our frame holds that frame itself (decision 066).
 */
function mounting(screen: Awaited<ReturnType<ScreenLoader>>): Promise<(place: WidgetPlace) => Mounted> {
  if ('mount' in screen) return Promise.resolve(screen.mount);
  return import('./runtime.tsx').then(
    ({ mountWidget }) =>
      (place) =>
        mountWidget({ ...place, Screen: screen.default }),
  );
}

interface Mounted {
  update(): void;
  unmount(): void;
  focus(options?: FocusOptions): void;
}

function widgetClass(tag: string, loadScreen: ScreenLoader) {
  return class extends HTMLElement {
    // `order-id` names the order <gs-order-payment> shows (its screen reads it from the element).
    static observedAttributes = ['lang', 'order-id'];
    private mounted: Mounted | undefined;
    private timer: ReturnType<typeof setTimeout> | undefined;

    connectedCallback(): void {
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      guarded(shadow);
      if (this.mounted !== undefined) return;
      const busy = document.createElement('div');
      busy.setAttribute('aria-busy', 'true');
      shadow.replaceChildren(busy);
      this.timer = setTimeout(() => this.failed(shadow), loadLimitMs);
      const locale = widgetLocale(this) ?? 'zhs';
      Promise.all([loadScreen().then(mounting), loadMessages(tag, locale), loadSheetTexts(tag)])
        .then(([mount, , sheets]) => {
          clearTimeout(this.timer);
          if (!this.isConnected || this.mounted !== undefined) return;
          const api = this.getAttribute('api') ?? bundleOrigin;
          this.mounted = mount({
            host: this,
            shadow,
            tag,
            sheets,
            apiOrigin: api,
            loadMessages: (chosen) => loadMessages(tag, chosen),
            widgetLocale,
          });
          // Its code, words and sheets are in and it is drawn: the page may now call its methods.
          this.dispatchEvent(new CustomEvent('gs:ready', { bubbles: true, composed: true }));
        })
        .catch(() => this.failed(shadow));
    }

    disconnectedCallback(): void {
      clearTimeout(this.timer);
      this.mounted?.unmount();
      this.mounted = undefined;
    }

    attributeChangedCallback(): void {
      this.mounted?.update();
    }

    /** Reads the widget's data again: the screen starts afresh, as on a page load, the session kept. */
    refresh(): void {
      if (this.mounted === undefined) return;
      this.disconnectedCallback();
      this.connectedCallback();
    }

    /**
     * Puts the keyboard in the widget: its first field or button (in a frame of ours, the frame's first field), else
     * its first link, else the widget's box. Once `gs:ready`; before, as on any element, nothing happens.
     */
    override focus(options?: FocusOptions): void {
      this.mounted?.focus(options);
    }

    /** A localised message and a retry, built with the DOM alone: nothing else may have loaded. */
    private failed(shadow: ShadowRoot): void {
      clearTimeout(this.timer);
      if (this.mounted !== undefined) return;
      const [text, retry] = loadFailed[widgetLocale(this) ?? 'zhs'];
      const message = document.createElement('p');
      message.setAttribute('role', 'alert');
      message.textContent = text;
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = retry;
      button.setAttribute('part', 'button');
      // Set through the style object, which a strict style-src allows, unlike a style attribute.
      button.style.minHeight = '44px';
      button.addEventListener('click', () => this.connectedCallback());
      message.append(' ', button);
      shadow.replaceChildren(message);
      this.dispatchEvent(new CustomEvent('gs:error', { bubbles: true, composed: true, detail: { code: 'load_failed' } }));
    }
  };
}

for (const [tag, load] of Object.entries(screenElements)) {
  if (customElements.get(tag) === undefined) customElements.define(tag, widgetClass(tag, load));
}

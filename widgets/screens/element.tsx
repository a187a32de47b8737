import type { ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { loadMessages } from '../core/catalogues.ts';
import { EmbeddedContext } from '../core/embedded.ts';
import { createI18n, I18nProvider, type I18n } from '../core/i18n.ts';
import { $locale } from '../core/locale.ts';
import { SessionWatcher } from '../ui/SessionWatcher.tsx';
import type { ScreenLoader } from './registry.ts';

let widgetCount = 0;

/**
 * Defines one custom element per registered screen. An element fetches its screen's code when
 * it first connects and follows the shared locale store: choosing a language in one widget
 * re-renders every widget. Every widget checks the session once per page and says why it
 * ended; it stays where it is.
 */
export function defineScreenElements(screens: Record<string, ScreenLoader>): void {
  for (const [tag, load] of Object.entries(screens)) {
    if (customElements.get(tag) === undefined) customElements.define(tag, screenElement(tag, once(load)));
  }
}

/** One fetch per screen however many of its elements a page holds; a failed fetch is tried again by the next element. */
function once(load: ScreenLoader): ScreenLoader {
  let loading: ReturnType<ScreenLoader> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

function screenElement(tag: string, load: ScreenLoader) {
  return class extends HTMLElement {
    private root: Root | undefined;
    private stop: (() => void) | undefined;
    /** Keeps useId() unique across widgets, as @astrojs/preact does for islands (Preact's id mask). */
    private readonly mask = [(widgetCount += 1) + 1000, 0];

    connectedCallback(): void {
      const root = (this.root ??= createRoot(this));
      this.stop = $locale.subscribe((locale) => {
        Promise.all([load(), loadMessages(locale)])
          .then(([{ default: Screen }, messages]) => {
            if ($locale.get() !== locale || this.root !== root) return;
            root.render(this.tree(Screen, createI18n(locale, messages)));
          })
          .catch((error: unknown) => console.error(`Widget ${tag} failed to load`, error));
      });
    }

    disconnectedCallback(): void {
      this.stop?.();
      this.root?.unmount();
      this.root = undefined;
    }

    private tree(Screen: ComponentType, i18n: I18n) {
      const tree = (
        <I18nProvider value={i18n}>
          <EmbeddedContext.Provider value={true}>
            <SessionWatcher />
            <Screen />
          </EmbeddedContext.Provider>
        </I18nProvider>
      );
      Object.assign(tree, { _mask: this.mask, __m: this.mask });
      return tree;
    }
  };
}

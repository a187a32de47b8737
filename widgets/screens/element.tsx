import type { ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { SessionWatcher } from '../ui/SessionWatcher.tsx';
import { loadMessages } from '../core/catalogues.ts';
import { EmbeddedContext } from '../core/embedded.ts';
import { createI18n, I18nProvider } from '../core/i18n.ts';
import { $locale } from '../core/locale.ts';

let widgetCount = 0;

/**
 * Registers a screen component as a custom element for partner pages. The element follows
 * the shared locale store: choosing a language in one widget re-renders every widget.
 * Every widget checks the session once per page and says why it ended; it stays where it is.
 */
export function defineWidget(tag: string, Component: ComponentType): void {
  if (customElements.get(tag) !== undefined) return;
  customElements.define(
    tag,
    class extends HTMLElement {
      private root: Root | undefined;
      private stop: (() => void) | undefined;
      /** Keeps useId() unique across widgets, as @astrojs/preact does for islands (Preact's id mask). */
      private readonly mask = [(widgetCount += 1) + 1000, 0];

      connectedCallback(): void {
        const root = (this.root ??= createRoot(this));
        this.stop = $locale.subscribe((locale) => {
          void loadMessages(locale).then((messages) => {
            if ($locale.get() !== locale || this.root !== root) return;
            const tree = (
              <I18nProvider value={createI18n(locale, messages)}>
                <EmbeddedContext.Provider value={true}>
                  <SessionWatcher />
                  <Component />
                </EmbeddedContext.Provider>
              </I18nProvider>
            );
            Object.assign(tree, { _mask: this.mask, __m: this.mask });
            root.render(tree);
          });
        });
      }

      disconnectedCallback(): void {
        this.stop?.();
        this.root?.unmount();
        this.root = undefined;
      }
    },
  );
}

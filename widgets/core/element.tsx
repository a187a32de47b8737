import type { ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { loadMessages } from './catalogues.ts';
import { createI18n, I18nProvider } from './i18n.ts';
import { $locale } from './locale.ts';

/**
 * Registers a screen component as a custom element for partner pages. The element follows
 * the shared locale store: choosing a language in one widget re-renders every widget.
 */
export function defineWidget(tag: string, Component: ComponentType): void {
  if (customElements.get(tag) !== undefined) return;
  customElements.define(
    tag,
    class extends HTMLElement {
      private root: Root | undefined;
      private stop: (() => void) | undefined;

      connectedCallback(): void {
        const root = (this.root ??= createRoot(this));
        this.stop = $locale.subscribe((locale) => {
          void loadMessages(locale).then((messages) => {
            if ($locale.get() !== locale || this.root !== root) return;
            root.render(
              <I18nProvider value={createI18n(locale, messages)}>
                <Component />
              </I18nProvider>,
            );
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

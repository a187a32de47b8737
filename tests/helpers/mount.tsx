import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import type { Locale } from '../../locales/index.ts';
import { createI18n, I18nProvider, type Messages } from '../../widgets/core/i18n.ts';

/**
 * Renders a screen, by default in English with the whole catalogue as a widget does (an island
 * passes only its picked messages); unmount() cleans up, the address's fragment included (the back
 * office keeps its place there, and the next test would open where this one left off).
 */
export function mountScreen(screen: ReactNode, locale: Locale = 'eng', messages: Messages = eng): { host: HTMLElement; unmount(): void } {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => {
    root.render(<I18nProvider value={createI18n(locale, messages)}>{screen}</I18nProvider>);
  });
  return {
    host,
    unmount: () => {
      act(() => root.unmount());
      host.remove();
      if (location.hash !== '') history.replaceState(null, '', location.pathname + location.search);
    },
  };
}

/** The input a visible label names. */
export function inputLabelled(host: HTMLElement, label: string): HTMLInputElement {
  const element = [...host.querySelectorAll('label')].find((candidate) => candidate.textContent === label);
  const input = element === undefined ? null : host.querySelector<HTMLInputElement>(`[id="${element.htmlFor}"]`);
  if (input === null) throw new Error(`No input labelled "${label}"`);
  return input;
}

/** The error text tied to an input through aria-describedby, '' when none. */
export function errorOf(input: HTMLInputElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('');
}

export function alertText(host: HTMLElement): string {
  return [...host.querySelectorAll('[role="alert"]')].map((element) => element.textContent).join('');
}

export function statusText(host: HTMLElement): string {
  return [...host.querySelectorAll('[role="status"]')].map((element) => element.textContent).join('');
}

export function buttonNamed(host: HTMLElement, name: string): HTMLButtonElement {
  const button = [...host.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === name);
  if (button === undefined) throw new Error(`No button "${name}"`);
  return button;
}

import type { screenElements } from '../screens/registry.ts';

type Tag = keyof typeof screenElements;

/**
 * The same style sheets as our own pages, as text, for a widget's shadow root (runtime.tsx
 * adopts them as constructable style sheets: no <style> element and no inline style, so a
 * partner page's strict style-src needs only our origin). Each sheet is a chunk of its own,
 * fetched beside the screen, and the loader asks for them at once, with the screen's code.
 */
const sheetTexts = {
  host: () => import('./host.css?inline'),
  'member-screens': () => import('../../site/styles/member-screens.css?inline'),
  'member-forms': () => import('../../site/styles/member-forms.css?inline'),
  wallet: () => import('../../site/styles/wallet.css?inline'),
  cart: () => import('../../site/styles/cart.css?inline'),
  dig: () => import('../../site/styles/dig.css?inline'),
};
export type SheetName = keyof typeof sheetTexts;

/** The sheets each widget's screen uses beyond the shared two (named after their files), as its page on our site imports them. */
export const sheetsOfTag: Partial<Record<Tag, SheetName[]>> = {
  'gs-wallet': ['wallet'],
  'gs-wallet-transactions': ['wallet'],
  'gs-wallet-statement': ['wallet'],
  'gs-bank-cards': ['member-forms'],
  'gs-bank-add': ['member-forms'],
  'gs-bank-update': ['member-forms'],
  'gs-verify': ['member-forms'],
  'gs-withdraw': ['member-forms'],
  'gs-dig': ['wallet', 'dig'],
  'gs-add-machine': ['member-forms', 'dig'],
  'gs-cart': ['member-forms', 'cart'],
  'gs-orders': ['cart'],
  'gs-order-payment': ['member-forms', 'cart'],
};

export type SheetText = readonly [SheetName, string];

/** Every widget's: its box and the member screens' shared look. */
export const sharedSheets: readonly SheetName[] = ['host', 'member-screens'];

export function loadSheetTexts(tag: string, shared: readonly SheetName[] = sharedSheets): Promise<SheetText[]> {
  const names = [...shared, ...(sheetsOfTag[tag as Tag] ?? [])];
  return Promise.all(names.map(async (name) => [name, (await sheetTexts[name]()).default] as const));
}

import type { screenElements } from '../screens/registry.ts';
import type { FormScreen } from './frame-screen-code.ts';

type Tag = keyof typeof screenElements;

/**
 * The same style sheets as our own pages, for a widget's shadow root (runtime.tsx adopts them as
 * a constructable style sheet: no <style> element and no inline style, so a partner page's
 * strict style-src needs only our origin). The build joins each widget's into one text, less the
 * rules its markup cannot match (scripts/widget-sheets.ts), and the loader fetches that at once,
 * with the screen's code.
 */
export const sheetFiles = {
  host: 'widgets/embed/host.css',
  'member-screens': 'site/styles/member-screens.css',
  'member-forms': 'site/styles/member-forms.css',
  wallet: 'site/styles/wallet.css',
  cart: 'site/styles/cart.css',
  dig: 'site/styles/dig.css',
};
export type SheetName = keyof typeof sheetFiles;

/** The sheets each widget's screen uses beyond the shared two (named after their files), as its page on our site imports them. */
export const sheetsOfTag: Partial<Record<Tag, SheetName[]>> = {
  'gs-wallet': ['wallet'],
  'gs-wallet-transactions': ['wallet'],
  'gs-wallet-statement': ['wallet'],
  'gs-dig': ['wallet', 'dig'],
  'gs-add-machine': ['member-forms', 'dig'],
  'gs-cart': ['member-forms', 'cart'],
  'gs-orders': ['cart'],
  'gs-order-payment': ['member-forms', 'cart'],
};

/** The sheets each framed screen uses beyond the shared two, in its own document on our origin (embed/frame-screens.tsx). */
export const sheetsOfFrame: Partial<Record<FormScreen, SheetName[]>> = {
  'bank-cards': ['member-forms'],
  'bank-add': ['member-forms'],
  'bank-update': ['member-forms'],
  verify: ['member-forms'],
  withdraw: ['member-forms'],
};

/** Every widget's, and every framed screen's: its box and the member screens' shared look. */
export const sharedSheets: readonly SheetName[] = ['host', 'member-screens'];

/** A sheet's name (here, the widget's tag: one sheet per widget) and its text. */
export type SheetText = readonly [string, string];

/** Set by the build (scripts/widget-sheets.ts): the folder of this build's per-widget sheets, named by their content. */
const sheetsFolder = '__WIDGET_SHEETS__';

/** A widget's style sheet (or a framed screen's, `frame-<screen>`), fetched once per page. */
export async function loadSheetTexts(tag: string): Promise<SheetText[]> {
  const url = new URL(`../s/${sheetsFolder}/${tag}.js`, import.meta.url).href;
  return [[tag, ((await import(url)) as { default: string }).default]];
}

import type { ComponentType } from 'react';
import type { mount as mountFramed } from '../embed/frame-element.ts';

/**
 * A screen's declaration module (`*.island.tsx`): its default export serves the site's pages and partners' elements.
 * An element whose screen runs in our frame loads the element that holds the frame instead (`mount`, decision 066).
 */
export type ScreenLoader = () => Promise<{ default: ComponentType } | { mount: typeof mountFramed }>;

/**
 * Every custom element a partner page can hold, and the screen each one shows. The one place
 * an element is named: the loader defines them all from here (embed/embed.ts), and each
 * screen's code is fetched only when its element appears. Whether a screen needs a login, and
 * what it does differently on the site, is declared once in its declaration module, which the
 * site's pages import as their island.
 */
export const screenElements = {
  'gs-session-badge': () => import('../session-badge/SessionBadge.island.tsx'),
  'gs-notifications': () => import('../notifications/NotificationWidget.island.tsx'),
  'gs-language-picker': () => import('../language/LanguagePicker.island.tsx'),
  // The screens with a password, card numbers, personal data or a withdrawal run in a frame on our origin (decision 054).
  'gs-login': () => import('../embed/frame-element.ts'),
  'gs-register': () => import('../embed/frame-element.ts'),
  'gs-setting': () => import('../settings/SettingScreen.island.tsx'),
  'gs-edit-user': () => import('../embed/frame-element.ts'),
  'gs-wallet': () => import('../wallet/WalletScreen.island.tsx'),
  'gs-wallet-transactions': () => import('../wallet/TransactionsScreen.island.tsx'),
  'gs-wallet-statement': () => import('../wallet/StatementScreen.island.tsx'),
  'gs-bank-cards': () => import('../embed/frame-element.ts'),
  'gs-bank-add': () => import('../embed/frame-element.ts'),
  'gs-bank-update': () => import('../embed/frame-element.ts'),
  'gs-verify': () => import('../embed/frame-element.ts'),
  'gs-withdraw': () => import('../embed/frame-element.ts'),
  'gs-dig': () => import('../dig/DigScreen.island.tsx'),
  'gs-add-machine': () => import('../dig/AddMachineScreen.island.tsx'),
  'gs-cart': () => import('../cart/CartScreen.island.tsx'),
  'gs-orders': () => import('../orders/OrderList.island.tsx'),
  'gs-order-payment': () => import('../orders/CheckPayment.island.tsx'),
} satisfies Record<`gs-${string}`, ScreenLoader>;

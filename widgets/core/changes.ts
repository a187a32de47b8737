import { atom } from './store.ts';

/**
 * Bumped when a screen changes the member's orders, so another screen on the same page showing
 * them (the order list beside the cart on a partner's page) loads them again.
 */
export const $ordersChanged = atom(0);

export function ordersChanged(): void {
  $ordersChanged.set($ordersChanged.get() + 1);
}

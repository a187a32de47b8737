import { atom, type WritableAtom } from 'nanostores';

/**
 * Counters a screen bumps when it changes something of the member's, so another screen on the same
 * page showing it (the order list beside the cart, the card list beside the card form, on a
 * partner's page) loads it again.
 */
export const $ordersChanged = atom(0);
export const $cardsChanged = atom(0);

const bump = (counter: WritableAtom<number>) => counter.set(counter.get() + 1);

export function ordersChanged(): void {
  bump($ordersChanged);
}

export function cardsChanged(): void {
  bump($cardsChanged);
}

import { atom, type WritableAtom } from 'nanostores';

/**
 * Counters a screen bumps when it changes something of the member's, so another screen on the same
 * page showing it (the order list beside the cart, the card list beside the card form, the histories
 * beside the wallet, on a partner's page) loads it again. A notice that arrives bumps them too
 * (notifications/unread.ts): an operator's decision shows without reloading the page.
 * Marked pure, so a widget that uses none of a counter carries none of it; a screen follows one with
 * useReloadOn (reload-on.ts, apart so that the cart, which only bumps, stays as light as it was).
 */
export const $ordersChanged = /* @__PURE__ */ atom(0);
export const $cardsChanged = /* @__PURE__ */ atom(0);
/** The member's points moved: a transfer, a withdrawal, income, a payment confirmed or returned. */
export const $walletChanged = /* @__PURE__ */ atom(0);

const bump = (counter: WritableAtom<number>) => counter.set(counter.get() + 1);

export function ordersChanged(): void {
  bump($ordersChanged);
}

export function cardsChanged(): void {
  bump($cardsChanged);
}

export function walletChanged(): void {
  bump($walletChanged);
}

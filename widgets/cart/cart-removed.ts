import { storedAtom } from '../core/stored-atom.ts';

/** The query the product page's Buy link carries: the member asked for the item again. */
export const buyAgainParam = 'buy';

/**
 * Whether the member removed the item from the cart (the delete icon): kept in local storage so
 * that the cart stays empty after a reload, until they tap Buy again.
 */
export const $cartRemoved = storedAtom<boolean>('cart_removed', false, {
  encode: (removed) => (removed ? '1' : ''),
  decode: (raw) => raw === '1',
});

/** On opening the cart: Buy (?buy=1) puts the item back; otherwise a removal holds. */
export function cartRemovedOnOpen(search: string): boolean {
  if (new URLSearchParams(search).has(buyAgainParam)) {
    $cartRemoved.set(false);
    return false;
  }
  return $cartRemoved.get();
}

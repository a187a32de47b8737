import type { WritableAtom } from 'nanostores';
import { $cardsChanged, $ordersChanged, $walletChanged } from '../core/changes.ts';
import type { Changed } from './frame-protocol.ts';

/** The change counters every realm of a partner's page keeps (core/changes.ts), by the name they travel under. */
const counters: Record<string, WritableAtom<number>> = { orders: $ordersChanged, cards: $cardsChanged, wallet: $walletChanged };

/**
 * Keeps this realm's change counters in step with the other realms of a partner's page: the page's
 * widgets and each of our frames run apart (decision 054), and an action in one must refresh every
 * widget it affects (a withdrawal in its frame, the wallet on the page; a card added in one frame,
 * the withdrawal's card list in another). `send` hears each change made here; the function returned
 * applies one made elsewhere without sending it back. `values` are atoms shared whole between our
 * frames (the card chosen in the list for the edit form beside it). A change that names nothing
 * known is ignored: anyone may send one, and the worst it can do is make a widget read again.
 */
export function shareChanges(
  send: (change: Changed) => void,
  values: Record<string, WritableAtom<number | null>> = {},
): (change: Changed) => void {
  let applying = false;
  const told = (change: Changed) => () => applying || send(change);
  for (const [name, counter] of Object.entries(counters)) counter.listen(told({ kind: 'changed', name }));
  for (const [name, value] of Object.entries(values)) value.listen((now) => applying || send({ kind: 'changed', name, value: now }));
  return ({ name, value }) => {
    applying = true;
    try {
      const counter = Object.hasOwn(counters, name) ? counters[name] : undefined;
      if (counter !== undefined) counter.set(counter.get() + 1);
      else if (Object.hasOwn(values, name) && (value === null || (typeof value === 'number' && Number.isSafeInteger(value))))
        values[name]?.set(value);
    } finally {
      applying = false;
    }
  };
}

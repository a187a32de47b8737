import type { ReadableAtom } from './store.ts';
import { useEffect, useState } from 'react';

/**
 * A store's value, rendered again whenever it changes: what @nanostores/react does, on the
 * hooks alone (its useSyncExternalStore would bring React's compat layer into every widget).
 * The value is read at render; the state only asks for a new render when the store moves,
 * including a move between the first render and the subscription.
 */
export function useStore<Value>(store: ReadableAtom<Value>): Value {
  const value = store.get();
  const [, setSeen] = useState<{ value: Value }>({ value });
  useEffect(() => {
    const seen = (next: Value) => setSeen((last) => (Object.is(last.value, next) ? last : { value: next }));
    seen(store.get());
    return store.listen(seen);
  }, [store]);
  return value;
}

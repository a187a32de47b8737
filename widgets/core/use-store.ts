import type { ReadableAtom } from 'nanostores';
import { useEffect, useState } from 'react';

/**
 * A store's value, rendered again whenever it changes: what @nanostores/preact's useStore does,
 * over nanostores' own listen. That hook takes Preact's hooks directly (no compat layer), but it also
 * brings nanostores' listenKeys and path reading for keys no screen asks for, and would put the
 * shared core over its budget (README, Design notes: the bytes of both).
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

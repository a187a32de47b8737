/**
 * The shared stores of islands and widgets: a value, who listens to it, and what runs while
 * someone does. The small API of nanostores' atom that the screens use (get, set, listen,
 * subscribe, and a start while mounted) in a fraction of its bytes, since every widget loads it.
 *
 * Listeners run in order through one queue: a listener that sets another store lets everything
 * already queued run first, and each listener gets the store's value as it is when it runs.
 */
export interface ReadableAtom<Value> {
  get(): Value;
  /** Calls `listener` on every change; returns the function that stops it. */
  listen(listener: (value: Value) => void): () => void;
  /** As listen, and calls `listener` at once with the current value. */
  subscribe(listener: (value: Value) => void): () => void;
}

export interface WritableAtom<Value> extends ReadableAtom<Value> {
  set(value: Value): void;
}

/** Runs when a store gets its first listener; what it returns runs once nobody has listened for a moment. */
export type OnMount = () => (() => void) | void;

/** How long a store stays mounted after its last listener leaves, so a re-render does not restart it. */
export const storeUnmountDelayMs = 1000;

type Queued = [listener: (value: never) => void, box: { value: unknown }];
const queue: Queued[] = [];
let next = 0;

function drain(): void {
  let thrown: unknown;
  let failed = false;
  for (let call = queue[next]; call !== undefined; call = queue[next]) {
    next += 1;
    try {
      call[0](call[1].value as never);
    } catch (error) {
      thrown = error;
      failed = true;
    }
  }
  queue.length = next = 0;
  if (failed) throw thrown;
}

/** A store holding `initial`; `onMount` starts with its first listener (a timer, say) and stops after its last. */
export function atom<Value>(initial: Value, onMount?: OnMount): WritableAtom<Value> {
  const listeners: ((value: Value) => void)[] = [];
  const box = { value: initial };
  let mounted = false;
  let unmount: (() => void) | void;
  const store: WritableAtom<Value> = {
    get() {
      // Read while nobody listens, a store with onMount mounts for the moment (and unmounts a little later);
      // read while mounted (from its own onMount, say), it is left as it is.
      if (listeners.length === 0 && !mounted) store.listen(() => {})();
      return box.value;
    },
    set(value) {
      if (Object.is(box.value, value)) return;
      box.value = value;
      const run = queue.length === 0;
      for (const listener of listeners) queue.push([listener, box]);
      if (run) drain();
    },
    listen(listener) {
      if (listeners.length === 0 && !mounted && onMount !== undefined) {
        mounted = true;
        unmount = onMount();
      }
      listeners.push(listener);
      return () => {
        for (let index = next; index < queue.length;) {
          const call = queue[index];
          if (call?.[0] === listener && call[1] === box) queue.splice(index, 1);
          else index += 1;
        }
        const index = listeners.indexOf(listener);
        if (index < 0) return;
        listeners.splice(index, 1);
        if (listeners.length > 0 || !mounted) return;
        setTimeout(() => {
          if (!mounted || listeners.length > 0) return;
          mounted = false;
          unmount?.();
        }, storeUnmountDelayMs);
      };
    },
    subscribe(listener) {
      const stop = store.listen(listener);
      listener(box.value);
      return stop;
    },
  };
  return store;
}

import type { ReadableAtom } from 'nanostores';
import { useEffect, useRef } from 'react';
import { useStore } from './use-store.ts';

/** Calls `reload` each time `counter` moves after the first render (the screen loaded its own data then). */
export function useReloadOn(counter: ReadableAtom<number>, reload: () => void): number {
  const changed = useStore(counter);
  const seen = useRef(changed);
  useEffect(() => {
    if (seen.current === changed) return;
    seen.current = changed;
    reload();
    // Only a new change reloads; a screen's functions are new each render.
  }, [changed]);
  return changed;
}

import { atom, type WritableAtom } from 'nanostores';
import { frameCookieStorage } from './frame-cookies.ts';
import { onPartnerPage, partnerBundle } from './page-mode.ts';

export interface StoredAtomCodec<T> {
  encode: (value: T) => string;
  decode: (raw: string) => T;
}

const plainText = { encode: String, decode: (raw: string) => raw } as StoredAtomCodec<unknown>;

/**
 * An atom kept in local storage under `key` and synchronised across tabs through
 * the storage event. Setting the initial value removes the key. A nanostores atom whose set also
 * writes, rather than @nanostores/persistent: that takes local storage for every atom when its module
 * loads, before the page mode is known, and writes without catching a full or refused storage; here
 * the partner bundle pays nothing over the atom (README, Design notes).
 * Without storage (server rendering, storage refused) or on a partner's page (page-mode.ts) it
 * is a plain atom: a partner page's storage belongs to the partner's scripts. Our own frames on a
 * partner's page whose storage is refused keep it in partitioned cookies (frame-cookies.ts).
 */
export function storedAtom<T>(key: string, initial: T, given?: StoredAtomCodec<T>): WritableAtom<T> {
  if (partnerBundle) return atom(initial);
  const codec = given ?? (plainText as StoredAtomCodec<T>);
  const storage = readableStorage();
  const read = (raw: string | null | undefined): T => (raw === null || raw === undefined ? initial : codec.decode(raw));
  const store = atom<T>(read(storage?.getItem(key)));
  if (storage === undefined) return store;

  const set = store.set.bind(store);
  store.set = (value: T) => {
    try {
      if (value === initial) storage.removeItem(key);
      else storage.setItem(key, codec.encode(value));
    } catch {
      // Storage full or refused: the value still holds for this page.
    }
    set(value);
  };
  addEventListener('storage', (event) => {
    if (event.key === key || event.key === null) set(read(event.newValue));
  });
  return store;
}

function readableStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined {
  if (onPartnerPage()) return undefined;
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Refused: in a frame of ours on a partner's page, partitioned cookies still keep the session there.
    return frameCookieStorage();
  }
}

import { framePath } from '../../contract/frame-screens.ts';

/** How long a kept value lasts without being written again; a token that died sooner is refused by the API and cleared. */
const keptSeconds = 30 * 24 * 60 * 60;

/**
 * Browsers keep a cookie of up to 4,096 bytes. A longer value (the member with many machines) is not
 * kept, and an older copy is removed rather than left stale: the session frame reads the member
 * afresh when it finds the token without them (embed/session-frame.ts).
 */
const longestKeptBytes = 4_000;

type KeptStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Cookies raise no storage event: our frames in the partner's other tabs (the same partition) hear of
 * a change on this channel instead, as the storage event stored atoms already follow, so a login in
 * one tab reaches the others at once, as it does where storage is kept.
 */
let tabs: BroadcastChannel | undefined;
function otherTabs(): BroadcastChannel {
  if (tabs === undefined) {
    tabs = new BroadcastChannel('gs-frame-storage');
    tabs.onmessage = ({ data }: MessageEvent<{ key: string; value: string | null }>) =>
      dispatchEvent(new StorageEvent('storage', { key: data.key, newValue: data.value }));
  }
  return tabs;
}

/**
 * What our frames keep when the browser refuses a third-party frame its storage (third-party cookies
 * blocked): cookies partitioned by the partner's site (CHIPS), which such browsers still keep, so a
 * member stays logged in on that partner's pages (in every tab), and on that partner's alone. They are
 * read by our frame documents only (their path) and never sent to the API, which reads its bearer token alone.
 * Undefined where this is no frame of ours.
 */
export function frameCookieStorage(): KeptStorage | undefined {
  if (typeof document === 'undefined' || location.pathname !== framePath) return undefined;
  const name = (key: string) => `gs_${encodeURIComponent(key)}`;
  const write = (key: string, value: string | null) => {
    const cookie = `${name(key)}=${encodeURIComponent(value ?? '')}`;
    const seconds = value === null || cookie.length > longestKeptBytes ? 0 : keptSeconds;
    document.cookie = `${seconds > 0 ? cookie : `${name(key)}=`}; Path=${framePath}; Max-Age=${seconds}; Secure; SameSite=None; Partitioned`;
    // The other tabs are live: they take the value itself, kept or not.
    otherTabs().postMessage({ key, value });
  };
  otherTabs();
  return {
    getItem(key) {
      const found = document.cookie.split('; ').find((pair) => pair.startsWith(`${name(key)}=`));
      return found === undefined ? null : decodeURIComponent(found.slice(name(key).length + 1));
    },
    setItem: write,
    removeItem: (key) => write(key, null),
  };
}

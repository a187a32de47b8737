/** Where our frames on a partner's page live (embed/frame-protocol.ts builds their address from it). */
export const framePath = '/widgets/v1/frame';

/** How long a kept value lasts without being written again; a token that died sooner is refused by the API and cleared. */
const keptSeconds = 30 * 24 * 60 * 60;

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
  const write = (key: string, value: string, seconds: number) => {
    document.cookie = `${name(key)}=${encodeURIComponent(value)}; Path=${framePath}; Max-Age=${seconds}; Secure; SameSite=None; Partitioned`;
    otherTabs().postMessage({ key, value: seconds > 0 ? value : null });
  };
  otherTabs();
  return {
    getItem(key) {
      const found = document.cookie.split('; ').find((pair) => pair.startsWith(`${name(key)}=`));
      return found === undefined ? null : decodeURIComponent(found.slice(name(key).length + 1));
    },
    setItem: (key, value) => write(key, value, keptSeconds),
    removeItem: (key) => write(key, '', 0),
  };
}

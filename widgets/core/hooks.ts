import { useStore } from './use-store.ts';
import { useEffect, useState } from 'react';
import { $token, $user } from './session.ts';

/**
 * False on the server and in the first browser render, true after mounting. Screens that show
 * the session (kept in local storage) render the same markup as the server until then, so
 * hydration never meets markup it did not render.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

const claimed = new Set<string>();

/**
 * True for the first mounted component that asks for a part, false for the others: with
 * several islands or widgets on one page, one of them shows the session notice or the
 * login prompt, never two at once.
 */
export function useSingleton(part: string): boolean {
  const [owner, setOwner] = useState(false);
  useEffect(() => {
    if (claimed.has(part)) return;
    claimed.add(part);
    setOwner(true);
    return () => {
      claimed.delete(part);
    };
  }, [part]);
  return owner;
}

/** Whether a member is logged in: a token and a user. */
export function useLoggedIn(): boolean {
  const token = useStore($token);
  const user = useStore($user);
  return token !== '' && user !== null;
}

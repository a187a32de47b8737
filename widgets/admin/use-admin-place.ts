import { useEffect, useRef, useState } from 'react';
import { homePlace, placeFragment, readPlace, samePlace, type AdminPlace } from './shared/admin-place.ts';

const currentPlace = (): AdminPlace => (typeof location === 'undefined' ? homePlace : readPlace(location.hash));

function writePlace(place: AdminPlace): void {
  const fragment = placeFragment(place);
  if (fragment !== location.hash) history.pushState(null, '', fragment);
}

/**
 * The back office's place, read from and written to the address (admin-place.ts).
 * - `open` goes to a tab (a new history entry) and reads it afresh, even the tab already open: a queue
 *   chosen again shows what waits now, not what waited then.
 * - `follow` records a filter changed inside a screen without reloading the screen.
 * - Back, Forward and links to a place open it, read afresh (`visit` changes, the caller keys its screen on it).
 * - After a sign-out, whoever signs in next starts on the dashboard, not on the last operator's tab (it may not be theirs).
 */
export function useAdminPlace(token: string) {
  const [place, setPlace] = useState(currentPlace);
  const [visit, setVisit] = useState(0);
  const signedIn = useRef(token !== '');
  const shown = useRef(place);
  shown.current = place;

  useEffect(() => {
    // Back, Forward and a link to a place (MemberLink) change the address; browsers tell either event or both.
    const followAddress = () => {
      const next = currentPlace();
      if (samePlace(next, shown.current)) return;
      shown.current = next;
      setPlace(next);
      setVisit((count) => count + 1);
    };
    addEventListener('popstate', followAddress);
    addEventListener('hashchange', followAddress);
    return () => {
      removeEventListener('popstate', followAddress);
      removeEventListener('hashchange', followAddress);
    };
  }, []);

  useEffect(() => {
    if (signedIn.current && token === '') {
      history.replaceState(null, '', location.pathname + location.search);
      setPlace(homePlace);
    }
    signedIn.current = token !== '';
  }, [token]);

  return {
    place,
    visit,
    open(next: Partial<AdminPlace> & { tab: string }) {
      const target = { ...homePlace, ...next };
      writePlace(target);
      setPlace(target);
      setVisit((count) => count + 1);
    },
    follow(next: AdminPlace) {
      if (samePlace(next, place)) return;
      writePlace(next);
      setPlace(next);
    },
  };
}

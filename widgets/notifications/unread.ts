import { atom, onMount } from 'nanostores';
import { notificationPollMs } from '../../contract/notifications.ts';
import { apiRequest } from '../core/api.ts';
import { $token } from '../core/session.ts';

/** How many of the member's notifications are unread; null while unknown or logged out. */
export const $unread = atom<number | null>(null);

/** Asks the server now (after marking some read, say); the timer goes on as before. */
export async function refreshUnread(): Promise<void> {
  if ($token.get() === '') {
    $unread.set(null);
    return;
  }
  try {
    $unread.set((await apiRequest<{ unread: number }>('GET', '/v1/notifications/unread')).detail.unread);
  } catch {
    // A failed refresh keeps the last count; the next tick tries again.
  }
}

const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

// One timer for the page, at the seed's refresh rate, only while a bell shows and the tab is visible.
onMount($unread, () => {
  void refreshUnread();
  const timer = setInterval(() => {
    if (!hidden()) void refreshUnread();
  }, notificationPollMs);
  const stopToken = $token.listen(() => void refreshUnread());
  return () => {
    clearInterval(timer);
    stopToken();
  };
});

import { atom } from '../core/store.ts';
import { notificationPollMs } from '../../contract/notifications.ts';
import { apiRequest } from '../core/api.ts';
import { $token } from '../core/session.ts';

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

/**
 * How many of the member's notifications are unread; null while unknown or logged out. One timer
 * for the page, at the seed's refresh rate, only while a bell shows and the tab is visible.
 */
export const $unread = atom<number | null>(null, () => {
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

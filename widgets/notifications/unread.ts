import { atom, onMount } from 'nanostores';
import { useStore } from '../core/use-store.ts';
import { notificationPollMs } from '../../contract/notifications.ts';
import type { UnreadCount } from '../../contract/api/notifications.ts';
import { apiRequest } from '../core/api.ts';
import { $token } from '../core/session.ts';
import { refreshSession } from '../ui/SessionWatcher.tsx';
import { ordersChanged, walletChanged } from '../core/changes.ts';

/**
 * Asks the server now (after marking some read, say); the timer goes on as before. A count that
 * rises means something happened to the member (identity approved, a payment confirmed, income
 * paid): the member is read afresh, so every open screen follows (the add-card form, the balance),
 * and the order and money lists on the page read again (core/changes.ts).
 */
let asked = 0;

export async function refreshUnread(): Promise<void> {
  const question = ++asked;
  if ($token.get() === '') {
    $unread.set(null);
    return;
  }
  try {
    const before = $unread.get();
    const unread = (await apiRequest<UnreadCount>('GET', '/v1/notifications/unread')).detail.unread;
    // Only the latest question's answer counts: a timer's answer arriving after "mark all read" was asked again is stale.
    if (question !== asked) return;
    $unread.set(unread);
    if (before !== null && unread > before) {
      void refreshSession().catch(() => undefined);
      // The lists that news may have changed (a payment confirmed, income paid, a withdrawal decided) read again.
      walletChanged();
      ordersChanged();
    }
  } catch {
    // A failed refresh keeps the last count; the next tick tries again.
  }
}

const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * How many of the member's notifications are unread; null while unknown or logged out. One timer
 * for the page, at the original app's refresh rate, only while a bell shows and the tab is visible.
 */
export const $unread = atom<number | null>(null);

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

/**
 * Renders nothing; while shown, the unread count is watched as a bell watches it, so a screen that
 * waits on an operator (identity under review) follows the decision without a bell on the page.
 */
export function WatchForNews(): null {
  useStore($unread);
  return null;
}

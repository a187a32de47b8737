/** What the notifications routes read, passed through from the queries as they are. */
export { countNotifications, countUnread, listNotifications, markAllRead, markRead } from './notifications.repository.ts';

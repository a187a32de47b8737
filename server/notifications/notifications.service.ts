import type { Db } from '../db/database.ts';
import { notFound } from '../shared/errors.ts';
import { countUnread, markAllRead, markRead } from './notifications.repository.ts';

/** Marks one of the member's own notices read and says how many are left unread; another member's notice is 404. */
export async function readNotice(db: Db, userId: number, noticeId: number): Promise<number> {
  if (!(await markRead(db, userId, String(noticeId)))) throw notFound('notification_not_found', 'Notification not found');
  return countUnread(db, userId);
}

/** Marks every notice of the member read. */
export async function readAllNotices(db: Db, userId: number): Promise<void> {
  await markAllRead(db, userId);
}

export { countNotifications, countUnread, listNotifications } from './notifications.repository.ts';

/**
 * The member's notices as their route schemas declare them (server/notifications/notifications.schemas.ts): the notice
 * list and the unread badge read these types, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type { notificationSchema, unreadCountSchema } from '../../server/notifications/notifications.schemas.ts';

/** A notice, as GET v1/notifications lists it. */
export type Notice = Static<typeof notificationSchema>;
/** GET v1/notifications/unread, and what marking a notice read answers. */
export type UnreadCount = Static<typeof unreadCountSchema>;

import { Type } from 'typebox';
import { notificationKinds, type NotificationKind } from '../../contract/notifications.ts';

/** A notice to the member, as GET v1/notifications lists it. */
export const notificationSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Unsafe<NotificationKind>({ type: 'string', enum: [...notificationKinds] }),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  created_at: Type.String({ format: 'date-time' }),
  read_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/** How many notices the member has not read: GET v1/notifications/unread, and after marking one read. */
export const unreadCountSchema = Type.Object({ unread: Type.Integer() });

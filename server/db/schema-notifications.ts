import type { ColumnType, Generated } from 'kysely';
import type { NotificationKind } from '../../contract/notifications.ts';

/** Members' in-app notifications (migration 0015). */
export interface NotificationsTables {
  notifications: NotificationTable;
}

export interface NotificationTable {
  id: ColumnType<string, never, never>;
  user_id: number;
  kind: NotificationKind;
  params: ColumnType<Record<string, string | number>, string, never>;
  created_at: Generated<Date>;
  read_at: Date | null;
  mailed_at: Date | null;
  /** One more address to mail the notice to (a former e-mail, migration 0048); cleared once sent. */
  also_mail_to: ColumnType<string | null, string | null | undefined, string | null>;
}

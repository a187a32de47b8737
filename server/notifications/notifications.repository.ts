import { sql } from 'kysely';
import type { NotificationKind } from '../../contract/notifications.ts';
import type { Db } from '../db/database.ts';

export type NotificationParams = Record<string, string | number>;

/** Records one notification in the caller's transaction, so it exists exactly when what it tells of does. */
/** A notice for the member; `alsoMailTo` is one more address its e-mail goes to (a former e-mail address). */
export async function addNotification(
  trx: Db,
  userId: number,
  kind: NotificationKind,
  params: NotificationParams = {},
  alsoMailTo?: string,
): Promise<void> {
  await trx
    .insertInto('notifications')
    .values({ user_id: userId, kind, params: JSON.stringify(params), ...(alsoMailTo === undefined ? {} : { also_mail_to: alsoMailTo }) })
    .execute();
}

/**
 * One "income arrived" notice per member for a room's finished day, with the day's total for
 * that member: one statement, in the transaction that marks the day finished.
 */
export async function addIncomeNotifications(trx: Db, roomId: number, day: string, paidFrom: Date | null = null): Promise<void> {
  // A later pass of a day (orders paid off after it was first shared out) tells only of its own records.
  await sql`insert into notifications (user_id, kind, params)
    select r.user_id, 'income_arrived', jsonb_build_object('date', ${day}::text, 'engine_room_id', ${roomId}::int, 'amount', sum(r.amount)::text)
    from income_records r
    where r.engine_room_id = ${roomId} and r.business_date = ${day}::date and r.correction_entry_id is null
      and (${paidFrom}::timestamptz is null or exists (select 1 from orders o where o.id = r.order_id and o.paid_at >= ${paidFrom}::timestamptz))
    group by r.user_id`.execute(trx);
}

/**
 * Each member paid a share of a correction shared after its day hears of it once, with the day and the amount, in
 * words of its own: "income arrived" again would read as a second day's income (decision 048).
 */
export async function addCorrectionNotifications(trx: Db, roomId: number, day: string, correctionEntryId: string): Promise<void> {
  await sql`insert into notifications (user_id, kind, params)
    select r.user_id, 'income_corrected', jsonb_build_object('date', ${day}::text, 'engine_room_id', ${roomId}::int, 'amount', sum(r.amount)::text)
    from income_records r
    where r.correction_entry_id = ${correctionEntryId}::bigint
    group by r.user_id`.execute(trx);
}

export function countNotifications(db: Db, userId: number) {
  return db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.total));
}

export function countUnread(db: Db, userId: number) {
  return db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('unread'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.unread));
}

export function listNotifications(db: Db, userId: number, offset: number, limit: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'kind', 'params', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Marks one of the member's own notifications read; false when there is no such notification of theirs. */
export async function markRead(db: Db, userId: number, id: string): Promise<boolean> {
  const found = await db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`coalesce(read_at, now())` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return found.numUpdatedRows > 0n;
}

export async function markAllRead(db: Db, userId: number): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface UnmailedNotice {
  id: string;
  kind: NotificationKind;
  params: NotificationParams;
  created_at: Date;
  /** The member's address, and the one more the notice goes to (a former address), either possibly absent. */
  email: string | null;
  also_mail_to: string | null;
}

/**
 * Claims the next notices to e-mail: not yet mailed, younger than `since` (a server that starts
 * mailing does not send a backlog of old news), to members with an address. The claim (mailed_at)
 * commits before anything is sent, so no transaction waits on a mail server, and rows another
 * process has locked are skipped: each notice is sent by one process.
 */
export async function claimUnmailed(db: Db, since: Date, limit: number): Promise<UnmailedNotice[]> {
  return db.transaction().execute(async (trx) => {
    const notices = (await trx
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select(['n.id', 'n.kind', 'n.params', 'n.created_at', 'u.email', 'n.also_mail_to'])
      .where('n.mailed_at', 'is', null)
      .where('n.created_at', '>=', since)
      .where((eb) => eb.or([eb('u.email', 'is not', null), eb('n.also_mail_to', 'is not', null)]))
      .orderBy('n.id')
      .limit(limit)
      .forUpdate('n')
      .skipLocked()
      .execute()) as UnmailedNotice[];
    const ids = notices.map((notice) => notice.id);
    if (ids.length > 0) await trx.updateTable('notifications').set({ mailed_at: new Date() }).where('id', 'in', ids).execute();
    return notices;
  });
}

/** Gives back the claim on notices whose e-mail could not be sent, for the next round. */
export async function releaseUnsent(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.updateTable('notifications').set({ mailed_at: null }).where('id', 'in', ids).execute();
}

/** Forgets the extra addresses of notices mailed: a former address is kept no longer than its one e-mail needs. */
export async function forgetExtraAddresses(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0)
    await db
      .updateTable('notifications')
      .set({ also_mail_to: null })
      .where('id', 'in', ids)
      .where('also_mail_to', 'is not', null)
      .execute();
}

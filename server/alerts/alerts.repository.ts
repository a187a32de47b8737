import { sql } from 'kysely';
import { withdrawalStatus } from '../../contract/statuses.ts';
import type { Locale } from '../../locales/index.ts';
import type { Db } from '../db/database.ts';
import type { OperatorAlertTable } from '../db/schema-operators.ts';

export type AlertChannel = OperatorAlertTable['channel'];
/** The kinds of work an operator is told of: the queues a person must act on. */
export const workKinds = ['payment_notice', 'verification', 'withdrawal', 'refund', 'adjustment'] as const;
export type WorkKind = (typeof workKinds)[number];

/** One item of waiting work: `item` names it once and for all (a resubmitted verification is a new item). */
export interface WorkItem {
  item: string;
  kind: WorkKind;
  /** What an operator knows it by: the order number, or the member's username. */
  label: string;
  /** Points in ten-thousandths, where the item moves money. */
  amount: string | null;
  waiting_since: Date;
}

/**
 * Work waiting since `since` that the channel has not been told of, oldest first: payment notices, identity
 * verifications, withdrawals to pay, refunds owed, and credits or debits waiting for a second administrator.
 */
export async function untoldWork(db: Db, channel: AlertChannel, since: Date, limit: number): Promise<WorkItem[]> {
  const result = await sql<WorkItem>`
    select * from (
      select 'payment_notice:' || n.id as item, 'payment_notice' as kind, o.order_number as label,
        o.amount::text as amount, n.created_at as waiting_since
      from order_notices n join orders o on o.id = n.order_id
      where n.status = 'pending' and n.created_at >= ${since}
      union all
      select 'verification:' || u.id || ':' || floor(extract(epoch from u.verification_submitted_at) * 1000)::bigint,
        'verification', u.username, null, u.verification_submitted_at
      from users u
      where u.verification_status = 'pending' and u.verification_submitted_at >= ${since}
      union all
      select 'withdrawal:' || w.id, 'withdrawal', u.username, w.amount::text, w.created_at
      from withdrawals w join users u on u.id = w.user_id
      where w.status = ${withdrawalStatus.accepted} and w.created_at >= ${since}
      union all
      select 'refund:' || r.id, 'refund', o.order_number, r.amount::text, r.created_at
      from refunds r join orders o on o.id = r.order_id
      where r.status = 'owed' and r.created_at >= ${since}
      union all
      select 'adjustment:' || a.id, 'adjustment', u.username, a.amount::text, a.requested_at
      from member_adjustments a join users u on u.id = a.user_id
      where a.status = 'pending' and a.requested_at >= ${since}
    ) work
    where not exists (select 1 from operator_alerts t where t.channel = ${channel} and t.item = work.item)
    order by waiting_since, item
    limit ${limit}`.execute(db);
  return result.rows.map((row) => ({ ...row, waiting_since: new Date(row.waiting_since) }));
}

/**
 * Claims the items for the channel before anything is sent: of two processes finding the same item, only one
 * claims it. Returns the items this caller claimed.
 */
export async function claimAlerts(db: Db, channel: AlertChannel, items: readonly string[]): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const claimed = await db
    .insertInto('operator_alerts')
    .values(items.map((item) => ({ channel, item })))
    .onConflict((conflict) => conflict.columns(['channel', 'item']).doNothing())
    .returning('item')
    .execute();
  return new Set(claimed.map((row) => row.item));
}

/** Gives the claim back when the channel could not be reached, for the next round to try again. */
export async function releaseAlerts(db: Db, channel: AlertChannel, items: readonly string[]): Promise<void> {
  if (items.length === 0) return;
  await db.deleteFrom('operator_alerts').where('channel', '=', channel).where('item', 'in', items).execute();
}

/** Forgets claims older than any item a round still looks at: the table stays the size of a day's work. */
export async function forgetOldAlerts(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('operator_alerts').where('told_at', '<', before).execute();
}

export interface AlertSettings {
  alert_emails: string;
  /** Addresses written to in one language (the others get all three). */
  alert_email_locales: Record<string, Locale>;
  alert_webhook_url: string;
  alert_webhook_secret: string;
}

const settingsColumns = ['alert_emails', 'alert_email_locales', 'alert_webhook_url', 'alert_webhook_secret'] as const;

export async function readAlertSettings(db: Db): Promise<AlertSettings> {
  const row = await db.selectFrom('operator_settings').select(settingsColumns).where('id', '=', 1).executeTakeFirst();
  return row ?? { alert_emails: '', alert_email_locales: {}, alert_webhook_url: '', alert_webhook_secret: '' };
}

/** The settings row locked until the caller's transaction ends, so two administrators' changes queue. */
export async function lockAlertSettings(db: Db): Promise<AlertSettings> {
  return db.selectFrom('operator_settings').select(settingsColumns).where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
}

export async function writeAlertSettings(db: Db, settings: AlertSettings): Promise<void> {
  await db
    .updateTable('operator_settings')
    .set({ ...settings, alert_email_locales: JSON.stringify(settings.alert_email_locales), updated_at: new Date() })
    .where('id', '=', 1)
    .execute();
}

import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { businessZones } from '../db/business-day.ts';
import { alertMail, mailGroups, placeOf } from './alert-mail.ts';
import { smtpMailer, type Mailer } from '../notifications/mailer.ts';
import { pointsToDecimal } from '../shared/money.ts';
import { repeatEvery } from '../shared/repeat.ts';
import {
  claimAlerts,
  forgetOldAlerts,
  readAlertSettings,
  releaseAlerts,
  untoldWork,
  type AlertChannel,
  type WorkItem,
} from './alerts.repository.ts';

/** Work older than this when alerts start (or are first set up) is not told: news, not a backlog. */
export const alertWindowMs = 24 * 60 * 60_000;
const batchSize = 50;
/** How long a webhook receiver has to answer before the round gives up and tries again later. */
export const webhookTimeoutMs = 5_000;

/** What posts a webhook: fetch in the product, anything in a test. */
export type Post = (url: string, init: { body: string; headers: Record<string, string> }) => Promise<{ ok: boolean; status?: number }>;

export const fetchPost: Post = (url, init) =>
  fetch(url, { method: 'POST', ...init, redirect: 'error', signal: AbortSignal.timeout(webhookTimeoutMs) });

/**
 * The webhook's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the secret the back
 * office shows once. A receiver recomputes it and refuses a stale `t`, so a replayed or altered post is refused.
 */
export function webhookSignature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** The webhook's body: each item with its kind, what the operator knows it by, its amount as decimal points and where to act. */
export function webhookBody(items: readonly WorkItem[], publicUrl: string | undefined, at: Date): string {
  return JSON.stringify({
    event: 'work.waiting',
    sent_at: at.toISOString(),
    items: items.map((item) => ({
      item: item.item,
      kind: item.kind,
      label: item.label,
      amount: item.amount === null ? null : pointsToDecimal(BigInt(item.amount)),
      waiting_since: item.waiting_since.toISOString(),
      url: placeOf(publicUrl, item.kind),
    })),
  });
}

export interface AlertOutlets {
  mailer?: Mailer | undefined;
  post?: Post;
  publicUrl?: string | undefined;
}

/**
 * One round: for each channel set up, claims the work it has not been told of, tells it, and gives the claim back if
 * the channel could not be reached, for the next round. Each item is told at most once per channel: the claim commits
 * before anything is sent, and a process that dies between the two loses that one alert (the count in the back
 * office still shows the work).
 */
export async function alertRound(
  db: Db,
  outlets: AlertOutlets,
  now = new Date(),
): Promise<{ told: Partial<Record<AlertChannel, number>>; failed: AlertChannel[] }> {
  const settings = await readAlertSettings(db);
  const since = new Date(now.getTime() - alertWindowMs);
  const told: Partial<Record<AlertChannel, number>> = { email: 0, webhook: 0 };
  const failed: AlertChannel[] = [];
  const tell = async (channel: AlertChannel, send: (items: WorkItem[]) => Promise<boolean>) => {
    const found = await untoldWork(db, channel, since, batchSize);
    const claimed = await claimAlerts(
      db,
      channel,
      found.map((item) => item.item),
    );
    const items = found.filter((item) => claimed.has(item.item));
    if (items.length === 0) return;
    const sent = await send(items).catch(() => false);
    if (sent) told[channel] = items.length;
    else {
      failed.push(channel);
      await releaseAlerts(
        db,
        channel,
        items.map((item) => item.item),
      );
    }
  };
  if (outlets.mailer !== undefined) {
    const mailer = outlets.mailer;
    const { timeZone } = await businessZones(db, now);
    // Each language's addresses are a channel of their own: one e-mail each, claimed and retried apart.
    for (const group of mailGroups(settings))
      await tell(group.channel, async (items) => {
        await mailer.send({ to: group.to, ...alertMail(items, outlets.publicUrl, timeZone, group.locales) });
        return true;
      });
  }
  if (settings.alert_webhook_url !== '') {
    const post = outlets.post ?? fetchPost;
    await tell('webhook', async (items) => {
      const body = webhookBody(items, outlets.publicUrl, now);
      const answer = await post(settings.alert_webhook_url, {
        body,
        headers: { 'content-type': 'application/json', 'x-signature': webhookSignature(settings.alert_webhook_secret, body, now) },
      });
      return answer.ok;
    });
  }
  await forgetOldAlerts(db, new Date(now.getTime() - 2 * alertWindowMs));
  return { told, failed };
}

/** What the rounds watch to know whether any work changed since they last looked (dashboard/work-counts-cache.ts). */
export interface WorkChanges {
  readonly generation: number;
  readonly listening: boolean;
}

/**
 * Without a change announced, a round still runs this often: an address just set up is told of the day's work, and a
 * change made while the listener was reconnecting is found.
 */
const quietRoundMs = 60_000;

/**
 * Every process looks for new work on the original app's 5-second beat, but reads the database only when a queue announced a
 * change since the last complete round (or after `quietRoundMs`); returns the function that stops it.
 */
export function startOperatorAlerts(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  work: WorkChanges,
  everyMs = 5_000,
): () => Promise<void> {
  const mailer = config.smtpUrl === undefined ? undefined : smtpMailer(config.smtpUrl, config.mailFrom);
  let lookedAt: { generation: number; atMs: number } | undefined;
  const round = async () => {
    const generation = work.generation;
    const nowMs = Date.now();
    if (work.listening && lookedAt?.generation === generation && nowMs - lookedAt.atMs < quietRoundMs) return;
    lookedAt = undefined;
    const { told, failed } = await alertRound(db, { mailer, publicUrl: config.publicUrl });
    if (failed.length > 0) log.warn({ channels: failed }, 'operators could not be told of new work; the next round tries again');
    // A full batch may have left more behind: only a round that told everything it found lets the next ones rest.
    else if (Object.values(told).every((count) => count < batchSize)) lookedAt = { generation, atMs: nowMs };
  };
  const stop = repeatEvery(everyMs, () =>
    round().catch((error: unknown) => log.error({ err: error }, 'operator alert round failed; the next one tries again')),
  );
  return async () => {
    await stop();
    mailer?.close();
  };
}

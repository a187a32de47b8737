import eng from '../../locales/eng.json' with { type: 'json' };
import zhs from '../../locales/zhs.json' with { type: 'json' };
import zht from '../../locales/zht.json' with { type: 'json' };
import type { Db } from '../db/database.ts';
import { readAlertSettings } from './alerts.repository.ts';
import { fetchPost, webhookSignature, type AlertOutlets } from './operator-alerts.ts';

/** What a test did on one channel: nothing set up, delivered (for a webhook, a 2xx answer), or not. */
export type TestOutcome = 'not_set' | 'sent' | 'failed';

export interface AlertTestResult {
  email: TestOutcome;
  webhook: TestOutcome;
  /** The receiver's HTTP status, when it answered at all. */
  webhook_status: number | null;
}

/**
 * Sends one test through each channel as it is saved, so an administrator sees at once whether the mail server and
 * the receiver take it, instead of learning it when real work goes untold. The webhook's test is signed like real
 * posts, with `"event":"work.test"` and no items, so a receiver can check its signature code on it. Nothing is claimed:
 * a test tells no work.
 */
export async function sendTestAlert(db: Db, outlets: AlertOutlets, now = new Date()): Promise<AlertTestResult> {
  const settings = await readAlertSettings(db);
  const result: AlertTestResult = { email: 'not_set', webhook: 'not_set', webhook_status: null };
  const emails = settings.alert_emails.trim();
  if (emails !== '' && outlets.mailer !== undefined) {
    const languages = [zhs, zht, eng];
    result.email = await outlets.mailer
      .send({
        to: emails,
        subject: languages.map((words) => words.alert_test_subject).join(' / '),
        text: languages.map((words) => words.alert_test_text).join('\n\n'),
      })
      .then(() => 'sent' as const)
      .catch(() => 'failed' as const);
  }
  if (settings.alert_webhook_url !== '') {
    const body = JSON.stringify({ event: 'work.test', sent_at: now.toISOString(), items: [] });
    const post = outlets.post ?? fetchPost;
    const answer = await post(settings.alert_webhook_url, {
      body,
      headers: { 'content-type': 'application/json', 'x-signature': webhookSignature(settings.alert_webhook_secret, body, now) },
    }).catch(() => undefined);
    result.webhook = answer?.ok === true ? 'sent' : 'failed';
    result.webhook_status = answer?.status ?? null;
  }
  return result;
}

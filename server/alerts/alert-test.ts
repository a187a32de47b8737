import type { Db } from '../db/database.ts';
import { alertCatalogues, mailGroups } from './alert-mail.ts';
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
  const mailer = outlets.mailer;
  if (mailer !== undefined) {
    // One test e-mail per language group, in the languages its addresses are written to in.
    const sent = await Promise.all(
      mailGroups(settings).map(({ to, locales }) => {
        const words = locales.map((locale) => alertCatalogues[locale]);
        return mailer
          .send({
            to,
            subject: words.map((catalogue) => catalogue.alert_test_subject).join(' / '),
            text: words.map((catalogue) => catalogue.alert_test_text).join('\n\n'),
          })
          .then(() => true)
          .catch(() => false);
      }),
    );
    if (sent.length > 0) result.email = sent.every(Boolean) ? 'sent' : 'failed';
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

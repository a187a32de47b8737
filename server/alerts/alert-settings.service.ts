import { randomBytes } from 'node:crypto';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { validationError } from '../shared/errors.ts';
import { lockAlertSettings, readAlertSettings, writeAlertSettings, type AlertSettings } from './alerts.repository.ts';

export const alertEmailsMessage = 'Give up to 5 e-mail addresses, separated by commas.';
export const alertWebhookMessage = 'Give an https:// address (http:// only on this machine), or leave it empty.';
const maxAddresses = 5;
const emailPattern = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

/** What the back office shows: never the secret itself, only whether there is one (it is shown once, when made). */
export function alertSettingsView(settings: AlertSettings, emailAvailable: boolean) {
  return {
    emails: settings.alert_emails,
    webhook_url: settings.alert_webhook_url,
    webhook_secret_set: settings.alert_webhook_secret !== '',
    email_available: emailAvailable,
  };
}

/** The addresses as the setting keeps them: trimmed, deduplicated, comma-separated; refused by field when wrong. */
function checkedEmails(text: string): string {
  const addresses = [...new Set(text.split(/[,;\s]+/).filter((address) => address !== ''))];
  if (addresses.length > maxAddresses || addresses.some((address) => address.length > 254 || !emailPattern.test(address)))
    throw validationError({ emails: [alertEmailsMessage] });
  return addresses.join(', ');
}

/** An https address, or http to this machine's loopback (a receiver under test); anything else is refused. */
function checkedWebhookUrl(text: string): string {
  const url = text.trim();
  if (url === '') return '';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw validationError({ webhook_url: [alertWebhookMessage] });
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  if (url.length > 500 || parsed.username !== '' || !(parsed.protocol === 'https:' || (parsed.protocol === 'http:' && loopback)))
    throw validationError({ webhook_url: [alertWebhookMessage] });
  return parsed.href;
}

export interface AlertSettingsChange {
  emails?: string | undefined;
  webhook_url?: string | undefined;
  /** Make a new signing secret (the old one stops working at once). */
  new_secret?: boolean | undefined;
}

/**
 * Saves who is told of new work. A webhook address set for the first time, or `new_secret`, makes a new signing
 * secret, returned this once; clearing the address forgets it. Audited without the secret.
 */
export async function changeAlertSettings(db: Db, operatorId: number, change: AlertSettingsChange) {
  const emails = change.emails === undefined ? undefined : checkedEmails(change.emails);
  const webhookUrl = change.webhook_url === undefined ? undefined : checkedWebhookUrl(change.webhook_url);
  return db.transaction().execute(async (trx) => {
    const before = await lockAlertSettings(trx);
    const url = webhookUrl ?? before.alert_webhook_url;
    const replaceSecret = url !== '' && (before.alert_webhook_secret === '' || change.new_secret === true);
    const secret = url === '' ? '' : replaceSecret ? `whsec_${randomBytes(24).toString('base64url')}` : before.alert_webhook_secret;
    const after: AlertSettings = { alert_emails: emails ?? before.alert_emails, alert_webhook_url: url, alert_webhook_secret: secret };
    await writeAlertSettings(trx, after);
    await recordAudit(trx, {
      operatorId,
      action: 'operator.alerts',
      subjectType: 'operator_settings',
      subjectId: 1,
      before: { alert_emails: before.alert_emails, alert_webhook_url: before.alert_webhook_url },
      after: { alert_emails: after.alert_emails, alert_webhook_url: after.alert_webhook_url, secret_replaced: replaceSecret },
    });
    return { settings: after, newSecret: replaceSecret ? secret : undefined };
  });
}

/** The settings as the back office shows them. */
export async function readAlertSettingsView(db: Db, emailAvailable: boolean) {
  return alertSettingsView(await readAlertSettings(db), emailAvailable);
}

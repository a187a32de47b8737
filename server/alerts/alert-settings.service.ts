import { randomBytes } from 'node:crypto';
import { alertEmailLocales, alertEmails, alertWebhookUrl } from '../../contract/alert-rules.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { validationError } from '../shared/errors.ts';
import { lockAlertSettings, readAlertSettings, writeAlertSettings, type AlertSettings } from './alerts.repository.ts';

export const alertEmailsMessage = 'Give up to 5 e-mail addresses, separated by commas.';
export const alertLanguagesMessage = 'Choose all three languages, simplified Chinese, traditional Chinese or English for each address.';
export const alertWebhookMessage = 'Give an https:// address (http:// only on this machine), or leave it empty.';

/** What the back office shows: never the secret itself, only whether there is one (it is shown once, when made). */
export function alertSettingsView(settings: AlertSettings, emailAvailable: boolean) {
  return {
    emails: settings.alert_emails,
    email_languages: settings.alert_email_locales,
    webhook_url: settings.alert_webhook_url,
    webhook_secret_set: settings.alert_webhook_secret !== '',
    email_available: emailAvailable,
  };
}

export interface AlertSettingsChange {
  emails?: string | undefined;
  /** Address → `all`, `zhs`, `zht` or `eng`; an address not given keeps its language. */
  email_languages?: Record<string, string> | undefined;
  webhook_url?: string | undefined;
  /** Make a new signing secret (the old one stops working at once). */
  new_secret?: boolean | undefined;
}

/**
 * Saves who is told of new work. A webhook address set for the first time, or `new_secret`, makes a new signing
 * secret, returned this once; clearing the address forgets it. Audited without the secret.
 */
export async function changeAlertSettings(db: Db, operatorId: number, change: AlertSettingsChange) {
  const emails = change.emails === undefined ? undefined : alertEmails(change.emails);
  const webhookUrl = change.webhook_url === undefined ? undefined : alertWebhookUrl(change.webhook_url);
  if (emails === null) throw validationError({ emails: [alertEmailsMessage] });
  if (webhookUrl === null) throw validationError({ webhook_url: [alertWebhookMessage] });
  return db.transaction().execute(async (trx) => {
    const before = await lockAlertSettings(trx);
    const url = webhookUrl ?? before.alert_webhook_url;
    const kept = emails ?? before.alert_emails;
    const locales = alertEmailLocales(kept, { ...before.alert_email_locales, ...change.email_languages });
    if (locales === null) throw validationError({ email_languages: [alertLanguagesMessage] });
    const replaceSecret = url !== '' && (before.alert_webhook_secret === '' || change.new_secret === true);
    const secret = url === '' ? '' : replaceSecret ? `whsec_${randomBytes(24).toString('base64url')}` : before.alert_webhook_secret;
    const after: AlertSettings = { alert_emails: kept, alert_email_locales: locales, alert_webhook_url: url, alert_webhook_secret: secret };
    await writeAlertSettings(trx, after);
    await recordAudit(trx, {
      operatorId,
      action: 'operator.alerts',
      subjectType: 'operator_settings',
      subjectId: 1,
      before: {
        alert_emails: before.alert_emails,
        alert_email_locales: before.alert_email_locales,
        alert_webhook_url: before.alert_webhook_url,
      },
      after: {
        alert_emails: after.alert_emails,
        alert_email_locales: after.alert_email_locales,
        alert_webhook_url: after.alert_webhook_url,
        secret_replaced: replaceSecret,
      },
    });
    return { settings: after, newSecret: replaceSecret ? secret : undefined };
  });
}

/** The settings as the back office shows them. */
export async function readAlertSettingsView(db: Db, emailAvailable: boolean) {
  return alertSettingsView(await readAlertSettings(db), emailAvailable);
}

import { useEffect, useState, type FormEvent } from 'react';
import type { AlertSettings, AlertSettingsSaved, AlertTestResult } from '../../../../contract/api/alerts.ts';
import { alertEmails, alertWebhookUrl, type AlertLanguage } from '../../../../contract/alert-rules.ts';
import { useI18n, type Translate } from '../../../core/i18n.ts';
import { knownRefusalKey } from '../../../core/refusal.ts';
import { Field, FormMessage, SubmitButton, type Outcome } from '../../../ui/form.tsx';
import { fieldErrors } from '../../../ui/server-messages.ts';
import { AlertLanguages } from './AlertLanguages.tsx';
import { formFields } from '../../shared/form-fields.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { alertRefusals } from './settings-keys.ts';

type Errors = Partial<Record<'emails' | 'webhook_url', string>>;

/** The test's outcome in words, one sentence a channel; failed if any channel did not take it. */
function testOutcome(result: AlertTestResult, t: Translate): Outcome {
  const status = result.webhook_status === null ? t('admin_alerts_test_no_answer') : String(result.webhook_status);
  const lines = [
    ...(result.email === 'not_set' ? [] : [t(result.email === 'sent' ? 'admin_alerts_test_email_sent' : 'admin_alerts_test_email_failed')]),
    ...(result.webhook === 'not_set'
      ? []
      : [t(result.webhook === 'sent' ? 'admin_alerts_test_webhook_sent' : 'admin_alerts_test_webhook_failed', { status })]),
  ];
  if (lines.length === 0) return { text: t('admin_alerts_test_nothing'), failed: true };
  return { text: lines.join(' '), failed: result.email === 'failed' || result.webhook === 'failed' };
}

/**
 * Who is told of new work outside the back office (decision 064): e-mail addresses, and a webhook whose posts are
 * signed. The signing secret is shown once, in the answer that made it; afterwards only that there is one.
 */
export function AlertSettings() {
  const { t } = useI18n();
  const [saved, setSaved] = useState<AlertSettingsSaved | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [emails, setEmails] = useState('');
  const [languages, setLanguages] = useState<Record<string, AlertLanguage>>({});
  const typed = alertEmails(emails);
  const addresses = typed === null || typed === '' ? [] : typed.split(', ');
  const [webhook, setWebhook] = useState('');
  const [newSecret, setNewSecret] = useState(false);
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  const show = (settings: AlertSettingsSaved) => {
    setSaved(settings);
    setEmails(settings.emails);
    setLanguages(settings.email_languages);
    setWebhook(settings.webhook_url);
    setNewSecret(false);
    setSecret(settings.webhook_secret ?? '');
  };

  useEffect(() => {
    adminRequest<AlertSettings>('GET', '/alerts')
      .then((envelope) => show(envelope.detail))
      .catch(() => setLoadFailed(true));
  }, []);

  const sendTest = async () => {
    setOutcome(null);
    setBusy(true);
    try {
      setOutcome(testOutcome((await adminRequest<AlertTestResult>('POST', '/alerts/test')).detail, t));
    } catch (error) {
      setOutcome({ text: t(knownRefusalKey(error, alertRefusals, 'admin_action_failed')), failed: true });
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found: Errors = {};
    if (alertEmails(emails) === null) found.emails = t('admin_alerts_emails_invalid');
    if (alertWebhookUrl(webhook) === null) found.webhook_url = t('admin_alerts_webhook_invalid');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const envelope = await adminRequest<AlertSettingsSaved>('PUT', '/alerts', {
        emails: emails.trim(),
        ...formFields({ email_languages: Object.fromEntries(addresses.map((address) => [address, languages[address] ?? 'all'])) }),
        webhook_url: webhook.trim(),
        ...(newSecret ? { new_secret: 'true' } : {}),
      });
      show(envelope.detail);
      setOutcome({ text: t('admin_alerts_saved'), failed: false });
    } catch (error) {
      const fields = fieldErrors(error, alertRefusals);
      setErrors({
        ...(fields.emails === undefined ? {} : { emails: t('admin_alerts_emails_invalid') }),
        ...(fields.webhook_url === undefined ? {} : { webhook_url: t('admin_alerts_webhook_invalid') }),
      });
      if (Object.keys(fields).length === 0)
        setOutcome({ text: t(knownRefusalKey(error, alertRefusals, 'admin_action_failed')), failed: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="gs-admin-alerts">
      <h2 id="gs-admin-alerts">{t('admin_alerts')}</h2>
      <p>{t('admin_alerts_intro')}</p>
      {loadFailed && (
        <p className="gs-message gs-message--error" role="alert">
          {t('admin_load_error')}
        </p>
      )}
      {saved !== null && (
        <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="gs-admin-alerts">
          <Field
            id="gs-alerts-emails"
            name="emails"
            label={t('admin_alerts_emails')}
            hint={saved.email_available ? t('admin_alerts_emails_hint') : t('admin_alerts_no_mail')}
            value={emails}
            onChange={setEmails}
            error={errors.emails}
            maxLength={1300}
            autoComplete="off"
          />
          <AlertLanguages
            addresses={addresses}
            languages={languages}
            onChange={(address, language) => setLanguages((current) => ({ ...current, [address]: language }))}
          />
          <Field
            id="gs-alerts-webhook"
            name="webhook_url"
            label={t('admin_alerts_webhook')}
            hint={t('admin_alerts_webhook_hint')}
            value={webhook}
            onChange={setWebhook}
            error={errors.webhook_url}
            maxLength={500}
            autoComplete="off"
          />
          {saved.webhook_secret_set && (
            <label className="gs-admin__check">
              <input
                type="checkbox"
                name="new_secret"
                checked={newSecret}
                onChange={(event) => setNewSecret(event.currentTarget.checked)}
              />
              {t('admin_alerts_new_secret')}
            </label>
          )}
          {secret !== '' && (
            <p className="gs-message gs-message--ok" role="status">
              {t('admin_alerts_secret_shown')} <code>{secret}</code>
            </p>
          )}
          <FormMessage outcome={outcome} />
          <SubmitButton busy={busy}>{t('admin_alerts_save')}</SubmitButton>{' '}
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            aria-describedby="gs-alerts-test-hint"
            onClick={() => void sendTest()}
          >
            {t('admin_alerts_test')}
          </button>
          <p id="gs-alerts-test-hint" className="gs-field__hint">
            {t('admin_alerts_test_hint')}
          </p>
        </form>
      )}
    </section>
  );
}

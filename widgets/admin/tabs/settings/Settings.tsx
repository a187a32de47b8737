import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { IncomeSettings } from '../../../../contract/api/revenue.ts';
import { useI18n, type Translate } from '../../../core/i18n.ts';
import { appVersion, buildDate } from '../../../core/build-info.ts';
import { knownRefusalKey } from '../../../core/refusal.ts';
import { Field, FormMessage, SubmitButton, type Outcome } from '../../../ui/form.tsx';
import { fieldErrors } from '../../../ui/server-messages.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { settingsRefusals } from './settings-keys.ts';
import { VerificationChoices } from './VerificationChoices.tsx';
import { AlertSettings } from './AlertSettings.tsx';
import { zoneLabel } from '../../shared/time-zone-names.ts';

type Errors = Partial<Record<'interest_rate' | 'operator_fee_percent' | 'business_time_zone' | 'reason', string>>;

/** A percentage as the API takes it: 0 to 100 with at most two decimals. */
const percentText = /^\d{1,3}(\.\d{1,2})?$/;
const validPercent = (text: string) => percentText.test(text.trim()) && Number(text) <= 100;

/** UTC, then every zone the browser knows, with the saved ones kept even if this browser does not list them. */
function timeZones(saved: readonly string[]): string[] {
  const known = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((name) => name !== 'UTC')];
  return [...saved.filter((name) => !known.includes(name)), ...known];
}

function refused(error: unknown, t: Translate): { errors: Errors; text: string } {
  const errors: Errors = Object.fromEntries(Object.entries(fieldErrors(error, settingsRefusals)).map(([field, key]) => [field, t(key)]));
  return { errors, text: Object.keys(errors).length > 0 ? '' : t(knownRefusalKey(error, settingsRefusals, 'admin_action_failed')) };
}

/**
 * The business's own settings: the expected monthly rate members see as an estimate, the operator's
 * fee taken from each day's revenue (a change asks for a reason, as it changes every member's
 * income from the next distribution), the time zone business days are counted in (a change asks for
 * a reason and takes effect from the next day not started, which the screen names: decision 047), and the version
 * members are running. Service contacts are brand-site content, edited under "Brand site".
 */
export function Settings() {
  const { t, locale } = useI18n();
  const [saved, setSaved] = useState<IncomeSettings | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [rate, setRate] = useState('');
  const [fee, setFee] = useState('');
  const [zone, setZone] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  // Some four hundred zones, each worded once per language rather than on every keystroke.
  const savedZones =
    saved === null
      ? []
      : [saved.business_time_zone, ...(saved.business_time_zone_next === null ? [] : [saved.business_time_zone_next.time_zone])];
  const zoneOptions = useMemo(
    () => timeZones(savedZones).map((name) => ({ name, label: zoneLabel(name, locale) })),
    [savedZones.join(' '), locale],
  );

  const show = (settings: IncomeSettings) => {
    setSaved(settings);
    setRate(String(settings.interest_rate));
    setFee(String(settings.operator_fee_percent));
    setZone(settings.business_time_zone_next?.time_zone ?? settings.business_time_zone);
    setReason('');
  };

  useEffect(() => {
    adminRequest<IncomeSettings>('GET', '/settings')
      .then((envelope) => show(envelope.detail))
      .catch(() => setLoadFailed(true));
  }, []);

  const feeChanged = saved !== null && validPercent(fee) && Number(fee) !== saved.operator_fee_percent;
  // The zone ahead is the waiting one, else today's: choosing another needs a reason, as the fee does.
  const zoneChanged = saved !== null && zone !== (saved.business_time_zone_next?.time_zone ?? saved.business_time_zone);
  const needsReason = feeChanged || zoneChanged;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found: Errors = {};
    if (!validPercent(rate)) found.interest_rate = t('admin_settings_percent_invalid');
    if (!validPercent(fee)) found.operator_fee_percent = t('admin_settings_percent_invalid');
    if (needsReason && reason.trim() === '') found.reason = t('admin_reason_needed');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const envelope = await adminRequest<IncomeSettings>('PUT', '/settings', {
        interest_rate: rate.trim(),
        operator_fee_percent: fee.trim(),
        business_time_zone: zone,
        ...(needsReason ? { reason: reason.trim() } : {}),
      });
      show(envelope.detail);
      setOutcome({ text: t('admin_settings_saved'), failed: false });
    } catch (error) {
      const { errors: fields, text } = refused(error, t);
      setErrors(fields);
      if (text !== '') setOutcome({ text, failed: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="gs-admin-settings">
      <h2 id="gs-admin-settings">{t('admin_settings')}</h2>
      {loadFailed && (
        <p className="gs-message gs-message--error" role="alert">
          {t('admin_load_error')}
        </p>
      )}
      {saved !== null && (
        <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="gs-admin-settings">
          <Field
            id="gs-settings-rate"
            name="interest_rate"
            label={t('admin_settings_rate')}
            hint={t('admin_settings_rate_hint')}
            value={rate}
            onChange={setRate}
            error={errors.interest_rate}
            maxLength={6}
          />
          <Field
            id="gs-settings-fee"
            name="operator_fee_percent"
            label={t('admin_settings_fee')}
            hint={t('admin_settings_fee_hint')}
            value={fee}
            onChange={setFee}
            error={errors.operator_fee_percent}
            maxLength={6}
          />
          <div className="gs-field">
            <label htmlFor="gs-settings-zone">{t('admin_settings_zone')}</label>
            <div className="gs-field__control">
              <select
                id="gs-settings-zone"
                name="business_time_zone"
                value={zone}
                aria-invalid={errors.business_time_zone ? true : undefined}
                aria-describedby="gs-settings-zone-hint gs-settings-zone-error"
                onChange={(event) => setZone(event.currentTarget.value)}
              >
                {zoneOptions.map(({ name, label }) => (
                  <option key={name} value={name}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <p id="gs-settings-zone-hint" className="gs-field__hint">
              {t('admin_settings_zone_now', { zone: zoneLabel(saved.business_time_zone, locale) })}{' '}
              {saved.business_time_zone_next !== null &&
                `${t('admin_settings_zone_next', { date: saved.business_time_zone_next.from_date, zone: zoneLabel(saved.business_time_zone_next.time_zone, locale) })} `}
              {t('admin_settings_zone_hint')}
            </p>
            <p id="gs-settings-zone-error" className="gs-field__error" aria-live="polite">
              {errors.business_time_zone}
            </p>
          </div>
          {needsReason && (
            <Field
              id="gs-settings-reason"
              name="reason"
              label={t('admin_change_reason')}
              value={reason}
              onChange={setReason}
              error={errors.reason}
              maxLength={500}
            />
          )}
          <FormMessage outcome={outcome} />
          <SubmitButton busy={busy}>{t('admin_settings_save')}</SubmitButton>
        </form>
      )}
      <VerificationChoices />
      <AlertSettings />
      <h3>{t('admin_settings_about')}</h3>
      <p>
        {t('setting_version', { version: appVersion })} · {t('setting_build_date', { date: buildDate })}
      </p>
      <p>{t('admin_settings_contacts')}</p>
    </section>
  );
}

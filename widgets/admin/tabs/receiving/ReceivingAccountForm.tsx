import type { Choice as Country } from '../../../../contract/api/verification.ts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useI18n } from '../../../core/i18n.ts';
import { choiceName } from '../../../core/local-name.ts';
import { Field } from '../../../ui/form.tsx';
import { useFormSubmission, type FieldErrors } from '../../shared/form-submission.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import type { Outcome } from '../../shared/queue-parts.tsx';
import { receivingWording } from './receiving-refusals.ts';
import type { ReceivingAccount } from '../../../../contract/api/receiving.ts';

const siteLocales = ['zhs', 'zht', 'eng'] as const;
/** A country members verify with (GET v1/country), named in each language (administrators manage them). */
interface AccountFormProps {
  /** The account edited; null for the add form. */
  account: ReceivingAccount | null;
  countries: Country[];
  onClose: (done: Outcome | null) => void;
}

const textFields = [
  ['bank_name', 'admin_recv_bank', 80],
  ['branch', 'admin_recv_branch', 120],
  ['account_holder', 'admin_recv_holder', 120],
  ['account_number', 'admin_recv_number', 60],
  ['type', 'admin_recv_type', 40],
] as const;
type TextField = (typeof textFields)[number][0];

/** Adds an account, or edits one (a demo account's bank details are shown but fixed: the server refuses a change). */
export function AccountForm({ account, countries, onClose }: AccountFormProps) {
  const { locale, t } = useI18n();
  const prefix = account === null ? 'gs-recv-add' : `gs-recv-edit-${account.id}`;
  const [values, setValues] = useState<Record<TextField, string>>({
    bank_name: account?.bank_name ?? '',
    branch: account?.branch ?? '',
    account_holder: account?.account_holder ?? '',
    account_number: account?.account_number ?? '',
    type: account?.type ?? '',
  });
  const [locales, setLocales] = useState<string[]>(account?.locales ?? [...siteLocales]);
  const [countryIds, setCountryIds] = useState<number[]>(account?.countries_id ?? []);
  const { errors, failure, busy, submit: send } = useFormSubmission(receivingWording);
  const ref = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (account !== null) ref.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []); // Once, as the edit panel opens.

  const toggle = <T,>(list: T[], item: T) => (list.includes(item) ? list.filter((other) => other !== item) : [...list, item]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const blank: FieldErrors = {};
    for (const [field] of textFields) if (values[field].trim() === '') blank[field] = t('admin_recv_needed');
    const number = values.account_number.trim();
    const body = {
      ...Object.fromEntries(textFields.map(([field]) => [field, values[field].trim()])),
      locales: siteLocales.filter((locale) => locales.includes(locale)).join(','),
      countries_id: [...countryIds].sort((a, b) => a - b).join(','),
    };
    return send(blank, async () => {
      if (account === null) {
        await adminRequest('POST', '/receiving-accounts', body);
        setValues({ bank_name: '', branch: '', account_holder: '', account_number: '', type: '' });
        setLocales([...siteLocales]);
        setCountryIds([]);
        onClose({ text: t('admin_recv_added', { number }), failed: false });
      } else {
        await adminRequest('PUT', `/receiving-accounts/${account.id}`, body);
        onClose({ text: t('admin_recv_saved', { number }), failed: false });
      }
    });
  };

  const heading = account === null ? t('admin_recv_add') : t('admin_recv_editing', { number: account.account_number });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={account === null ? undefined : 'gs-admin__item'}>
      <fieldset ref={ref} className="gs-admin__form">
        <legend>{heading}</legend>
        {textFields.map(([field, label, maxLength]) => (
          <Field
            key={field}
            id={`${prefix}-${field}`}
            name={field}
            label={t(label)}
            hint={field === 'type' ? t('admin_recv_type_hint') : undefined}
            value={values[field]}
            onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
            error={errors[field]}
            autoComplete="off"
            maxLength={maxLength}
          />
        ))}
        <fieldset className="gs-admin__checks" aria-describedby={errors.locales ? `${prefix}-locales-error` : undefined}>
          <legend>{t('admin_recv_sites')}</legend>
          {siteLocales.map((locale) => (
            <label key={locale} className="gs-admin__check">
              <input type="checkbox" checked={locales.includes(locale)} onChange={() => setLocales((current) => toggle(current, locale))} />
              {t(`language_${locale}`)}
            </label>
          ))}
          <p id={`${prefix}-locales-error`} className="gs-field__error" aria-live="polite">
            {errors.locales}
          </p>
        </fieldset>
        <fieldset className="gs-admin__checks" aria-describedby={`${prefix}-countries-hint`}>
          <legend>{t('admin_recv_countries')}</legend>
          {countries.map((country) => (
            <label key={country.id} className="gs-admin__check">
              <input
                type="checkbox"
                checked={countryIds.includes(country.id)}
                onChange={() => setCountryIds((current) => toggle(current, country.id))}
              />
              {choiceName(country, locale)}
            </label>
          ))}
          <p id={`${prefix}-countries-hint`} className="gs-field__hint">
            {t('admin_recv_countries_hint')}
          </p>
          <p className="gs-field__error" aria-live="polite">
            {errors.countries_id}
          </p>
        </fieldset>
        <p className="gs-message gs-message--error" role="alert">
          {failure}
        </p>
        <div className="gs-actions">
          <button type="submit" className="button button--small" disabled={busy} aria-busy={busy}>
            {account === null ? t('admin_recv_add') : t('admin_recv_save')}
          </button>
          {account !== null && (
            <button type="button" className="button button--small button--quiet" onClick={() => onClose(null)}>
              {t('admin_recv_cancel')}
            </button>
          )}
        </div>
      </fieldset>
    </form>
  );
}

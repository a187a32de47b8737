import { useEffect, useRef, useState, type FormEvent } from 'react';
import { apiRequest } from '../core/api.ts';
import { useI18n, type Translate } from '../core/i18n.ts';
import { usePagedList, type Paged } from '../core/paged.ts';
import { Pager } from '../ui/Pager.tsx';
import { Field } from '../ui/form.tsx';
import { adminRequest } from './operator-session.ts';
import { QueueStatus, type Outcome } from './queue-parts.tsx';
import { receivingWording } from './receiving-refusals.ts';
import { useFormSubmission, type FieldErrors } from './form-submission.ts';
import { VirtualCurrency } from './VirtualCurrency.tsx';
import { ReasonPanel } from './ReasonPanel.tsx';

export interface ReceivingAccount {
  id: number;
  position: number;
  bank_name: string;
  branch: string;
  account_holder: string;
  account_number: string;
  type: string;
  locales: string[];
  countries_id: number[];
  enabled: boolean;
  disabled_reason: string | null;
  demo: boolean;
}

const siteLocales = ['zhs', 'zht', 'eng'] as const;
/** The countries members register with (GET v1/country), named in the operator's language. */
const countryKeys: Record<number, string> = { 1: 'verify_country_china', 2: 'verify_country_vietnam' };

interface Country {
  id: number;
  type: string;
}

const countryName = (country: Country, t: Translate) =>
  countryKeys[country.id] === undefined ? country.type : t(countryKeys[country.id] ?? '');

/** What an open panel under the table is doing to one account. */
type Panel = { kind: 'edit'; account: ReceivingAccount } | { kind: 'disable'; account: ReceivingAccount };

/**
 * The accounts members pay into (decision 024): the table in the members' order with buttons to
 * move each up or down, edit it, switch it off with a reason or on again; a form to add one; and
 * the virtual-currency address. Demo accounts are labelled and their bank details cannot be edited.
 */
export function ReceivingAccounts() {
  const { t } = useI18n();
  const list = usePagedList<ReceivingAccount>('/receiving-accounts', (path) => adminRequest<Paged<ReceivingAccount>>('GET', path));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [busy, setBusy] = useState(false);
  const [countries, setCountries] = useState<Country[]>([]);

  useEffect(() => {
    let live = true;
    apiRequest<Country[]>('GET', '/v1/country', undefined, { anonymous: true })
      .then((envelope) => live && setCountries(envelope.detail))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const act = async (account: ReceivingAccount, path: string, body: Record<string, unknown>, done: string) => {
    setBusy(true);
    try {
      await adminRequest(path.endsWith('/move') ? 'POST' : 'PUT', path, body);
      setOutcome({ text: t(done, { number: account.account_number }), failed: false });
    } catch (error) {
      setOutcome({ text: receivingWording.text(error, t), failed: true });
    } finally {
      setBusy(false);
    }
    list.reload();
  };

  const closed = (done: Outcome | null) => {
    setPanel(null);
    if (done !== null) setOutcome(done);
    list.reload();
  };

  const rows = list.page?.data ?? [];
  const page = list.page;
  // The place in the members' list, counted across pages (stored positions may have gaps).
  const placeOf = (index: number) => (page === null ? index + 1 : (page.current_page - 1) * page.per_page + index + 1);
  const total = page?.total ?? 0;
  const sites = (account: ReceivingAccount) =>
    account.locales.length === 0 ? t('admin_recv_sites_none') : account.locales.map((locale) => t(`language_${locale}`)).join(', ');
  const audience = (account: ReceivingAccount) =>
    account.countries_id.length === 0
      ? t('admin_recv_countries_all')
      : account.countries_id
          .map((id) => countryName(countries.find((country) => country.id === id) ?? { id, type: String(id) }, t))
          .join(', ');

  return (
    <section aria-labelledby="gs-admin-receiving">
      <h2 id="gs-admin-receiving">{t('admin_receiving_accounts')}</h2>
      <QueueStatus outcome={outcome} list={list} />
      {rows.some((account) => account.demo) && <p className="gs-admin__note">{t('admin_recv_demo_note')}</p>}
      <div className="gs-admin__scroll">
        <table className="gs-table">
          <caption>{t('admin_recv_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin_recv_position')}</th>
              <th scope="col">{t('admin_recv_number')}</th>
              <th scope="col">{t('admin_recv_bank')}</th>
              <th scope="col">{t('admin_recv_holder')}</th>
              <th scope="col">{t('admin_recv_type')}</th>
              <th scope="col">{t('admin_recv_sites')}</th>
              <th scope="col">{t('admin_recv_countries')}</th>
              <th scope="col">{t('admin_recv_state')}</th>
              <th scope="col">{t('admin_recv_actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((account, index) => (
              <tr key={account.id}>
                <td>{placeOf(index)}</td>
                <th scope="row" id={`gs-recv-${account.id}`}>
                  <code>{account.account_number}</code>
                  {account.demo && (
                    <>
                      {' '}
                      <span className="gs-admin__demo">{t('admin_recv_demo')}</span>
                    </>
                  )}
                </th>
                <td>
                  {account.bank_name}
                  <br />
                  {account.branch}
                </td>
                <td>{account.account_holder}</td>
                <td>{account.type}</td>
                <td>{sites(account)}</td>
                <td>{audience(account)}</td>
                <td>{account.enabled ? t('admin_recv_on') : t('admin_recv_off', { reason: account.disabled_reason ?? '' })}</td>
                <td>
                  <div className="gs-actions">
                    <button
                      type="button"
                      className="button button--small button--quiet"
                      aria-describedby={`gs-recv-${account.id}`}
                      disabled={busy || placeOf(index) <= 1}
                      onClick={() => void act(account, `/receiving-accounts/${account.id}/move`, { direction: 'up' }, 'admin_recv_moved')}
                    >
                      {t('admin_recv_up')}
                    </button>
                    <button
                      type="button"
                      className="button button--small button--quiet"
                      aria-describedby={`gs-recv-${account.id}`}
                      disabled={busy || placeOf(index) >= total}
                      onClick={() => void act(account, `/receiving-accounts/${account.id}/move`, { direction: 'down' }, 'admin_recv_moved')}
                    >
                      {t('admin_recv_down')}
                    </button>
                    <button
                      type="button"
                      className="button button--small button--quiet"
                      aria-describedby={`gs-recv-${account.id}`}
                      onClick={() => setPanel({ kind: 'edit', account })}
                    >
                      {t('admin_recv_edit')}
                    </button>
                    {account.enabled ? (
                      <button
                        type="button"
                        className="button button--small button--secondary"
                        aria-describedby={`gs-recv-${account.id}`}
                        onClick={() => setPanel({ kind: 'disable', account })}
                      >
                        {t('admin_recv_disable')}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="button button--small"
                        aria-describedby={`gs-recv-${account.id}`}
                        disabled={busy}
                        onClick={() => void act(account, `/receiving-accounts/${account.id}`, { enabled: true }, 'admin_recv_enabled')}
                      >
                        {t('admin_recv_enable')}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.page !== null && <Pager current={list.page.current_page} last={list.page.last_page} onGo={list.go} />}
      {panel?.kind === 'edit' && (
        <AccountForm key={`edit-${panel.account.id}`} account={panel.account} countries={countries} onClose={closed} />
      )}
      {panel?.kind === 'disable' && <DisableAccount key={`disable-${panel.account.id}`} account={panel.account} onClose={closed} />}
      <AccountForm key="add" account={null} countries={countries} onClose={closed} />
      <VirtualCurrency />
    </section>
  );
}

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
function AccountForm({ account, countries, onClose }: AccountFormProps) {
  const { t } = useI18n();
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
              {countryName(country, t)}
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

function DisableAccount({ account, onClose }: { account: ReceivingAccount; onClose: (done: Outcome | null) => void }) {
  const { t } = useI18n();
  return (
    <ReasonPanel
      id="gs-recv-reason"
      legend={t('admin_recv_disabling', { number: account.account_number })}
      reasonLabel={t('admin_recv_disable_reason')}
      submitLabel={t('admin_recv_disable')}
      cancelLabel={t('admin_recv_cancel')}
      act={async (reason) => {
        await adminRequest('PUT', `/receiving-accounts/${account.id}`, { enabled: false, reason });
        return t('admin_recv_disabled', { number: account.account_number });
      }}
      refused={(error) => receivingWording.text(error, t)}
      onClose={onClose}
    />
  );
}

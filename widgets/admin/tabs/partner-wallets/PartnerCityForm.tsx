import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useI18n, type Translate } from '../../../core/i18n.ts';
import { knownRefusalKey } from '../../../core/refusal.ts';
import { Field } from '../../../ui/form.tsx';
import { SelectField } from '../../../ui/SelectField.tsx';
import { fieldErrors } from '../../../ui/server-messages.ts';
import { partnerWalletsRefusals } from './partner-wallets-keys.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import type { PartnerCity } from '../../../../contract/api/partners.ts';
import type { Outcome } from '../../shared/queue-parts.tsx';
import { ReasonPanel } from '../../shared/ReasonPanel.tsx';

type Values = Record<'name_zhs' | 'name_zht' | 'name_eng' | 'kind' | 'base_url' | 'api_key' | 'secret', string>;
type Errors = Partial<Record<keyof Values, string>>;

const locales = ['zhs', 'zht', 'eng'] as const;

/** The same rules the server applies, worded per field before anything is sent. */
function problems(values: Values, city: PartnerCity | null, t: Translate): Errors {
  const errors: Errors = {};
  for (const locale of locales)
    if (values[`name_${locale}`].trim() === '') errors[`name_${locale}`] = t('admin_partner_wallets_name_needed');
  const url = values.base_url.trim();
  const external = values.kind === 'external';
  if ((external || url !== '') && !/^https:\/\/[^\s/]+/.test(url)) errors.base_url = t('admin_partner_wallets_base_url_needed');
  if (external && values.api_key.trim() === '') errors.api_key = t('admin_partner_wallets_api_key_needed');
  if (external && values.secret.trim() === '' && city?.secret_set !== true) errors.secret = t('admin_partner_wallets_secret_needed');
  return errors;
}

/** Adds a partner city, or renames one and changes its adapter settings; a stored secret is kept unless a new one is typed. */
export function PartnerCityForm({ city, onDone }: { city: PartnerCity | null; onDone: (done: Outcome | null) => void }) {
  const { t } = useI18n();
  const blank: Values = {
    name_zhs: city?.names.zhs ?? '',
    name_zht: city?.names.zht ?? '',
    name_eng: city?.names.eng ?? city?.name ?? '',
    kind: city?.kind ?? 'internal',
    base_url: city?.base_url ?? '',
    api_key: city?.api_key ?? '',
    secret: '',
  };
  const [values, setValues] = useState<Values>(blank);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (city !== null) heading.current?.focus();
  }, [city?.id]);
  const set = (field: keyof Values) => (value: string) => setValues((old) => ({ ...old, [field]: value }));
  const id = city === null ? 'gs-city-new' : `gs-city-edit-${city.id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const found = problems(values, city, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: Record<string, string> = { ...values };
    if (body.secret?.trim() === '') delete body.secret;
    setBusy(true);
    try {
      const envelope = await adminRequest<PartnerCity>(
        city === null ? 'POST' : 'PUT',
        city === null ? '/partner-cities' : `/partner-cities/${city.id}`,
        body,
      );
      if (city === null) setValues({ ...blank });
      onDone({
        text: t(city === null ? 'admin_partner_wallets_added' : 'admin_partner_wallets_saved', { name: envelope.detail.name }),
        failed: false,
      });
    } catch (error) {
      const fields = Object.fromEntries(Object.entries(fieldErrors(error, partnerWalletsRefusals)).map(([field, key]) => [field, t(key)]));
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(t(knownRefusalKey(error, partnerWalletsRefusals, 'admin_action_failed')));
    } finally {
      setBusy(false);
    }
  };

  const external = values.kind === 'external';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`} className="gs-admin__item">
      <h3 id={`${id}-title`} tabIndex={-1} ref={heading}>
        {city === null ? t('admin_partner_wallets_add') : t('admin_partner_wallets_editing', { name: city.name })}
      </h3>
      {locales.map((locale) => (
        <Field
          key={locale}
          id={`${id}-name-${locale}`}
          name={`name_${locale}`}
          label={t(`admin_partner_wallets_name_${locale}`)}
          value={values[`name_${locale}`]}
          onChange={set(`name_${locale}`)}
          error={errors[`name_${locale}`]}
          maxLength={60}
          autoComplete="off"
        />
      ))}
      <SelectField
        id={`${id}-kind`}
        name="kind"
        label={t('admin_partner_wallets_kind')}
        value={values.kind}
        placeholder={t('admin_partner_wallets_kind')}
        options={[
          { value: 'internal', text: t('admin_partner_wallets_internal') },
          { value: 'external', text: t('admin_partner_wallets_external') },
        ]}
        onChange={set('kind')}
        error={errors.kind}
      />
      {external && (
        <>
          <Field
            id={`${id}-url`}
            name="base_url"
            label={t('admin_partner_wallets_base_url')}
            hint={t('admin_partner_wallets_base_url_hint')}
            value={values.base_url}
            onChange={set('base_url')}
            error={errors.base_url}
            maxLength={300}
            autoComplete="off"
          />
          <Field
            id={`${id}-key`}
            name="api_key"
            label={t('admin_partner_wallets_api_key')}
            value={values.api_key}
            onChange={set('api_key')}
            error={errors.api_key}
            maxLength={200}
            autoComplete="off"
          />
          <Field
            id={`${id}-secret`}
            name="secret"
            type="password"
            label={t('admin_partner_wallets_secret')}
            hint={`${t(city?.secret_set === true ? 'admin_partner_wallets_secret_set' : 'admin_partner_wallets_secret_unset')} · ${t('admin_partner_wallets_secret_hint')}`}
            value={values.secret}
            onChange={set('secret')}
            error={errors.secret}
            maxLength={500}
            autoComplete="new-password"
          />
          {city !== null && (
            // The platform reports each transfer's outcome here, signed like the requests it receives (decision 031).
            <p className="gs-admin__note">
              {t('admin_partner_wallets_result_address', {
                address: `${window.location.origin}/api/v1/partners/${city.id}/transfers/{transfer_id}/result`,
              })}
            </p>
          )}
        </>
      )}
      <p className="gs-message gs-message--error" role="alert">
        {failure}
      </p>
      <div className="gs-actions">
        <button type="submit" className="button button--small" disabled={busy} aria-busy={busy}>
          {city === null ? t('admin_partner_wallets_add') : t('admin_partner_wallets_save')}
        </button>
        {city !== null && (
          <button type="button" className="button button--small button--quiet" onClick={() => onDone(null)}>
            {t('admin_partner_wallets_cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/** Disables a city with a reason: no new transfers in; what members hold there stays and can be moved out. */
export function DisableCity({ city, onClose }: { city: PartnerCity; onClose: (done: Outcome | null) => void }) {
  const { t } = useI18n();
  return (
    <ReasonPanel
      id="gs-city-reason"
      legend={t('admin_partner_wallets_disabling', { name: city.name })}
      note={t('admin_partner_wallets_disabled_note')}
      reasonLabel={t('admin_partner_wallets_reason')}
      submitLabel={t('admin_partner_wallets_disable')}
      cancelLabel={t('admin_partner_wallets_cancel')}
      act={async (reason) => {
        await adminRequest('PUT', `/partner-cities/${city.id}`, { enabled: false, reason });
        return t('admin_partner_wallets_disabled', { name: city.name });
      }}
      refused={(error) => t(knownRefusalKey(error, partnerWalletsRefusals, 'admin_action_failed'))}
      onClose={onClose}
    />
  );
}

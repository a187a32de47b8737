import { useStore } from '../core/use-store.ts';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Field, FormMessage, SubmitButton, type Outcome } from '../ui/form.tsx';
import { refreshSession } from '../ui/SessionWatcher.tsx';
import { WatchForNews } from '../notifications/unread.ts';
import { useInputHints } from '../bank/input-hints.ts';
import { fieldErrors } from '../ui/server-messages.ts';
import type { Choice } from '../../contract/api/verification.ts';
import { apiRequest } from '../core/api.ts';
import { useI18n } from '../core/i18n.ts';
import { siteHref } from '../core/locale.ts';
import { choiceName } from '../core/local-name.ts';
import { $user } from '../core/session.ts';
import { PhotoField } from '../ui/PhotoField.tsx';
import { SelectField } from '../ui/SelectField.tsx';
import {
  photoSlots,
  verificationStatusOf,
  verifyBody,
  verifyFieldProblems,
  verifyProblem,
  verifyValuesOf,
  type PhotoSlot,
  type VerifyField,
  type VerifyValues,
} from './verify-rules.ts';

/** Refusals the verification form words under the field they are about. */
const verifyRefusals = ['validation', 'verification_photos_repeated', 'verification_name_fixed', 'image_not_found'] as const;

/** The original app goes back 1 s after a successful submission. */
export const verifySuccessNoticeMs = 1_000;

/** A country or certificate type, named in each language (administrators manage them). */
type Problems = Partial<Record<VerifyField | PhotoSlot, string | undefined>>;

interface VerifyScreenProps {
  /** On a site page, go to the settings page 1 s after submitting; a widget stays where it is. */
  navigate?: boolean;
}

/** The original app's /setting/verify screen (docs/original-app.md): the verification status, and the form with three photos until approved. */
export function VerifyScreen({ navigate = false }: VerifyScreenProps) {
  const { locale, t } = useI18n();
  const id = useId();
  const user = useStore($user);
  const status = verificationStatusOf(user);
  const [values, setValues] = useState<VerifyValues>(() => verifyValuesOf($user.get()));
  const [photoIds, setPhotoIds] = useState<Partial<Record<PhotoSlot, number | undefined>>>({});
  const [choices, setChoices] = useState<{ countries: Choice[]; certificates: Choice[] } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs: Record<'realname' | 'email' | 'phone' | 'certificate_number', RefObject<HTMLInputElement | null>> = {
    realname: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
    certificate_number: useRef<HTMLInputElement>(null),
  };
  const selects = { countries_id: useRef<HTMLSelectElement>(null), certificates_id: useRef<HTMLSelectElement>(null) };
  useInputHints(inputs.email, { type: 'email', inputMode: 'email' });
  useInputHints(inputs.phone, { type: 'tel', inputMode: 'tel' });

  useEffect(() => {
    if (status === 'approved') return;
    let live = true;
    Promise.all([apiRequest<Choice[]>('GET', '/v1/country'), apiRequest<Choice[]>('GET', '/v1/certificate')])
      .then(([countries, certificates]) => live && setChoices({ countries: countries.detail, certificates: certificates.detail }))
      .catch(() => live && setLoadFailed(true));
    return () => {
      live = false;
    };
  }, [status === 'approved']);

  const focus = (field: VerifyField | PhotoSlot) => {
    if (field === 'countries_id' || field === 'certificates_id') selects[field].current?.focus();
    else if (field in inputs) inputs[field as keyof typeof inputs].current?.focus();
    else document.getElementById(`${id}-${field}`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || user === null) return;
    const problem = verifyProblem(values, photoIds);
    if (problem !== null) {
      const fields = verifyFieldProblems(values);
      setProblems(Object.fromEntries(Object.entries(fields).map(([field, key]) => [field, t(key)])) as Problems);
      setOutcome({ text: t(problem.key), failed: true });
      if (problem.field !== undefined) focus(problem.field);
      return;
    }
    setProblems({});
    setOutcome(null);
    setBusy(true);
    try {
      await apiRequest('PUT', `/v1/user/${user.id}`, verifyBody(user.username, values, photoIds as Record<PhotoSlot, number>));
      setOutcome({ text: t('verify_success'), failed: false });
      await refreshSession().catch(() => undefined);
      // To the settings page, never history.back(): opened from a link elsewhere, back would leave the site.
      if (navigate) setTimeout(() => location.assign(siteHref(locale, '/setting')), verifySuccessNoticeMs);
    } catch (error) {
      // The refusal goes, in the member's language, under the fields it is about (photos by their upload field).
      const server = fieldErrors(error, verifyRefusals);
      const shown: Problems = {};
      for (const [field, key] of Object.entries(server)) {
        const photo = photoSlots.find((slot) => slot.field === field);
        shown[photo === undefined ? (field as VerifyField) : photo.slot] = t(key);
      }
      setProblems(shown);
      setOutcome({ text: t('verify_error'), failed: true });
    } finally {
      setBusy(false);
    }
  };

  const statusText = t(`verify_status_${status}`);
  const reason = typeof user?.verification_reason === 'string' ? user.verification_reason : '';
  const header = (
    <div className="gs-verify__status" role="status">
      <strong>{t('verify_status')}: </strong>
      <span data-status={status}>{statusText}</span>
      {status === 'rejected' && reason !== '' && <p>{t('verify_rejected_reason', { reason })}</p>}
    </div>
  );

  // Approved, or waiting for an operator: what was sent, read-only, and no form to send again.
  if (status === 'approved' || status === 'pending') {
    const shown = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
    const facts: [string, unknown][] = [
      ['verify_name', user?.username],
      ['verify_real_name', user?.realname],
      ...(status === 'pending'
        ? ([
            ['verify_email', user?.email],
            ['verify_phone', user?.phone],
            ['verify_certificate_number', user?.certificate_number],
          ] as [string, unknown][])
        : []),
    ];
    return (
      <div className="gs-verify">
        {header}
        {/* Just sent: the success notice stays in view as the form gives way to what was sent. */}
        <FormMessage outcome={outcome} />
        {status === 'pending' && (
          <>
            <p>{t('verify_pending_note')}</p>
            {/* The operator's decision sends a notice: watching the count brings it to this page. */}
            <WatchForNews />
          </>
        )}
        <dl className="gs-verify__facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{t(label)}</dt>
              <dd>{shown(value)}</dd>
            </div>
          ))}
        </dl>
      </div>
    );
  }

  const set = (field: VerifyField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };
  const text = (field: keyof typeof inputs, label: string, autoComplete: string, maxLength: number) => ({
    id: `${id}-${field}`,
    name: field,
    label: t(label),
    value: values[field],
    onChange: (typed: string) => set(field, typed),
    error: problems[field],
    inputRef: inputs[field],
    autoComplete,
    maxLength,
  });

  return (
    <div className="gs-verify">
      {header}
      {loadFailed && (
        <p part="error" className="gs-message gs-message--error" role="alert">
          {t('verify_load_error')}
        </p>
      )}
      <form className="gs-form" method="post" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
        <div className="gs-field">
          <label part="label" htmlFor={`${id}-name`}>
            {t('verify_name')}
          </label>
          <div className="gs-field__control">
            <input part="input" id={`${id}-name`} name="name" value={user?.username ?? ''} readOnly />
          </div>
        </div>
        <Field {...text('realname', 'verify_real_name', 'name', 60)} />
        <Field {...text('email', 'verify_email', 'email', 120)} />
        <Field {...text('phone', 'verify_phone', 'tel', 30)} />
        <SelectField
          id={`${id}-countries_id`}
          name="countries_id"
          label={t('verify_country')}
          value={values.countries_id}
          placeholder={t('wallet_choose')}
          options={(choices?.countries ?? []).map((choice) => ({ value: String(choice.id), text: choiceName(choice, locale) }))}
          onChange={(value) => set('countries_id', value)}
          error={problems.countries_id}
          selectRef={selects.countries_id}
        />
        <SelectField
          id={`${id}-certificates_id`}
          name="certificates_id"
          label={t('verify_certificate_type')}
          value={values.certificates_id}
          placeholder={t('wallet_choose')}
          options={(choices?.certificates ?? []).map((choice) => ({ value: String(choice.id), text: choiceName(choice, locale) }))}
          onChange={(value) => set('certificates_id', value)}
          error={problems.certificates_id}
          selectRef={selects.certificates_id}
        />
        <Field {...text('certificate_number', 'verify_certificate_number', 'off', 40)} />
        <fieldset className="gs-verify__photos">
          <legend>{t('verify_upload')}</legend>
          <p id={`${id}-photo-hint`} className="gs-field__hint">
            {t('verify_photo_hint')}
          </p>
          <p id={`${id}-photo-privacy`} className="gs-field__hint">
            {t('verify_photo_privacy')}
          </p>
          {photoSlots.map(({ slot, label }) => (
            <PhotoField
              key={slot}
              id={`${id}-${slot}`}
              label={t(label)}
              hintIds={`${id}-photo-hint ${id}-photo-privacy`}
              serverError={problems[slot]}
              onUploaded={(upload) => setPhotoIds((current) => ({ ...current, [slot]: upload }))}
            />
          ))}
        </fieldset>
        <FormMessage outcome={outcome} />
        <SubmitButton busy={busy}>{busy ? t('loading') : t('verify_submit')}</SubmitButton>
      </form>
    </div>
  );
}

import { passwordLength, referralCodeLengthMax, usernameLength } from '../../contract/limits.ts';
import { useEffect, useId, useRef, useState, type SubmitEvent, type RefObject } from 'react';
import { localePath } from '../../locales/index.ts';
import type { Session } from '../../contract/api/users.ts';
import { ApiFailure, apiRequest } from '../core/api.ts';
import { noAnswerKey } from '../core/no-answer.ts';
import { useI18n } from '../core/i18n.ts';
import { refusalCode } from '../core/refusal.ts';
import { siteHref } from '../core/locale.ts';
import { $sessionNotice } from '../core/session-expiry.ts';
import { afterLoginRoute, startSession } from '../core/session.ts';
import { Field, FormMessage, SubmitButton } from '../ui/form.tsx';
import { keepNameCharacters, keepPasswordCharacters } from '../ui/form.tsx';
import { fieldOrder, registerProblems, type FieldName, type Values } from './register-rules.ts';

/** The original app leaves the success notice up for about 2.8 s before going to the product page. */
export const registerSuccessNoticeMs = 2_800;

/** The original app sends countries_id 1 (China) unless chosen otherwise; the screen offers no choice. */
const defaultCountryId = 1;

interface RegisterFormProps {
  /** On a site page, go to the product page after registering; a widget stays where it is. */
  navigate?: boolean;
}

/** The register screen: name, password twice and the referral code (from ?code= when the link carries one). */
export function RegisterForm({ navigate = false }: RegisterFormProps) {
  const { locale, t } = useI18n();
  const id = useId();
  const [values, setValues] = useState<Values>({ username: '', password: '', confirmation: '', code: '' });
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());
  /** The server's refusal of one field, shown until that field changes. */
  const [refused, setRefused] = useState<{ field: FieldName; key: string } | null>(null);
  // The outcome's message key, translated when shown: switching language re-words it.
  const [outcome, setOutcome] = useState<{ key: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const inputs: Record<FieldName, RefObject<HTMLInputElement | null>> = {
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmation: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
  };

  useEffect(() => {
    const code = keepNameCharacters(new URLSearchParams(location.search).get('code') ?? '').slice(0, referralCodeLengthMax);
    if (code !== '') setValues((current) => ({ ...current, code }));
  }, []);

  // Checks run on every change (each render), for the fields the member has reached so far.
  const found = registerProblems(values);
  const problemOf = (field: FieldName): string | undefined =>
    refused?.field === field ? refused.key : touched.has(field) ? found[field] : undefined;

  const change = (field: FieldName, value: string): string => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => new Set(current).add(field));
    setRefused((current) => (current?.field === field ? null : current));
    return value;
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy || done) return;
    setTouched(new Set(fieldOrder));
    setRefused(null);
    setOutcome(null);
    const first = fieldOrder.find((field) => found[field] !== undefined);
    if (first !== undefined) {
      inputs[first].current?.focus();
      return;
    }
    setBusy(true);
    try {
      const { detail } = await apiRequest<Session>(
        'POST',
        '/v1/register',
        {
          username: values.username,
          password: values.password,
          password_confirmation: values.confirmation,
          parent_code: values.code,
          countries_id: defaultCountryId,
        },
        { anonymous: true },
      );
      $sessionNotice.set(null);
      startSession(detail.token, detail.user);
      setDone(true);
      setOutcome({ key: 'register_success', failed: false });
      if (navigate) setTimeout(() => location.assign(localePath(locale, afterLoginRoute)), registerSuccessNoticeMs);
    } catch (error) {
      const failure = error instanceof ApiFailure ? error : new ApiFailure(0, 'failed to connect');
      const code = refusalCode(failure);
      let key = 'register_error';
      let field: FieldName | undefined;
      if (code === 'referrer_not_found') {
        // The original app clears the code; we keep it, selected, so a typo is fixed and a new code simply typed over.
        key = 'register_error2';
        field = 'code';
      } else if (code === 'username_taken') {
        key = 'register_name_taken';
        field = 'username';
      } else if (code === 'rate_limited') {
        key = 'error_too_many';
      } else {
        key = noAnswerKey(failure) ?? key;
      }
      // A refusal about one field is said once, under that field, which takes focus; any other
      // (a validation refusal and the rest: register_error) heads the form.
      if (field === undefined) setOutcome({ key, failed: true });
      else {
        setRefused({ field, key });
        inputs[field].current?.focus();
        inputs[field].current?.select();
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (name: FieldName, label: string, filter: (value: string) => string) => {
    const problem = problemOf(name);
    return {
      id: `${id}-${name}`,
      label: t(label),
      value: values[name],
      onChange: (typed: string) => change(name, filter(typed)),
      error: problem === undefined ? undefined : t(problem),
      inputRef: inputs[name],
    };
  };

  return (
    <form className="gs-form" method="post" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
      <Field
        {...field('username', 'register_username', keepNameCharacters)}
        name="username"
        hint={t('register_username_hint')}
        autoComplete="username"
        maxLength={usernameLength.max}
      />
      <Field
        {...field('password', 'register_password', keepPasswordCharacters)}
        name="password"
        type="password"
        hint={t('register_password_hint')}
        toggleLabel={t('login_show_password')}
        autoComplete="new-password"
        maxLength={passwordLength.max}
      />
      <Field
        {...field('confirmation', 'register_password_confirm', keepPasswordCharacters)}
        name="password_confirmation"
        type="password"
        toggleLabel={t('login_show_password')}
        autoComplete="new-password"
        maxLength={passwordLength.max}
      />
      <Field
        {...field('code', 'register_referral_code', keepNameCharacters)}
        name="parent_code"
        hint={t('register_referral_hint')}
        autoComplete="off"
        maxLength={referralCodeLengthMax}
      />
      <FormMessage outcome={outcome && { text: t(outcome.key), failed: outcome.failed }} />
      <SubmitButton busy={busy} disabled={done}>
        {t('register_submit')}
      </SubmitButton>
      <p className="gs-form__aside">
        {t('register_has_account')} <a href={siteHref(locale, '/login')}>{t('register_login_link')}</a>
      </p>
    </form>
  );
}

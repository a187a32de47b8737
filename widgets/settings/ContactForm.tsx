import { emailRule, phoneRule } from '../../contract/contact-rules.ts';
import { passwordLength } from '../../contract/limits.ts';
import { useEffect, useId, useRef, useState, type RefObject, type SubmitEvent } from 'react';
import { Field, FormMessage, SubmitButton, type Outcome } from '../ui/form.tsx';
import type { User } from '../../contract/api/users.ts';
import { ApiFailure, apiRequest } from '../core/api.ts';
import { useI18n } from '../core/i18n.ts';
import { refusalCode } from '../core/refusal.ts';
import { useStore } from '../core/use-store.ts';
import { $user } from '../core/session.ts';
import { isEmail } from '../verify/verify-rules.ts';

export interface ContactValues {
  phone: string;
  email: string;
  password: string;
}
type FieldName = keyof ContactValues;
type Problems = Partial<Record<FieldName, string>>;
const fieldOrder: FieldName[] = ['phone', 'email', 'password'];
/** The inputs' names: not "password", which the password change above uses (password managers go by names). */
const inputNames: Record<FieldName, string> = { phone: 'phone', email: 'email', password: 'current_password' };

/** The server's own rule for the number (contract/limits.ts), checked before sending. */
const phonePattern = new RegExp(phoneRule.pattern);

/** The problems (message keys) with what was typed; none when it can be sent. */
export function contactProblems(values: ContactValues): Problems {
  const problems: Problems = {};
  const phone = values.phone.trim();
  if (phone.length > phoneRule.max || !phonePattern.test(phone)) problems.phone = 'contact_phone_invalid';
  if (!isEmail(values.email)) problems.email = 'contact_email_invalid';
  if (values.password === '') problems.password = 'contact_password_blank';
  return problems;
}

interface Verified {
  phone: string;
  email: string;
  approved: boolean;
}

/**
 * A verified member's phone and e-mail (issue 36): shown as approved, changed with the password. Before approval the
 * form says the verification form is where they change. The record is read on our origin only (a frame-only route).
 */
export function ContactForm() {
  const { t } = useI18n();
  const id = useId();
  const user = useStore($user);
  const [verified, setVerified] = useState<Verified | null>(null);
  const [values, setValues] = useState<ContactValues>({ phone: '', email: '', password: '' });
  const [problems, setProblems] = useState<Problems>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs: Record<FieldName, RefObject<HTMLInputElement | null>> = {
    phone: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  useEffect(() => {
    if (user === null) return;
    apiRequest<User>('GET', `/v1/user/${user.id}`).then(
      ({ detail }) => {
        const shown = { phone: detail.phone ?? '', email: detail.email ?? '', approved: detail.verification_status === 'approved' };
        setVerified(shown);
        setValues({ phone: shown.phone, email: shown.email, password: '' });
      },
      () => setOutcome({ text: t('contact_fail'), failed: true }),
    );
  }, [user?.id]);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy || user === null || verified === null) return;
    const found = contactProblems(values);
    setProblems(found);
    const first = fieldOrder.find((field) => found[field] !== undefined);
    if (first !== undefined) {
      setOutcome(null);
      inputs[first].current?.focus();
      return;
    }
    if (values.phone.trim() === verified.phone && values.email.trim() === verified.email) {
      setOutcome({ text: t('contact_unchanged'), failed: false });
      return;
    }
    setOutcome(null);
    setBusy(true);
    try {
      await apiRequest('PUT', `/v1/user/contact/${user.id}`, {
        phone: values.phone.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      setVerified({ ...verified, phone: values.phone.trim(), email: values.email.trim() });
      setValues((current) => ({ ...current, password: '' }));
      setOutcome({ text: t('contact_success'), failed: false });
    } catch (error) {
      const failure = error instanceof ApiFailure ? error : undefined;
      const code = refusalCode(failure);
      const field =
        code === 'password_wrong' ? 'password' : (['phone', 'email'] as const).find((name) => failure?.envelope?.errors?.[name]);
      const key =
        code === 'password_wrong'
          ? 'contact_password_wrong'
          : code === 'rate_limited'
            ? 'error_too_many'
            : field === undefined
              ? 'contact_fail'
              : `contact_${field}_invalid`;
      setOutcome({ text: t(key), failed: true });
      if (field !== undefined) {
        setProblems((current) => ({ ...current, [field]: key }));
        inputs[field].current?.focus();
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (name: FieldName, label: string) => ({
    id: `${id}-${name}`,
    name: inputNames[name],
    label: t(label),
    value: values[name],
    onChange: (typed: string) => {
      setValues((current) => ({ ...current, [name]: typed }));
      setProblems((current) => ({ ...current, [name]: undefined }));
    },
    error: problems[name] === undefined ? undefined : t(problems[name]),
    inputRef: inputs[name],
  });

  if (verified === null) return <FormMessage outcome={outcome} />;
  return (
    <section className="gs-contact" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('contact_title')}</h2>
      {!verified.approved ? (
        <p>{t('contact_not_verified')}</p>
      ) : (
        <form className="gs-form" method="post" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
          <p className="gs-field__hint">{t('contact_hint')}</p>
          <Field {...field('phone', 'contact_phone')} autoComplete="tel" maxLength={phoneRule.max} />
          <Field {...field('email', 'contact_email')} autoComplete="email" maxLength={emailRule.max} />
          <Field
            {...field('password', 'contact_password')}
            type="password"
            toggleLabel={t('edit_show_password')}
            autoComplete="current-password"
            maxLength={passwordLength.max}
          />
          <FormMessage outcome={outcome} />
          <SubmitButton busy={busy}>{t('contact_submit')}</SubmitButton>
        </form>
      )}
    </section>
  );
}

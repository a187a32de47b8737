import { passwordLength } from '../../contract/limits.ts';
import { useId, useState, type SubmitEvent } from 'react';
import { apiRequest } from '../core/api.ts';
import { noAnswerKey } from '../core/no-answer.ts';
import { useI18n } from '../core/i18n.ts';
import { refusalCode } from '../core/refusal.ts';
import { siteHref } from '../core/locale.ts';
import { Field, FormMessage, SubmitButton, keepPasswordCharacters } from '../ui/form.tsx';
import { registerProblems } from './register-rules.ts';

type Values = { username: string; code: string; password: string; confirmation: string };
type FieldName = keyof Values;

/**
 * A member who lost their password sets a new one with the one-time code customer service gave them
 * after checking who they are (as in the original app, lost passwords are recovered through customer service).
 */
export function ResetPasswordForm() {
  const { locale, t } = useI18n();
  const id = useId();
  const [values, setValues] = useState<Values>({ username: '', code: '', password: '', confirmation: '' });
  const [shown, setShown] = useState<Partial<Record<FieldName, string>>>({});
  const [outcome, setOutcome] = useState<{ key: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const problemsOf = (typed: Values) => {
    const rules = registerProblems({ username: typed.username, password: typed.password, confirmation: typed.confirmation, code: 'x' });
    return {
      username: typed.username.trim() === '' ? 'login_nameblank' : undefined,
      code: typed.code.trim() === '' ? 'reset_code_blank' : undefined,
      password: rules.password,
      confirmation: rules.confirmation,
    };
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems = problemsOf(values);
    setShown(Object.fromEntries(Object.entries(problems).filter(([, key]) => key !== undefined)));
    setOutcome(null);
    const first = (['username', 'code', 'password', 'confirmation'] as const).find((field) => problems[field] !== undefined);
    if (first !== undefined) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await apiRequest(
        'POST',
        '/v1/password/reset',
        {
          username: values.username.trim(),
          code: values.code.trim(),
          password: values.password,
          password_confirmation: values.confirmation,
        },
        { anonymous: true },
      );
      setValues({ ...values, code: '', password: '', confirmation: '' });
      setOutcome({ key: 'reset_done', failed: false });
    } catch (error) {
      const code = refusalCode(error);
      const key = noAnswerKey(error) ?? (code === 'rate_limited' ? 'error_too_many' : 'refusal_reset_code_wrong');
      setOutcome({ key, failed: true });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: FieldName, label: string, extra: { type?: 'password'; hint?: string; autoComplete: string; maxLength?: number }) => (
    <Field
      id={`${id}-${name}`}
      name={name}
      label={t(label)}
      value={values[name]}
      onChange={(value) => {
        const typed = { ...values, [name]: name === 'password' || name === 'confirmation' ? keepPasswordCharacters(value) : value };
        setValues(typed);
        // A message goes as soon as what it asked for is done.
        setShown((current) => ({ ...current, [name]: current[name] === undefined ? undefined : problemsOf(typed)[name] }));
      }}
      error={shown[name] === undefined ? undefined : t(shown[name])}
      {...extra}
    />
  );

  return (
    <form className="gs-form" method="post" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
      {field('username', 'login_username', { autoComplete: 'username', maxLength: 64 })}
      {field('code', 'reset_code', { hint: t('reset_code_hint'), autoComplete: 'one-time-code', maxLength: 20 })}
      {field('password', 'register_password', {
        type: 'password',
        hint: t('register_password_hint'),
        autoComplete: 'new-password',
        maxLength: passwordLength.max,
      })}
      {field('confirmation', 'register_password_confirm', {
        type: 'password',
        autoComplete: 'new-password',
        maxLength: passwordLength.max,
      })}
      <FormMessage outcome={outcome && { text: t(outcome.key), failed: outcome.failed }} />
      <SubmitButton busy={busy}>{t('reset_submit')}</SubmitButton>
      {outcome?.key === 'reset_done' && (
        <p className="gs-form__aside">
          <a href={siteHref(locale, '/login')}>{t('setting_login')}</a>
        </p>
      )}
    </form>
  );
}

import { passwordLength, referralCodeLengthMax } from '../../contract/limits.ts';
import { useStore } from '../core/use-store.ts';
import { useId, useRef, useState, type SubmitEvent, type RefObject } from 'react';
import { refreshSession } from '../ui/SessionWatcher.tsx';
import { Field, FormMessage, SubmitButton, type Outcome } from '../ui/form.tsx';
import { keepNameCharacters, keepPasswordCharacters, mixesLettersAndDigits } from '../ui/form.tsx';
import { ApiFailure, apiRequest } from '../core/api.ts';
import { useI18n } from '../core/i18n.ts';
import { refusalCode } from '../core/refusal.ts';
import { $user } from '../core/session.ts';

export interface EditValues {
  old: string;
  password: string;
  confirmation: string;
  code: string;
}
type FieldName = keyof EditValues;
type Problems = Partial<Record<FieldName, string | undefined>>;

const fieldOrder: FieldName[] = ['old', 'password', 'confirmation', 'code'];

/**
 * The original app's edit rules: the password change goes only with an old password (both of the password length in contract/limits.ts,
 * the new one confirmed); the referrer code only when filled in and not the current one.
 * Returns the problems (message keys) and the body to send, null when nothing changed.
 */
export function editUserChange(values: EditValues, currentCode: string): { problems: Problems; body: Record<string, string> | null } {
  const problems: Problems = {};
  const { old, password, confirmation } = values;
  const code = values.code.trim();
  const changesPassword = old !== '' || password !== '' || confirmation !== '';
  const changesReferrer = code !== '' && code.toUpperCase() !== currentCode.toUpperCase();
  if (changesPassword) {
    if (old.length < passwordLength.min) problems.old = 'edit_old_less';
    if (password.length < passwordLength.min) problems.password = 'edit_new_less';
    else if (!mixesLettersAndDigits(password)) problems.password = 'register_pass_rule';
    if (confirmation !== password) problems.confirmation = 'edit_inconsistent';
  }
  if (!changesPassword && !changesReferrer) return { problems, body: null };
  const body: Record<string, string> = {};
  if (changesPassword) Object.assign(body, { old_password: old, password, password_confirmation: confirmation });
  if (changesReferrer) body.parent_code = code;
  return { problems, body };
}

/** The edit-user screen (login only): change the password and/or the referrer's code. */
export function EditUserForm() {
  const { t } = useI18n();
  const id = useId();
  const user = useStore($user);
  const currentCode = user?.parent_referral_code?.user_referral_code ?? '';
  const [values, setValues] = useState<EditValues>({ old: '', password: '', confirmation: '', code: currentCode });
  const [problems, setProblems] = useState<Problems>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs: Record<FieldName, RefObject<HTMLInputElement | null>> = {
    old: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmation: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy || user === null) return;
    const { problems: found, body } = editUserChange(values, currentCode);
    setProblems(found);
    const first = fieldOrder.find((field) => found[field] !== undefined);
    if (first !== undefined) {
      setOutcome(null);
      inputs[first].current?.focus();
      return;
    }
    if (body === null) {
      setOutcome({ text: t('edit_nothing_changed'), failed: false });
      return;
    }
    setOutcome(null);
    setBusy(true);
    try {
      await apiRequest('PUT', `/v1/user/updatePasswordAndParent/${user.id}`, body);
      setValues((current) => ({ ...current, old: '', password: '', confirmation: '' }));
      setOutcome({ text: t('edit_success'), failed: false });
      await refreshSession().catch(() => undefined);
    } catch (error) {
      const failure = error instanceof ApiFailure ? error : undefined;
      let key = 'edit_fail';
      let field: FieldName | undefined;
      const code = refusalCode(failure);
      if (code === 'referrer_not_found') {
        key = 'edit_error1';
        field = 'code';
      } else if (failure?.envelope?.errors?.old_password !== undefined) {
        key = 'edit_old_wrong';
        field = 'old';
      } else if (code === 'rate_limited') {
        key = 'error_too_many';
      }
      setOutcome({ text: t(key), failed: true });
      if (field !== undefined) {
        const shown = field;
        setProblems((current) => ({ ...current, [shown]: key }));
        inputs[shown].current?.focus();
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (name: FieldName, label: string, filter: (value: string) => string) => ({
    id: `${id}-${name}`,
    label: t(label),
    value: values[name],
    onChange: (typed: string) => {
      const kept = filter(typed);
      setValues((current) => ({ ...current, [name]: kept }));
      setProblems((current) => ({ ...current, [name]: undefined }));
      return kept;
    },
    error: problems[name] === undefined ? undefined : t(problems[name]),
    inputRef: inputs[name],
  });
  const password = { type: 'password' as const, toggleLabel: t('edit_show_password'), maxLength: passwordLength.max };

  return (
    <form className="gs-form" method="post" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
      <Field {...field('old', 'edit_old_password', (typed) => typed)} {...password} name="old_password" autoComplete="current-password" />
      <Field
        {...field('password', 'edit_new_password', keepPasswordCharacters)}
        {...password}
        name="password"
        autoComplete="new-password"
      />
      <Field
        {...field('confirmation', 'edit_confirm_password', keepPasswordCharacters)}
        {...password}
        name="password_confirmation"
        autoComplete="new-password"
      />
      <Field
        {...field('code', 'edit_referrer_code', keepNameCharacters)}
        name="parent_code"
        autoComplete="off"
        maxLength={referralCodeLengthMax}
      />
      <FormMessage outcome={outcome} />
      <SubmitButton busy={busy}>{t('edit_submit')}</SubmitButton>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { useI18n } from '../../../core/i18n.ts';
import { Field } from '../../../ui/form.tsx';
import { refusalWording, useFormSubmission, type FieldErrors } from '../../shared/form-submission.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { ownPasswordRefusals } from './security-keys.ts';
import { operatorPasswordPattern } from '../../shared/operator-rules.ts';

const wording = refusalWording(ownPasswordRefusals);

/**
 * The signed-in operator changes their own password: the current one, the new one twice. On success
 * their other sessions have ended (PUT admin/v1/me/password); this one goes on. `first`: the sign-in
 * waits for it, as another operator chose the first password.
 */
export function OwnPassword({ first = false, onChanged }: { first?: boolean; onChanged?: () => void }) {
  const { t } = useI18n();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [changed, setChanged] = useState(false);
  const { errors, failure, busy, submit: send } = useFormSubmission(wording);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChanged(false);
    const found: FieldErrors = {};
    if (current === '') found.current_password = t('admin_own_password_required');
    if (!operatorPasswordPattern.test(next)) found.new_password = t('admin_operators_password_invalid');
    else if (again !== next) found.again = t('admin_own_password_mismatch');
    return send(found, async () => {
      await adminRequest('PUT', '/me/password', { current_password: current, new_password: next });
      setCurrent('');
      setNext('');
      setAgain('');
      setChanged(true);
      onChanged?.();
    });
  };

  const fields = [
    { name: 'current_password', label: t('admin_own_password_current'), value: current, onChange: setCurrent },
    { name: 'new_password', label: t('admin_own_password_new'), hint: t('admin_operators_password_hint'), value: next, onChange: setNext },
    { name: 'again', label: t('admin_own_password_confirm'), value: again, onChange: setAgain },
  ];

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="gs-own-password">
      <h3 id="gs-own-password">{t('admin_own_password')}</h3>
      {first && <p>{t('admin_own_password_first')}</p>}
      {fields.map((field) => (
        <Field
          key={field.name}
          id={`gs-own-password-${field.name}`}
          type="password"
          maxLength={64}
          error={errors[field.name]}
          autoComplete={field.name === 'current_password' ? 'current-password' : 'new-password'}
          {...field}
        />
      ))}
      <p className="gs-message gs-message--error" role="alert">
        {failure}
      </p>
      <p className="gs-message gs-message--ok" role="status">
        {changed ? t('admin_own_password_changed') : ''}
      </p>
      <div className="gs-actions">
        <button type="submit" className="button button--small" disabled={busy} aria-busy={busy}>
          {t('admin_own_password_submit')}
        </button>
      </div>
    </form>
  );
}

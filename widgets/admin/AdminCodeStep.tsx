import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useI18n } from '../core/i18n.ts';
import { refusalCode } from '../core/refusal.ts';
import { apiRequest } from '../core/api.ts';
import { $operatorToken } from './shared/operator-session.ts';

/**
 * The second sign-in step (a plain input, like the password step: the shared form field would
 * add its module to the page's first load): six digits from the authenticator app or a recovery code. A token
 * that expired meanwhile sends the operator back to the password with word why.
 */
export function AdminCodeStep({ token, onRestart }: { token: string; onRestart: (message: string) => void }) {
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(t('admin_login_code_blank'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await apiRequest('POST', '/admin/v1/login/code', { code: code.trim() }, { token });
      $operatorToken.set(token);
    } catch (failure) {
      const refusal = refusalCode(failure);
      setCode('');
      if (refusal === 'session_expired') onRestart(t('refusal_session_expired'));
      else if (refusal === 'rate_limited') setError(t('admin_login_limited'));
      else if (refusal === 'two_factor_code_wrong') setError(t('refusal_two_factor_code_wrong'));
      else setError(t('admin_login_error'));
      setBusy(false);
    }
  };

  return (
    <form className="gs-admin__login" onSubmit={(event) => void submit(event)} noValidate>
      <p id="gs-admin-code-intro">{t('admin_login_code_hint')}</p>
      <div className="gs-field">
        <label htmlFor="gs-admin-code">{t('admin_login_code')}</label>
        <div className="gs-field__control">
          <input
            ref={input}
            id="gs-admin-code"
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={40}
            value={code}
            aria-invalid={error === '' ? undefined : true}
            aria-describedby={error === '' ? 'gs-admin-code-intro' : 'gs-admin-code-intro gs-admin-code-error'}
            onInput={(event) => setCode(event.currentTarget.value)}
          />
        </div>
        <p id="gs-admin-code-error" className="gs-field__error" aria-live="polite">
          {error}
        </p>
      </div>
      <button className="button button--block" type="submit" disabled={busy} aria-busy={busy}>
        {busy ? t('loading') : t('admin_login_verify')}
      </button>
      <button className="button button--block button--quiet" type="button" onClick={() => onRestart('')}>
        {t('admin_login_restart')}
      </button>
    </form>
  );
}

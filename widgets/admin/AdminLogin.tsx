import { useState, type FormEvent } from 'react';
import { useI18n } from '../core/i18n.ts';
import { refusalCode } from '../core/refusal.ts';
import { lazyTab } from './lazy-tab.tsx';
import { operatorLogin } from './shared/operator-session.ts';

/** Few operators have two-factor on yet: the code step loads when it is needed, keeping the page under its budget. */
const AdminCodeStep = lazyTab(() => import('./AdminCodeStep.tsx').then((module) => module.AdminCodeStep));

/** The operators' own login: a member account never opens the back office; with two-factor on, a code follows the password. */
export function AdminLogin() {
  const { t } = useI18n();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // The half-signed-in token while a code is due; nothing else can use it.
  const [pending, setPending] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (username.trim() === '' || password === '') {
      setError(t('admin_login_blank'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const answer = await operatorLogin(username.trim(), password);
      setPassword('');
      if (answer.stage === 'code') setPending(answer.token);
    } catch (failure) {
      setPassword('');
      setError(refusalCode(failure) === 'rate_limited' ? t('admin_login_limited') : t('admin_login_error'));
    } finally {
      setBusy(false);
    }
  };

  if (pending !== '')
    return (
      <AdminCodeStep
        token={pending}
        onRestart={(message) => {
          setPending('');
          setError(message);
        }}
      />
    );
  return (
    <form className="gs-admin__login" onSubmit={(event) => void submit(event)} noValidate>
      <div className="gs-field">
        <label htmlFor="gs-admin-username">{t('admin_username')}</label>
        <div className="gs-field__control">
          <input
            id="gs-admin-username"
            autoComplete="username"
            value={username}
            onInput={(event) => setUsername(event.currentTarget.value)}
          />
        </div>
      </div>
      <div className="gs-field">
        <label htmlFor="gs-admin-password">{t('admin_password')}</label>
        <div className="gs-field__control">
          <input
            id="gs-admin-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onInput={(event) => setPassword(event.currentTarget.value)}
          />
        </div>
      </div>
      <p className="gs-message gs-message--error" role="alert">
        {error}
      </p>
      <button className="button button--block" type="submit" disabled={busy} aria-busy={busy}>
        {busy ? t('loading') : t('admin_login')}
      </button>
    </form>
  );
}

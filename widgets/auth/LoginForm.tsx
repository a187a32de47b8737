import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { localePath } from '../../locales/index.ts';
import type { Session } from '../../contract/api/users.ts';
import { apiRequest } from '../core/api.ts';
import { noAnswerKey } from '../core/no-answer.ts';
import { useI18n } from '../core/i18n.ts';
import { refusalCode } from '../core/refusal.ts';
import { siteHref } from '../core/locale.ts';
import { returnPath } from '../core/return-to.ts';
import { endedBy } from './session-ended.ts';
import { $sessionNotice } from '../core/session-expiry.ts';
import { $token, afterLoginRoute, readSavedUsername, saveUsername, startSession } from '../core/session.ts';
import { Field, FormMessage, SubmitButton } from '../ui/form.tsx';
import { refreshSession } from '../ui/SessionWatcher.tsx';

interface LoginFormProps {
  /** On a site page, go to the product page after logging in; a widget stays where it is. */
  navigate?: boolean;
}

type FieldErrors = { username?: string | undefined; password?: string | undefined };

/** The login screen: user name (prefilled from the saved account name) and password. */
export function LoginForm({ navigate = false }: LoginFormProps) {
  const { locale, t } = useI18n();
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // The outcome's message key, translated when shown: switching language re-words it.
  const [outcome, setOutcome] = useState<{ key: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const leave = () => location.assign(returnPath(location.search) ?? localePath(locale, afterLoginRoute));
  useEffect(() => {
    // A member already signed in has nothing to do on the login page: send them on, as after logging in.
    // Only a session the server still knows: one ended elsewhere (another device's login) shows the form.
    if (navigate && $token.get() !== '') void refreshSession().then(leave, () => undefined);
    setUsername((typed) => typed || readSavedUsername());
    // Sent here because the server ended the session: say why, as the page before did for a moment.
    const ended = navigate ? endedBy(location.search) : null;
    if (ended !== null) setOutcome({ key: ended === 'other_device' ? 'session_other_device' : 'session_expired_short', failed: true });
  }, []);

  // Enter in either field submits the form (implicit submission).
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    const name = username.trim();
    const blank: FieldErrors = {};
    if (name === '') blank.username = t('login_nameblank');
    if (password === '') blank.password = t('login_passblank');
    setErrors(blank);
    setOutcome(null);
    if (blank.username !== undefined || blank.password !== undefined) {
      (blank.username === undefined ? passwordInput : usernameInput).current?.focus();
      return;
    }
    setBusy(true);
    try {
      const { detail } = await apiRequest<Session>('POST', '/v1/login', { username: name, password }, { anonymous: true });
      $sessionNotice.set(null);
      startSession(detail.token, detail.user);
      saveUsername(name);
      setPassword('');
      setOutcome({ key: 'session_login_success', failed: false });
      if (navigate) leave();
    } catch (error) {
      setPassword('');
      // No answer is not a wrong password: say which it was.
      const key = noAnswerKey(error) ?? (refusalCode(error) === 'rate_limited' ? 'error_too_many' : 'login_error');
      setOutcome({ key, failed: true });
      passwordInput.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="gs-form" method="post" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
      <Field
        id={`${id}-username`}
        name="username"
        label={t('login_username')}
        value={username}
        onChange={(value) => {
          setUsername(value);
          setErrors((shown) => ({ ...shown, username: undefined }));
        }}
        error={errors.username}
        autoComplete="username"
        inputRef={usernameInput}
      />
      <Field
        id={`${id}-password`}
        name="password"
        label={t('login_password')}
        type="password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          setErrors((shown) => ({ ...shown, password: undefined }));
        }}
        error={errors.password}
        toggleLabel={t('login_show_password')}
        autoComplete="current-password"
        inputRef={passwordInput}
      />
      <FormMessage outcome={outcome && { text: t(outcome.key), failed: outcome.failed }} />
      <SubmitButton busy={busy}>{t('login_submit')}</SubmitButton>
      <p className="gs-form__aside">
        {t('login_no_account')} <a href={siteHref(locale, '/register')}>{t('login_register_link')}</a>
      </p>
      <p className="gs-form__aside">
        <a href={siteHref(locale, '/setting/service')}>{t('login_forgot_password')}</a>
      </p>
      <p className="gs-form__aside">
        <a href={siteHref(locale, '/reset-password')}>{t('login_reset_link')}</a>
      </p>
    </form>
  );
}

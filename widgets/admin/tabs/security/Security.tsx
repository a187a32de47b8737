import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Enrolment, RecoveryCodes } from '../../../../contract/api/operators.ts';
import { useI18n } from '../../../core/i18n.ts';
import { knownRefusalKey } from '../../../core/refusal.ts';
import { Field } from '../../../ui/form.tsx';
import type { OperatorMe } from '../../shared/operator-me.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { twoFactorRefusals } from './security-keys.ts';
import { OwnPassword } from './OwnPassword.tsx';

/**
 * An operator's own sign-in: their password (once fully signed in), and two-factor sign-in: off, a button sets it up (QR code and secret, confirmed by
 * a current code); on, the count of recovery codes left. The recovery codes are shown once, here.
 */
export function Security({ me, onChanged }: { me: OperatorMe; onChanged: () => void }) {
  const { t } = useI18n();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setFailure('');
    try {
      setEnrolment((await adminRequest<Enrolment>('POST', '/me/two-factor')).detail);
    } catch (error) {
      setFailure(t(knownRefusalKey(error, twoFactorRefusals, 'admin_action_failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="gs-admin-security">
      <h2 id="gs-admin-security">{t('admin_security')}</h2>
      {codes !== null ? (
        <RecoveryCodes codes={codes} onDone={onChanged} />
      ) : me.two_factor ? (
        <p className="gs-message gs-message--ok">{t('admin_2fa_on', { count: me.recovery_codes_left })}</p>
      ) : (
        <>
          <p>{t(me.stage === 'enrol' ? 'admin_2fa_required' : 'admin_2fa_off')}</p>
          {enrolment === null ? (
            <button type="button" className="button button--small" disabled={busy} aria-busy={busy} onClick={() => void start()}>
              {t('admin_2fa_start')}
            </button>
          ) : (
            <ConfirmEnrolment enrolment={enrolment} onConfirmed={setCodes} />
          )}
        </>
      )}
      <p className="gs-message gs-message--error" role="alert">
        {failure}
      </p>
      {me.stage === 'signed_in' && <OwnPassword />}
    </section>
  );
}

function ConfirmEnrolment({ enrolment, onConfirmed }: { enrolment: Enrolment; onConfirmed: (codes: string[]) => void }) {
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^[0-9]{6}$/.test(code.trim())) {
      setError(t('admin_2fa_code_invalid'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      onConfirmed((await adminRequest<RecoveryCodes>('POST', '/me/two-factor/confirm', { code: code.trim() })).detail.recovery_codes);
    } catch (failure) {
      setCode('');
      setError(t(knownRefusalKey(failure, twoFactorRefusals, 'admin_action_failed')));
      setBusy(false);
    }
  };

  const { size, path } = enrolment.qr;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="gs-admin__item">
      <p>{t('admin_2fa_scan')}</p>
      <svg className="gs-admin__qr" viewBox={`0 0 ${size} ${size}`} width="200" height="200" role="img" aria-label={t('admin_2fa_qr')}>
        <rect width={size} height={size} fill="#fff" />
        <path d={path} fill="#000" shape-rendering="crispEdges" />
      </svg>
      <p>
        {t('admin_2fa_secret')}: <code className="gs-admin__card-number">{enrolment.secret}</code>
      </p>
      <Field
        id="gs-admin-2fa-code"
        name="code"
        label={t('admin_2fa_code')}
        value={code}
        onChange={(typed) => {
          const digits = typed.replace(/\D/g, '').slice(0, 6);
          setCode(digits);
          return digits;
        }}
        error={error}
        autoComplete="one-time-code"
        maxLength={6}
      />
      <div className="gs-actions">
        <button type="submit" className="button button--small" disabled={busy} aria-busy={busy}>
          {t('admin_2fa_confirm')}
        </button>
      </div>
    </form>
  );
}

/** The ten recovery codes, this once; the heading takes the focus so a screen reader starts here. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="gs-admin__item gs-admin__secret" role="region" aria-labelledby="gs-admin-recovery">
      <h3 id="gs-admin-recovery" tabIndex={-1} ref={heading}>
        {t('admin_2fa_recovery')}
      </h3>
      <p className="gs-message gs-message--error">{t('admin_2fa_recovery_note')}</p>
      <ul className="gs-admin__codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--small" onClick={onDone}>
        {t('admin_2fa_recovery_done')}
      </button>
    </div>
  );
}

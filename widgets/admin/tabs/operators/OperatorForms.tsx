import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useI18n } from '../../../core/i18n.ts';
import { Field } from '../../../ui/form.tsx';
import { refusalWording, useFormSubmission, type FieldErrors } from '../../shared/form-submission.ts';
import type { OperatorRow, OperatorSettings } from '../../../../contract/api/operators.ts';
import type { OperatorRole } from '../../shared/operator-me.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { operatorsRefusals } from './operators-keys.ts';
import { operatorPasswordPattern, operatorUsernamePattern } from '../../shared/operator-rules.ts';
import { NoteField, type Outcome, OutcomeLines } from '../../shared/queue-parts.tsx';

export interface Change {
  operator: OperatorRow;
  kind: 'role' | 'disable' | 'enable' | 'reset_two_factor';
}

const roles: OperatorRole[] = ['reviewer', 'administrator'];

const wording = refusalWording(operatorsRefusals);

/** Two radio buttons, one per role. */
function RoleChoice({
  id,
  legend,
  value,
  onChange,
}: {
  id: string;
  legend: string;
  value: OperatorRole;
  onChange: (role: OperatorRole) => void;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="gs-admin__checks">
      <legend>{legend}</legend>
      {roles.map((role) => (
        <label key={role} className="gs-admin__check">
          <input type="radio" name={id} value={role} checked={value === role} onChange={() => onChange(role)} />
          {t(`admin_role_${role}`)}
        </label>
      ))}
    </fieldset>
  );
}

export function AddOperator({ onAdded }: { onAdded: (username: string) => void }) {
  const { t } = useI18n();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<OperatorRole>('reviewer');
  const { errors, failure, busy, submit: send } = useFormSubmission(wording);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!operatorUsernamePattern.test(username.trim())) found.username = t('admin_operators_username_invalid');
    if (!operatorPasswordPattern.test(password)) found.password = t('admin_operators_password_invalid');
    return send(found, async () => {
      await adminRequest('POST', '/operators', { username: username.trim(), password, role });
      onAdded(username.trim());
      setUsername('');
      setPassword('');
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="gs-operator-add">
      <h3 id="gs-operator-add">{t('admin_operators_add')}</h3>
      <Field
        id="gs-operator-username"
        name="username"
        label={t('admin_username')}
        hint={t('admin_operators_username_hint')}
        value={username}
        onChange={setUsername}
        error={errors.username}
        autoComplete="off"
        maxLength={40}
      />
      <Field
        id="gs-operator-password"
        name="password"
        type="password"
        label={t('admin_operators_password')}
        hint={t('admin_operators_password_hint')}
        toggleLabel={t('admin_operators_show_password')}
        value={password}
        onChange={setPassword}
        error={errors.password}
        autoComplete="new-password"
        maxLength={64}
      />
      <RoleChoice id="gs-operator-role" legend={t('admin_operators_role')} value={role} onChange={setRole} />
      <p className="gs-message gs-message--error" role="alert">
        {failure}
      </p>
      <div className="gs-actions">
        <button type="submit" className="button button--small" disabled={busy} aria-busy={busy}>
          {t('admin_operators_add_submit')}
        </button>
      </div>
    </form>
  );
}

/** A role change, a disabling, an enabling or a two-factor reset of one operator: each asks why, for the audit log. */
export function ChangeOperator({ change, onClose }: { change: Change; onClose: (done: Outcome | null) => void }) {
  const { t } = useI18n();
  const { operator, kind } = change;
  const [role, setRole] = useState<OperatorRole>(operator.role === 'administrator' ? 'reviewer' : 'administrator');
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLFieldSetElement>(null);
  useEffect(() => ref.current?.querySelector<HTMLInputElement>('input')?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setFailure(t('admin_reason_needed'));
      return;
    }
    setBusy(true);
    try {
      if (kind === 'role') await adminRequest('PUT', `/operators/${operator.id}/role`, { role, reason: reason.trim() });
      else
        await adminRequest('POST', `/operators/${operator.id}/${kind === 'reset_two_factor' ? 'two-factor/reset' : kind}`, {
          reason: reason.trim(),
        });
      onClose({ text: t('admin_operators_saved', { username: operator.username }), failed: false });
    } catch (error) {
      setFailure(wording.text(error, t));
      setBusy(false);
    }
  };

  const action = kind === 'role' ? 'admin_operators_save' : `admin_operators_${kind}`;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="gs-admin__item">
      <fieldset ref={ref}>
        <legend>
          {operator.username}: {t(kind === 'role' ? 'admin_operators_change_role' : `admin_operators_${kind}`)}
        </legend>
        {kind === 'role' ? (
          <RoleChoice
            id="gs-operator-new-role"
            legend={t('admin_operators_new_role', { username: operator.username })}
            value={role}
            onChange={setRole}
          />
        ) : (
          <p className="gs-admin__note">{t(`admin_operators_${kind}_note`, { username: operator.username })}</p>
        )}
        <NoteField id="gs-operator-reason" label={t('admin_operators_reason')} maxLength={500} value={reason} onChange={setReason} />
        <p className="gs-message gs-message--error" role="alert">
          {failure}
        </p>
        <div className="gs-actions">
          <button type="submit" className="button button--small button--secondary" disabled={busy} aria-busy={busy}>
            {t(action)}
          </button>
          <button type="button" className="button button--small button--quiet" onClick={() => onClose(null)}>
            {t('admin_operators_cancel')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/** "Two-factor required for everyone", with the reason any change of access asks for. */
export function SignInRules() {
  const { t } = useI18n();
  const [required, setRequired] = useState<boolean | null>(null);
  const [wanted, setWanted] = useState(false);
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    adminRequest<OperatorSettings>('GET', '/operator-settings')
      .then((envelope) => {
        setRequired(envelope.detail.two_factor_required);
        setWanted(envelope.detail.two_factor_required);
      })
      .catch(() => setOutcome({ text: t('admin_load_error'), failed: true }));
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setOutcome({ text: t('admin_reason_needed'), failed: true });
      return;
    }
    setBusy(true);
    try {
      await adminRequest('PUT', '/operator-settings', { two_factor_required: wanted, reason: reason.trim() });
      setRequired(wanted);
      setReason('');
      setOutcome({ text: t('admin_operators_settings_saved'), failed: false });
    } catch (error) {
      setOutcome({ text: wording.text(error, t), failed: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="gs-operator-rules">
      <h3 id="gs-operator-rules">{t('admin_operators_settings')}</h3>
      <label className="gs-admin__check">
        <input type="checkbox" checked={wanted} disabled={required === null} onChange={(event) => setWanted(event.currentTarget.checked)} />
        {t('admin_operators_require_two_factor')}
      </label>
      <p className="gs-field__hint">{t('admin_operators_require_note')}</p>
      <NoteField id="gs-operator-rules-reason" label={t('admin_operators_reason')} maxLength={500} value={reason} onChange={setReason} />
      <OutcomeLines outcome={outcome} />
      <div className="gs-actions">
        <button type="submit" className="button button--small" disabled={busy || required === null} aria-busy={busy}>
          {t('admin_operators_save')}
        </button>
      </div>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { withdrawalCooldownHoursMax } from '../../../../contract/limits.ts';
import { useI18n } from '../../../core/i18n.ts';
import { knownRefusalKey } from '../../../core/refusal.ts';
import type { MemberDetail, WithdrawalCooldown } from '../../../../contract/api/members.ts';
import { membersRefusals } from './members-keys.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { NoteField } from '../../shared/queue-parts.tsx';

/** As the server takes it: whole hours, thirty days at most. */
const maxHours = withdrawalCooldownHoursMax;
const wholeHours = /^\d{1,3}$/;

/**
 * This member's own withdrawal cool-down (issue 35, customer service): the hours a new or changed card,
 * or a password change, makes their withdrawals wait. Blank gives them the install's again. A reason is
 * required and kept in the audit log; the member is told the hours that now apply.
 */
export function MemberCooldown({ member, onChanged }: { member: MemberDetail; onChanged: () => void }) {
  const { t } = useI18n();
  const { hours, install_hours: installHours } = member.withdrawal_cooldown;
  const [editing, setEditing] = useState(false);
  const [done, setDone] = useState('');
  return (
    <section aria-labelledby="gs-member-cooldown">
      <h3 id="gs-member-cooldown">{t('admin_members_cooldown')}</h3>
      <p>
        {hours === null
          ? t('admin_members_cooldown_install', { hours: installHours })
          : t('admin_members_cooldown_own', { hours, install: installHours })}
      </p>
      <p className="gs-message gs-message--ok" role="status">
        {done}
      </p>
      {editing ? (
        <CooldownForm
          memberId={member.id}
          current={hours}
          installHours={installHours}
          onClose={(text) => {
            setEditing(false);
            if (text !== null) {
              setDone(text);
              onChanged();
            }
          }}
        />
      ) : (
        <button type="button" className="button button--small button--secondary" onClick={() => setEditing(true)}>
          {t('admin_members_cooldown_change')}
        </button>
      )}
    </section>
  );
}

interface FormProps {
  memberId: number;
  current: number | null;
  installHours: number;
  onClose: (done: string | null) => void;
}

function CooldownForm({ memberId, current, installHours, onClose }: FormProps) {
  const { t } = useI18n();
  const [hours, setHours] = useState(current === null ? '' : String(current));
  const [reason, setReason] = useState('');
  const [hoursError, setHoursError] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = hours.trim();
    const wanted = text === '' ? null : Number(text);
    const badHours = wanted !== null && (!wholeHours.test(text) || wanted > maxHours);
    setHoursError(badHours ? t('admin_members_cooldown_hours_invalid', { max: maxHours }) : '');
    setFailure(reason.trim() === '' ? t('admin_reason_needed') : '');
    if (badHours || reason.trim() === '') return;
    setBusy(true);
    try {
      const answer = await adminRequest<WithdrawalCooldown>('PUT', `/members/${memberId}/withdrawal-cooldown`, {
        // Blank: the install's hours again (a form sends no null).
        hours: wanted ?? '',
        reason: reason.trim(),
      });
      onClose(t('admin_members_cooldown_done', { hours: answer.detail?.applies_hours ?? installHours }));
    } catch (error) {
      setFailure(t(knownRefusalKey(error, membersRefusals, 'admin_action_failed')));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="gs-admin__item">
      <fieldset>
        <legend>{t('admin_members_cooldown_change')}</legend>
        <div className="gs-field">
          <label htmlFor="gs-member-cooldown-hours">{t('admin_members_cooldown_hours')}</label>
          <div className="gs-field__control">
            <input
              id="gs-member-cooldown-hours"
              inputMode="numeric"
              value={hours}
              aria-describedby="gs-member-cooldown-hint gs-member-cooldown-error"
              aria-invalid={hoursError !== ''}
              onInput={(event) => setHours(event.currentTarget.value)}
            />
          </div>
          <p id="gs-member-cooldown-hint" className="gs-admin__note">
            {t('admin_members_cooldown_hint', { hours: installHours, max: maxHours })}
          </p>
          <p id="gs-member-cooldown-error" className="gs-message gs-message--error" role="alert">
            {hoursError}
          </p>
        </div>
        <NoteField id="gs-member-cooldown-reason" label={t('admin_members_reason')} maxLength={500} value={reason} onChange={setReason} />
        <p className="gs-message gs-message--error" role="alert">
          {failure}
        </p>
        <div className="gs-actions">
          <button type="submit" className="button button--small" disabled={busy} aria-busy={busy}>
            {t('admin_members_cooldown_save')}
          </button>
          <button type="button" className="button button--small button--secondary" onClick={() => onClose(null)}>
            {t('admin_members_cancel')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

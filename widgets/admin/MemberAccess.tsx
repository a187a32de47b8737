import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useI18n } from '../core/i18n.ts';
import { knownRefusalKey } from '../core/refusal.ts';
import type { MemberDetail } from './MemberPage.tsx';
import { membersRefusals } from './members-keys.ts';
import { adminRequest } from './operator-session.ts';
import { NoteField, type Outcome } from './queue-parts.tsx';

type Action = 'suspend' | 'reinstate' | 'endSessions';

/** What each action sends, where, and what it says when done. */
const actions: Record<Action, { path: string; field: 'reason' | 'note'; label: string; note: string; done: string }> = {
  suspend: {
    path: 'suspend',
    field: 'reason',
    label: 'admin_members_suspend',
    note: 'admin_members_suspend_note',
    done: 'admin_members_suspended_done',
  },
  reinstate: { path: 'reinstate', field: 'note', label: 'admin_members_reinstate', note: '', done: 'admin_members_reinstated_done' },
  endSessions: {
    path: 'sessions/revoke',
    field: 'reason',
    label: 'admin_members_end_sessions',
    note: 'admin_members_end_sessions_note',
    done: 'admin_members_sessions_ended',
  },
};

/** Suspend or reinstate the member, or end their sessions: each asks for a reason, which the audit log keeps. */
export function MemberAccess({ member, onChanged }: { member: MemberDetail; onChanged: () => void }) {
  const { t } = useI18n();
  const [doing, setDoing] = useState<Action | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const access: Action = member.account_status === 'suspended' ? 'reinstate' : 'suspend';
  return (
    <section aria-labelledby="gs-member-access">
      <h3 id="gs-member-access">{t('admin_members_access')}</h3>
      <p className="gs-message gs-message--ok" role="status">
        {outcome?.failed === false ? outcome.text : ''}
      </p>
      {doing === null ? (
        <div className="gs-actions">
          <button type="button" className="button button--small button--secondary" onClick={() => setDoing(access)}>
            {t(actions[access].label)}
          </button>
          <button type="button" className="button button--small button--secondary" onClick={() => setDoing('endSessions')}>
            {t(actions.endSessions.label)}
          </button>
        </div>
      ) : (
        <ReasonForm
          key={doing}
          memberId={member.id}
          action={doing}
          onClose={(done) => {
            setDoing(null);
            if (done !== null) {
              setOutcome(done);
              onChanged();
            }
          }}
        />
      )}
    </section>
  );
}

function ReasonForm({ memberId, action, onClose }: { memberId: number; action: Action; onClose: (done: Outcome | null) => void }) {
  const { t } = useI18n();
  const { path, field, label, note, done } = actions[action];
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setFailure(t('admin_reason_needed'));
      return;
    }
    setBusy(true);
    try {
      await adminRequest('POST', `/members/${memberId}/${path}`, { [field]: reason.trim() });
      onClose({ text: t(done), failed: false });
    } catch (error) {
      setFailure(t(knownRefusalKey(error, membersRefusals, 'admin_action_failed')));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="gs-admin__item">
      <fieldset ref={ref}>
        <legend>{t(label)}</legend>
        {note !== '' && <p className="gs-admin__note">{t(note)}</p>}
        <NoteField id="gs-member-reason" label={t('admin_members_reason')} maxLength={500} value={reason} onChange={setReason} />
        <p className="gs-message gs-message--error" role="alert">
          {failure}
        </p>
        <div className="gs-actions">
          <button type="submit" className="button button--small" disabled={busy} aria-busy={busy}>
            {t(label)}
          </button>
          <button type="button" className="button button--small button--quiet" onClick={() => onClose(null)}>
            {t('admin_members_cancel')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

import { useState } from 'react';
import { useI18n } from '../../../core/i18n.ts';
import { dateTimeFormat } from '../../../core/date-time.ts';
import { knownRefusalKey } from '../../../core/refusal.ts';
import type { MemberDetail, PasswordResetCode, SessionsEnded } from '../../../../contract/api/members.ts';
import { membersRefusals } from './members-keys.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import type { Outcome } from '../../shared/queue-parts.tsx';
import { ReasonPanel } from '../../shared/ReasonPanel.tsx';

type Action = 'suspend' | 'reinstate' | 'endSessions' | 'resetPassword';

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
  // The reason is the identity check customer service made; the answer carries the code to give the member.
  resetPassword: {
    path: 'password-reset',
    field: 'reason',
    label: 'admin_members_reset_password',
    note: 'admin_members_reset_password_note',
    done: 'admin_members_reset_code',
  },
};

/**
 * Suspend or reinstate the member, end their sessions, or give customer service a password-reset code:
 * each asks for a reason, which the audit log keeps.
 */
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
          <button type="button" className="button button--small button--secondary" onClick={() => setDoing('resetPassword')}>
            {t(actions.resetPassword.label)}
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
  const { locale, t } = useI18n();
  const { path, field, label, note, done } = actions[action];
  return (
    <ReasonPanel
      id="gs-member-reason"
      legend={t(label)}
      note={note === '' ? '' : t(note)}
      reasonLabel={t('admin_members_reason')}
      submitLabel={t(label)}
      cancelLabel={t('admin_members_cancel')}
      tone="plain"
      act={async (reason) => {
        // Each action answers its own way: the password reset its code, ending sessions their count, the others nothing.
        const answer = await adminRequest<PasswordResetCode | SessionsEnded | null>('POST', `/members/${memberId}/${path}`, {
          [field]: reason,
        });
        const { code = '', expires_at: until = '' } = answer.detail !== null && 'code' in answer.detail ? answer.detail : {};
        return t(done, { code, until: until === '' ? '' : dateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(until)) });
      }}
      refused={(error) => t(knownRefusalKey(error, membersRefusals, 'admin_action_failed'))}
      onClose={onClose}
    />
  );
}

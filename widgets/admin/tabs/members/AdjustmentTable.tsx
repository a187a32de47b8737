import { useState } from 'react';
import type { AdjustmentJson } from '../../../../contract/api/members.ts';
import { dateTimeFormat } from '../../../core/date-time.ts';
import { useI18n } from '../../../core/i18n.ts';
import { useStore } from '../../../core/use-store.ts';
import { adjustmentRefusalText } from './adjustment-keys.ts';
import { AskFirst } from '../../shared/AskFirst.tsx';
import { MemberLink } from '../../shared/MemberLink.tsx';
import { $operatorId } from '../../shared/operator-me.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { NoteField, type Outcome } from '../../shared/queue-parts.tsx';
import { formatDecimal } from '../../shared/formatters.ts';
import { ScrollTable } from '../../shared/ScrollTable.tsx';

interface Props {
  id: string;
  caption: string;
  rows: readonly AdjustmentJson[];
  /** The Members tab's waiting list names each member; a member's own page does not. */
  showMember?: boolean;
  onDecided: (outcome: Outcome) => void;
}

/**
 * Credits and debits by customer service (decision 060). A waiting one offers Approve to any other
 * administrator (the one who asked reads why not) and Turn down, with a reason, to all.
 */
export function AdjustmentTable({ id, caption, rows, showMember = false, onDecided }: Props) {
  const { locale, t } = useI18n();
  const me = useStore($operatorId);
  const [notes, setNotes] = useState<Record<number, string>>({});
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const signed = (row: AdjustmentJson) => `${row.direction === 'debit' ? '−' : '+'}${formatDecimal(row.amount, locale)}`;

  const decide = async (row: AdjustmentJson, verb: 'approve' | 'reject') => {
    const note = (notes[row.id] ?? '').trim();
    if (verb === 'reject' && note === '') {
      onDecided({ text: t('admin_reason_needed'), failed: true });
      return;
    }
    try {
      await adminRequest('POST', `/adjustments/${row.id}/${verb}`, note === '' ? {} : { note });
      onDecided({
        text: t(verb === 'approve' ? 'admin_adjust_approved' : 'admin_adjust_rejected', { amount: signed(row) }),
        failed: false,
      });
    } catch (error) {
      onDecided({ text: adjustmentRefusalText(error, t), failed: true });
    }
  };

  return (
    <ScrollTable id={id} caption={caption}>
      <thead>
        <tr>
          <th scope="col">{t('admin_adjust_when')}</th>
          {showMember && <th scope="col">{t('admin_adjust_member')}</th>}
          <th scope="col">{t('admin_adjust_amount')}</th>
          <th scope="col">{t('admin_adjust_reason')}</th>
          <th scope="col">{t('admin_adjust_by')}</th>
          <th scope="col">{t('admin_adjust_status')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row">
              <time dateTime={row.requested_at}>{time.format(new Date(row.requested_at))}</time>
            </th>
            {showMember && (
              <td>
                <MemberLink id={row.member.id} username={row.member.username} />
              </td>
            )}
            <td>{signed(row)}</td>
            <td>{row.reason}</td>
            <td>{row.requested_by.username}</td>
            <td>
              {t(`admin_adjust_status_${row.status}`)}
              {row.decided_by !== null && ` · ${t('admin_adjust_decided_by', { name: row.decided_by })}`}
              {row.decision_note !== null && ` · ${row.decision_note}`}
              {row.status === 'pending' && (
                <div className="gs-admin__item">
                  {row.requested_by.id === me ? (
                    <p className="gs-admin__note">{t('admin_adjust_own_note')}</p>
                  ) : (
                    <AskFirst
                      label={t('admin_adjust_approve')}
                      question={t(row.direction === 'credit' ? 'admin_adjust_ask_credit' : 'admin_adjust_ask_debit', {
                        amount: formatDecimal(row.amount, locale),
                        member: row.member.username,
                        reason: row.reason,
                      })}
                      onGo={() => void decide(row, 'approve')}
                    />
                  )}
                  <NoteField
                    id={`gs-adjust-note-${row.id}`}
                    label={t('admin_adjust_reject_reason')}
                    maxLength={500}
                    value={notes[row.id] ?? ''}
                    onChange={(value) => setNotes((all) => ({ ...all, [row.id]: value }))}
                  />
                  <button type="button" className="button button--small button--secondary" onClick={() => void decide(row, 'reject')}>
                    {t('admin_adjust_reject')}
                  </button>
                </div>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

import type { ListedMember } from '../../../../contract/api/members.ts';
import { useState } from 'react';
import type { Refund } from '../../../../contract/api/payments.ts';
import { useI18n } from '../../../core/i18n.ts';
import { formatPoints } from '../../../core/money.ts';
import { usePagedList, type Paged } from '../../../core/paged.ts';
import { decisionError } from '../../shared/decision.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { AskFirst } from '../../shared/AskFirst.tsx';
import { Decisions, NoteField, QueueStatus, type Outcome } from '../../shared/queue-parts.tsx';
import { MemberLink } from '../../shared/MemberLink.tsx';

/**
 * PRODUCT.md decision 4 from the operator's side: money that came from someone other than the
 * member goes back to its payer, to the account shown, and the member's suspension ends only after
 * a person looked. A payer marked different by mistake is undone by an administrator, the same
 * business day, before the refund is paid (decision 050).
 */
export function Reviews() {
  const { locale, t } = useI18n();
  const refunds = usePagedList<Refund>('/refunds?status=owed', (path) => adminRequest<Paged<Refund>>('GET', path));
  const members = usePagedList<ListedMember>('/members?status=suspended', (path) => adminRequest<Paged<ListedMember>>('GET', path));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [notes, setNotes] = useState<Record<string, string>>({});

  const act = async (key: string, path: string, field: string, done: string) => {
    const note = (notes[key] ?? '').trim();
    if (note === '') {
      setOutcome({ text: t('admin_note_needed'), failed: true });
      return;
    }
    try {
      await adminRequest('POST', path, { [field]: note });
      setOutcome({ text: done, failed: false });
    } catch (error) {
      setOutcome({ text: decisionError(error, t), failed: true });
    }
    refunds.reload();
    members.reload();
  };

  /** Asked before marking a refund paid, once the bank's reference is filled in. */
  const refundQuestion = (refund: Refund) => {
    const reference = (notes[`refund-${refund.id}`] ?? '').trim();
    if (reference === '') return null;
    return t('admin_ask_refund', { amount: formatPoints(refund.amount, locale), payer: refund.payer_name, reference });
  };

  return (
    <>
      <section aria-labelledby="gs-admin-refunds">
        <h2 id="gs-admin-refunds">{t('admin_refunds')}</h2>
        <QueueStatus outcome={outcome} list={refunds} />
        <ul className="gs-admin__queue">
          {(refunds.page?.data ?? []).map((refund) => (
            <li key={refund.id} className="gs-admin__item">
              <dl className="gs-admin__facts">
                <dt>{t('admin_order_number')}</dt>
                <dd>{refund.order_number}</dd>
                <dt>{t('admin_member')}</dt>
                <dd>
                  <MemberLink id={refund.member.id} username={refund.member.username} />
                </dd>
                <dt>{t('admin_refund_payer')}</dt>
                <dd>{refund.payer_name}</dd>
                <dt>{t('admin_refund_account')}</dt>
                <dd className="gs-admin__refund-account">
                  {refund.payer_bank != null && refund.payer_account != null ? (
                    <>
                      {refund.payer_bank} <code>{refund.payer_account}</code>
                    </>
                  ) : (
                    t('admin_refund_account_unknown')
                  )}
                </dd>
                <dt>{t('admin_refund_incoming')}</dt>
                <dd>{refund.bank_reference}</dd>
                {refund.reason != null && (
                  <>
                    <dt>{t('admin_refund_reason')}</dt>
                    <dd>{refund.reason}</dd>
                  </>
                )}
                <dt>{t('transaction_amount')}</dt>
                <dd>{formatPoints(refund.amount, locale)}</dd>
              </dl>
              <NoteField
                id={`gs-admin-refund-${refund.id}`}
                label={t('admin_notice_reference')}
                maxLength={120}
                value={notes[`refund-${refund.id}`] ?? ''}
                onChange={(value) => setNotes({ ...notes, [`refund-${refund.id}`]: value })}
              />
              <div className="gs-actions">
                <AskFirst
                  label={t('admin_refund_pay')}
                  question={refundQuestion(refund)}
                  onGo={() => void act(`refund-${refund.id}`, `/refunds/${refund.id}/pay`, 'bank_reference', t('admin_refund_paid'))}
                />
              </div>
              {refund.order_id !== undefined && (
                <>
                  <NoteField
                    id={`gs-admin-undo-${refund.id}`}
                    label={t('admin_undo_reason')}
                    maxLength={500}
                    value={notes[`undo-${refund.id}`] ?? ''}
                    onChange={(value) => setNotes({ ...notes, [`undo-${refund.id}`]: value })}
                  />
                  <div className="gs-actions">
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      onClick={() =>
                        void act(
                          `undo-${refund.id}`,
                          `/orders/${refund.order_id}/undo`,
                          'reason',
                          t('admin_undone', { number: refund.order_number }),
                        )
                      }
                    >
                      {t('admin_undo')}
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="gs-admin-suspended">
        <h2 id="gs-admin-suspended">{t('admin_suspended')}</h2>
        {!members.loading && (members.page?.data.length ?? 0) === 0 && <p>{t('admin_queue_empty')}</p>}
        <ul className="gs-admin__queue">
          {(members.page?.data ?? []).map((member) => (
            <li key={member.id} className="gs-admin__item">
              <dl className="gs-admin__facts">
                <dt>{t('admin_member')}</dt>
                <dd>
                  <MemberLink id={member.id} username={member.username} />
                </dd>
                <dt>{t('verify_real_name')}</dt>
                <dd>{member.realname ?? t('admin_not_verified')}</dd>
              </dl>
              <NoteField
                id={`gs-admin-member-${member.id}`}
                label={t('admin_review_note')}
                maxLength={500}
                value={notes[`member-${member.id}`] ?? ''}
                onChange={(value) => setNotes({ ...notes, [`member-${member.id}`]: value })}
              />
              <Decisions
                yes={t('admin_reinstate')}
                no={t('admin_keep_suspended')}
                onYes={() =>
                  void act(
                    `member-${member.id}`,
                    `/members/${member.id}/reinstate`,
                    'note',
                    t('admin_reinstated', { name: member.username }),
                  )
                }
                onNo={() => setOutcome({ text: t('admin_kept_suspended', { name: member.username }), failed: false })}
              />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

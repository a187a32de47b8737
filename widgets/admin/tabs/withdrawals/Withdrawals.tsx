import { useState } from 'react';
import type { QueuedWithdrawal } from '../../../../contract/api/withdrawals.ts';
import { useI18n } from '../../../core/i18n.ts';
import { formatPoints } from '../../../core/money.ts';
import { usePagedList, type Paged } from '../../../core/paged.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { decisionError } from '../../shared/decision.ts';
import { PayoutCard } from './PayoutCard.tsx';
import { adminRequest } from '../../shared/operator-session.ts';
import { $operatorId } from '../../shared/operator-me.ts';
import { useStore } from '../../../core/use-store.ts';
import { Decisions, NoteField, QueueStatus, type Outcome } from '../../shared/queue-parts.tsx';
import { dateTimeFormat } from '../../../core/date-time.ts';

/**
 * Withdrawals waiting for payout: claim one before sending its bank transfer (decision 051), then
 * pay with the bank's reference, or reject with a reason (the hold returns). Another operator's
 * claim shows who holds it, since and until when, and leaves nothing to press but the card.
 */
export function Withdrawals() {
  const { locale, t } = useI18n();
  const list = usePagedList<QueuedWithdrawal>('/withdrawals?status=accepted', (path) => adminRequest<Paged<QueuedWithdrawal>>('GET', path));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [notes, setNotes] = useState<Record<number, string>>({});
  const myId = useStore($operatorId);
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const clock = dateTimeFormat(locale, { timeStyle: 'short' });
  const heldBy = (withdrawal: QueuedWithdrawal) => {
    const claim = withdrawal.claim ?? null;
    if (claim === null || Date.parse(claim.until) <= Date.now()) return 'nobody';
    return claim.operator_id === myId ? 'me' : 'other';
  };

  const claimOrRelease = async (withdrawal: QueuedWithdrawal, take: boolean) => {
    try {
      const answer = await adminRequest<QueuedWithdrawal>('POST', `/withdrawals/${withdrawal.id}/${take ? 'claim' : 'release'}`);
      // Should the signed-in operator's id not have come yet, the claim's answer names them.
      if (take && answer.detail.claim != null) $operatorId.set(answer.detail.claim.operator_id);
      setOutcome({ text: t(take ? 'admin_withdrawal_claimed' : 'admin_withdrawal_released', { id: withdrawal.id }), failed: false });
    } catch (error) {
      setOutcome({ text: decisionError(error, t), failed: true });
    }
    list.reload();
  };

  const decide = async (withdrawal: QueuedWithdrawal, pay: boolean) => {
    const note = (notes[withdrawal.id] ?? '').trim();
    if (note === '') {
      setOutcome({ text: t(pay ? 'admin_reference_needed' : 'admin_reason_needed'), failed: true });
      return;
    }
    try {
      await adminRequest(
        'POST',
        `/withdrawals/${withdrawal.id}/${pay ? 'pay' : 'reject'}`,
        pay ? { bank_reference: note } : { reason: note },
      );
      setOutcome({ text: t(pay ? 'admin_withdrawal_paid' : 'admin_withdrawal_rejected', { id: withdrawal.id }), failed: false });
      list.reload();
    } catch (error) {
      setOutcome({ text: decisionError(error, t), failed: true });
    }
  };

  /** Asked before marking a withdrawal paid, once the bank's reference is filled in. */
  const payoutQuestion = (withdrawal: QueuedWithdrawal) => {
    const reference = (notes[withdrawal.id] ?? '').trim();
    if (reference === '') return null;
    return t('admin_ask_payout', {
      id: withdrawal.id,
      amount: formatPoints(withdrawal.amount, locale),
      holder: withdrawal.cardholder,
      last4: withdrawal.bankcard.card_last4,
      reference,
    });
  };

  const rows = list.page?.data ?? [];
  return (
    <section aria-labelledby="gs-admin-withdrawals">
      <h2 id="gs-admin-withdrawals">{t('admin_withdrawals')}</h2>
      <QueueStatus outcome={outcome} list={list} />
      <ul className="gs-admin__queue">
        {rows.map((withdrawal) => (
          <li key={withdrawal.id} className="gs-admin__item">
            <dl className="gs-admin__facts">
              <dt>{t('admin_withdrawal_number')}</dt>
              <dd>{withdrawal.id}</dd>
              <dt>{t('transaction_time')}</dt>
              <dd>
                <time dateTime={withdrawal.created_at}>{time.format(new Date(withdrawal.created_at))}</time>
              </dd>
              <dt>{t('bank_cardholder')}</dt>
              <dd>{withdrawal.cardholder}</dd>
              <dt>{t('bank_bank_name')}</dt>
              <dd>
                {withdrawal.bankcard.bank_name} ···· {withdrawal.bankcard.card_last4}
              </dd>
              <dt>{t('transaction_amount')}</dt>
              <dd>{formatPoints(withdrawal.amount, locale)}</dd>
            </dl>
            {withdrawal.claim != null && heldBy(withdrawal) !== 'nobody' && (
              <p className="gs-admin__claim" role="note">
                {t(heldBy(withdrawal) === 'me' ? 'admin_withdrawal_claimed_by_you' : 'admin_withdrawal_claimed_by', {
                  name: withdrawal.claim.operator,
                  since: clock.format(new Date(withdrawal.claim.since)),
                  until: clock.format(new Date(withdrawal.claim.until)),
                })}
              </p>
            )}
            <PayoutCard withdrawalId={withdrawal.id} />
            {heldBy(withdrawal) === 'nobody' && (
              <>
                <p className="gs-field__hint">{t('admin_withdrawal_claim_first')}</p>
                <div className="gs-actions">
                  <button type="button" className="button button--small" onClick={() => void claimOrRelease(withdrawal, true)}>
                    {t('admin_withdrawal_claim')}
                  </button>
                </div>
              </>
            )}
            {heldBy(withdrawal) === 'me' && (
              <>
                <NoteField
                  id={`gs-admin-note-${withdrawal.id}`}
                  label={t('admin_reference_or_reason')}
                  maxLength={120}
                  value={notes[withdrawal.id] ?? ''}
                  onChange={(value) => setNotes({ ...notes, [withdrawal.id]: value })}
                />
                <Decisions
                  yes={t('admin_pay')}
                  no={t('admin_reject')}
                  question={payoutQuestion(withdrawal)}
                  onYes={() => void decide(withdrawal, true)}
                  onNo={() => void decide(withdrawal, false)}
                />
                <div className="gs-actions">
                  <button
                    type="button"
                    className="button button--small button--quiet"
                    onClick={() => void claimOrRelease(withdrawal, false)}
                  >
                    {t('admin_withdrawal_release')}
                  </button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
    </section>
  );
}

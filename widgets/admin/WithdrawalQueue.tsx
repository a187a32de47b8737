import { useState } from 'react';
import { htmlLang } from '../../locales/index.ts';
import { useI18n } from '../core/i18n.ts';
import { formatPoints } from '../core/money.ts';
import { usePagedList, type Paged } from '../core/paged.ts';
import { Pager } from '../core/Pager.tsx';
import { decisionError } from './decision.ts';
import { adminRequest } from './operator-session.ts';

export interface QueuedWithdrawal {
  id: number;
  user_id: number;
  cardholder: string;
  amount: number;
  created_at: string;
  bankcard: { id: number; bank_name: string; card_last4: string };
}

/** Withdrawals waiting for payout: pay with the bank's reference, or reject with a reason (the hold returns). */
export function WithdrawalQueue() {
  const { locale, t } = useI18n();
  const list = usePagedList<QueuedWithdrawal>('/withdrawals?status=accepted', (path) => adminRequest<Paged<QueuedWithdrawal>>('GET', path));
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const [notes, setNotes] = useState<Record<number, string>>({});
  const time = new Intl.DateTimeFormat(htmlLang[locale], { dateStyle: 'short', timeStyle: 'short' });

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
      setOutcome({ text: decisionError(error, t('admin_action_failed')), failed: true });
    }
  };

  const rows = list.page?.data ?? [];
  return (
    <section aria-labelledby="gs-admin-withdrawals">
      <h2 id="gs-admin-withdrawals">{t('admin_withdrawals')}</h2>
      <p className="gs-message gs-message--error" role="alert">
        {outcome?.failed === true ? outcome.text : list.failed !== null ? t('admin_load_error') : ''}
      </p>
      <p className="gs-message gs-message--ok" role="status">
        {outcome?.failed === false ? outcome.text : ''}
      </p>
      {!list.loading && rows.length === 0 && list.failed === null && <p>{t('admin_queue_empty')}</p>}
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
            <div className="gs-field">
              <label htmlFor={`gs-admin-note-${withdrawal.id}`}>{t('admin_reference_or_reason')}</label>
              <div className="gs-field__control">
                <input
                  id={`gs-admin-note-${withdrawal.id}`}
                  maxLength={120}
                  value={notes[withdrawal.id] ?? ''}
                  onChange={(event) => setNotes({ ...notes, [withdrawal.id]: event.currentTarget.value })}
                />
              </div>
            </div>
            <div className="gs-actions">
              <button type="button" className="button button--small" onClick={() => void decide(withdrawal, true)}>
                {t('admin_pay')}
              </button>
              <button type="button" className="button button--small button--secondary" onClick={() => void decide(withdrawal, false)}>
                {t('admin_reject')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {list.page !== null && <Pager current={list.page.current_page} last={list.page.last_page} onGo={list.go} />}
    </section>
  );
}

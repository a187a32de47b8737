import { useState } from 'react';
import { useI18n } from '../core/i18n.ts';
import { formatPoints } from '../core/money.ts';
import { usePagedList, type Paged } from '../core/paged.ts';
import { Pager } from '../ui/Pager.tsx';
import { decisionError } from './decision.ts';
import { adminRequest } from './operator-session.ts';
import { PrivateImage } from './PrivateImage.tsx';
import { Decisions, NoteField, QueueStatus, type Outcome } from './queue-parts.tsx';
import { dateTimeFormat } from '../core/date-time.ts';

export interface PaymentNotice {
  id: number;
  account_back_five: string;
  image_path: string;
  remark: string | null;
  created_at: string;
  order: { id: number; order_number: string; total_amount: number };
  member: { id: number; username: string; realname: string | null; verification_status: string };
  /** The receiving account the member paid into; null when they did not say. */
  remittance_account?: { id: number; bank_name: string; account_number: string; demo: boolean } | null;
}

/**
 * Payment notices to check against the bank statement. Confirming needs the payer's name as the
 * statement shows it: the server compares it with the member's verified real name and, when they
 * differ, credits nothing and records the money for refund (its message says so).
 */
export function NoticeQueue() {
  const { locale, t } = useI18n();
  const list = usePagedList<PaymentNotice>('/order-notices?status=pending', (path) => adminRequest<Paged<PaymentNotice>>('GET', path));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [fields, setFields] = useState<Record<number, { payer: string; reference: string; reason: string }>>({});
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const fieldsOf = (id: number) => fields[id] ?? { payer: '', reference: '', reason: '' };
  const setField = (id: number, name: 'payer' | 'reference' | 'reason', value: string) =>
    setFields({ ...fields, [id]: { ...fieldsOf(id), [name]: value } });

  const confirm = async (notice: PaymentNotice) => {
    const { payer, reference } = fieldsOf(notice.id);
    if (payer.trim() === '' || reference.trim() === '') {
      setOutcome({ text: t('admin_payer_needed'), failed: true });
      return;
    }
    await act(
      () => adminRequest('POST', `/orders/${notice.order.id}/confirm`, { payer_name: payer.trim(), bank_reference: reference.trim() }),
      t('admin_order_confirmed', { number: notice.order.order_number }),
    );
  };
  /** Asked before crediting, once the payer and the reference are filled in. */
  const paymentQuestion = (notice: PaymentNotice) => {
    const { payer, reference } = fieldsOf(notice.id);
    if (payer.trim() === '' || reference.trim() === '') return null;
    return t('admin_ask_payment', {
      number: notice.order.order_number,
      amount: formatPoints(notice.order.total_amount, locale),
      payer: payer.trim(),
      reference: reference.trim(),
    });
  };
  const reject = async (notice: PaymentNotice) => {
    const { reason } = fieldsOf(notice.id);
    if (reason.trim() === '') {
      setOutcome({ text: t('admin_reason_needed'), failed: true });
      return;
    }
    await act(
      () => adminRequest('POST', `/orders/${notice.order.id}/reject`, { reason: reason.trim() }),
      t('admin_order_rejected', { number: notice.order.order_number }),
    );
  };
  const act = async (request: () => Promise<unknown>, done: string) => {
    try {
      await request();
      setOutcome({ text: done, failed: false });
    } catch (error) {
      setOutcome({ text: decisionError(error, t), failed: true });
    }
    list.reload();
  };

  const rows = list.page?.data ?? [];
  return (
    <section aria-labelledby="gs-admin-notices">
      <h2 id="gs-admin-notices">{t('admin_notices')}</h2>
      <QueueStatus outcome={outcome} list={list} />
      <ul className="gs-admin__queue">
        {rows.map((notice) => (
          <li key={notice.id} className="gs-admin__item">
            <dl className="gs-admin__facts">
              <dt>{t('admin_order_number')}</dt>
              <dd>{notice.order.order_number}</dd>
              <dt>{t('transaction_amount')}</dt>
              <dd>{formatPoints(notice.order.total_amount, locale)}</dd>
              <dt>{t('admin_member')}</dt>
              <dd>{notice.member.username}</dd>
              <dt>{t('verify_real_name')}</dt>
              <dd>{notice.member.realname ?? t('admin_not_verified')}</dd>
              <dt>{t('admin_account_back_five')}</dt>
              <dd>{notice.account_back_five}</dd>
              {notice.remittance_account && (
                <>
                  <dt>{t('admin_notice_paid_into')}</dt>
                  <dd>
                    {notice.remittance_account.bank_name} <code>{notice.remittance_account.account_number}</code>
                    {notice.remittance_account.demo && (
                      <>
                        {' '}
                        <span className="gs-admin__demo">{t('admin_recv_demo')}</span>
                      </>
                    )}
                  </dd>
                </>
              )}
              <dt>{t('transaction_time')}</dt>
              <dd>
                <time dateTime={notice.created_at}>{time.format(new Date(notice.created_at))}</time>
              </dd>
              {notice.remark !== null && (
                <>
                  <dt>{t('admin_remark')}</dt>
                  <dd>{notice.remark}</dd>
                </>
              )}
            </dl>
            <div className="gs-admin__photos">
              <PrivateImage path={notice.image_path} alt={t('admin_proof_photo')} />
            </div>
            {(['payer', 'reference', 'reason'] as const).map((name) => (
              <NoteField
                key={name}
                id={`gs-admin-${name}-${notice.id}`}
                label={t(`admin_notice_${name}`)}
                maxLength={name === 'reason' ? 500 : 120}
                value={fieldsOf(notice.id)[name]}
                onChange={(value) => setField(notice.id, name, value)}
              />
            ))}
            <Decisions
              yes={t('admin_confirm_payment')}
              no={t('admin_reject')}
              question={paymentQuestion(notice)}
              onYes={() => void confirm(notice)}
              onNo={() => void reject(notice)}
            />
          </li>
        ))}
      </ul>
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
    </section>
  );
}

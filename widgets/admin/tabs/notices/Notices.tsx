import { useState } from 'react';
import type { PaymentNotice } from '../../../../contract/api/payments.ts';
import { useI18n } from '../../../core/i18n.ts';
import { formatPoints } from '../../../core/money.ts';
import { usePagedList, type Paged } from '../../../core/paged.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { ApiFailure } from '../../../core/api.ts';
import { refusalCode } from '../../../core/refusal.ts';
import { decisionError } from '../../shared/decision.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { PrivateImage } from '../../shared/PrivateImage.tsx';
import { Decisions, NoteField, QueueStatus, type Outcome } from '../../shared/queue-parts.tsx';
import { dateTimeFormat } from '../../../core/date-time.ts';
import { MemberLink } from '../../shared/MemberLink.tsx';

interface Fields {
  payer: string;
  reference: string;
  reason: string;
  /** Marked on purpose: someone other than the member paid (decision 050). */
  different: boolean;
  differentReason: string;
  bank: string;
  account: string;
}
const blank: Fields = { payer: '', reference: '', reason: '', different: false, differentReason: '', bank: '', account: '' };

/** Names compared as a bank clerk would (as the server does): spaces at the ends and doubled inside, and Latin case, do not count. */
const sameName = (a: string, b: string) => {
  const normal = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return normal(a) !== '' && normal(a) === normal(b);
};

/**
 * Payment notices to check against the bank statement. Confirming needs the payer's name as the
 * statement shows it, beside the member's verified name: a different name is refused (nothing
 * changes, the form keeps what was typed) unless the operator marks it as a different payer with
 * a reason and the payer's bank and account; then the order is held for refund to the payer and
 * the member is not suspended (decision 050). Confirm is not offered before the member's identity
 * is approved.
 */
export function Notices() {
  const { locale, t } = useI18n();
  const list = usePagedList<PaymentNotice>('/order-notices?status=pending', (path) => adminRequest<Paged<PaymentNotice>>('GET', path));
  /** Rejected notices, newest first: an administrator may undo one the same business day (decision 050). */
  const rejected = usePagedList<PaymentNotice>('/order-notices?status=rejected', (path) => adminRequest<Paged<PaymentNotice>>('GET', path));
  const [undoReasons, setUndoReasons] = useState<Record<number, string>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [fields, setFields] = useState<Record<number, Fields>>({});
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const fieldsOf = (id: number) => fields[id] ?? blank;
  const setField = <K extends keyof Fields>(id: number, name: K, value: Fields[K]) =>
    setFields((all) => ({ ...all, [id]: { ...(all[id] ?? blank), [name]: value } }));
  const differentReady = (fields: Fields) =>
    fields.differentReason.trim() !== '' && fields.bank.trim() !== '' && fields.account.trim() !== '';
  /** What stops the confirmation before anything is sent, in words; null when it may go. */
  const blocker = (notice: PaymentNotice): string | null => {
    const form = fieldsOf(notice.id);
    if (form.payer.trim() === '' || form.reference.trim() === '') return t('admin_payer_needed');
    if (form.different) return differentReady(form) ? null : t('admin_different_payer_needed');
    const verified = notice.member.realname ?? '';
    return sameName(form.payer, verified) ? null : t('admin_payer_differs', { payer: form.payer.trim(), verified });
  };

  const confirm = async (notice: PaymentNotice) => {
    const form = fieldsOf(notice.id);
    const stop = blocker(notice);
    if (stop !== null) {
      setOutcome({ text: stop, failed: true });
      return;
    }
    const body = {
      payer_name: form.payer.trim(),
      bank_reference: form.reference.trim(),
      ...(form.different
        ? {
            different_payer: true,
            different_payer_reason: form.differentReason.trim(),
            payer_bank: form.bank.trim(),
            payer_account: form.account.trim(),
          }
        : {}),
    };
    await act(
      notice.id,
      () => adminRequest('POST', `/orders/${notice.order.id}/confirm`, body),
      form.different
        ? t('admin_order_held_for_refund', { number: notice.order.order_number })
        : t('admin_order_confirmed', { number: notice.order.order_number }),
      (error) => {
        const detail = error instanceof ApiFailure ? (error.envelope?.detail as { verified_name?: string } | null | undefined) : undefined;
        return refusalCode(error) === 'payer_name_differs'
          ? t('admin_payer_differs', { payer: form.payer.trim(), verified: detail?.verified_name ?? notice.member.realname ?? '' })
          : decisionError(error, t);
      },
    );
  };
  /** Asked before crediting (or holding for refund), once the form is ready. */
  const paymentQuestion = (notice: PaymentNotice) => {
    if (blocker(notice) !== null) return null;
    const form = fieldsOf(notice.id);
    const figures = {
      number: notice.order.order_number,
      amount: formatPoints(notice.order.total_amount, locale),
      payer: form.payer.trim(),
      reference: form.reference.trim(),
    };
    return form.different
      ? t('admin_ask_different_payer', { ...figures, bank: form.bank.trim(), account: form.account.trim() })
      : t('admin_ask_payment', figures);
  };
  const reject = async (notice: PaymentNotice) => {
    const { reason } = fieldsOf(notice.id);
    if (reason.trim() === '') {
      setOutcome({ text: t('admin_reason_needed'), failed: true });
      return;
    }
    await act(
      notice.id,
      () => adminRequest('POST', `/orders/${notice.order.id}/reject`, { reason: reason.trim() }),
      t('admin_order_rejected', { number: notice.order.order_number }),
      (error) => decisionError(error, t),
    );
  };
  /** A refusal changes nothing on the server, so it changes nothing in the form either; a success clears it. */
  const act = async (id: number, request: () => Promise<unknown>, done: string, refused: (error: unknown) => string) => {
    try {
      await request();
      setOutcome({ text: done, failed: false });
      setFields((all) => ({ ...all, [id]: blank }));
    } catch (error) {
      setOutcome({ text: refused(error), failed: true });
    }
    list.reload();
    rejected.reload();
  };
  const undo = async (notice: PaymentNotice) => {
    const why = (undoReasons[notice.id] ?? '').trim();
    if (why === '') {
      setOutcome({ text: t('admin_reason_needed'), failed: true });
      return;
    }
    await act(
      notice.id,
      () => adminRequest('POST', `/orders/${notice.order.id}/undo`, { reason: why }),
      t('admin_undone', { number: notice.order.order_number }),
      (error) => decisionError(error, t),
    );
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
              <dd>
                <MemberLink id={notice.member.id} username={notice.member.username} />
              </dd>
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
            <NoteField
              id={`gs-admin-payer-${notice.id}`}
              label={t('admin_notice_payer')}
              maxLength={100}
              value={fieldsOf(notice.id).payer}
              onChange={(value) => setField(notice.id, 'payer', value)}
            />
            <p className="gs-field__hint" id={`gs-admin-verified-${notice.id}`}>
              {notice.member.realname === null ? t('admin_not_verified') : t('admin_verified_name', { name: notice.member.realname })}
            </p>
            <NoteField
              id={`gs-admin-reference-${notice.id}`}
              label={t('admin_notice_reference')}
              maxLength={120}
              value={fieldsOf(notice.id).reference}
              onChange={(value) => setField(notice.id, 'reference', value)}
            />
            <label className="gs-admin__check">
              <input
                type="checkbox"
                checked={fieldsOf(notice.id).different}
                onChange={(event) => setField(notice.id, 'different', event.currentTarget.checked)}
              />
              {t('admin_different_payer')}
            </label>
            {fieldsOf(notice.id).different &&
              (
                [
                  ['differentReason', 'admin_different_payer_reason', 500],
                  ['bank', 'admin_payer_bank', 120],
                  ['account', 'admin_payer_account', 120],
                ] as const
              ).map(([name, label, maxLength]) => (
                <NoteField
                  key={name}
                  id={`gs-admin-${name}-${notice.id}`}
                  label={t(label)}
                  maxLength={maxLength}
                  value={fieldsOf(notice.id)[name]}
                  onChange={(value) => setField(notice.id, name, value)}
                />
              ))}
            <NoteField
              id={`gs-admin-reason-${notice.id}`}
              label={t('admin_notice_reason')}
              maxLength={500}
              value={fieldsOf(notice.id).reason}
              onChange={(value) => setField(notice.id, 'reason', value)}
            />
            {notice.member.verification_status !== 'approved' && (
              <p className="gs-field__hint" id={`gs-admin-unverified-${notice.id}`}>
                {t('admin_confirm_needs_identity')}
              </p>
            )}
            <Decisions
              yes={t('admin_confirm_payment')}
              no={t('admin_reject')}
              question={paymentQuestion(notice)}
              yesDisabled={notice.member.verification_status !== 'approved'}
              onYes={() => void confirm(notice)}
              onNo={() => void reject(notice)}
            />
          </li>
        ))}
      </ul>
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
      <h3 id="gs-admin-rejected">{t('admin_rejected_today')}</h3>
      <ul className="gs-admin__queue" aria-labelledby="gs-admin-rejected">
        {(rejected.page?.data ?? [])
          .filter((notice) => notice.order.order_status === 1)
          .map((notice) => (
            <li key={notice.id} className="gs-admin__item">
              <dl className="gs-admin__facts">
                <dt>{t('admin_order_number')}</dt>
                <dd>{notice.order.order_number}</dd>
                <dt>{t('transaction_amount')}</dt>
                <dd>{formatPoints(notice.order.total_amount, locale)}</dd>
                <dt>{t('admin_member')}</dt>
                <dd>
                  <MemberLink id={notice.member.id} username={notice.member.username} />
                </dd>
                {notice.decided_at != null && (
                  <>
                    <dt>{t('transaction_time')}</dt>
                    <dd>
                      <time dateTime={notice.decided_at}>{time.format(new Date(notice.decided_at))}</time>
                    </dd>
                  </>
                )}
              </dl>
              <NoteField
                id={`gs-admin-undo-notice-${notice.id}`}
                label={t('admin_undo_reason')}
                maxLength={500}
                value={undoReasons[notice.id] ?? ''}
                onChange={(value) => setUndoReasons((all) => ({ ...all, [notice.id]: value }))}
              />
              <div className="gs-actions">
                <button type="button" className="button button--small button--secondary" onClick={() => void undo(notice)}>
                  {t('admin_undo')}
                </button>
              </div>
            </li>
          ))}
      </ul>
    </section>
  );
}

import { useState } from 'react';
import { useI18n } from '../../../core/i18n.ts';
import { knownRefusalKey } from '../../../core/refusal.ts';
import { AskFirst } from '../../shared/AskFirst.tsx';
import { adminRequest } from '../../shared/operator-session.ts';
import { orderRefundRefusals } from './orders-keys.ts';
import { NoteField, type Outcome } from '../../shared/queue-parts.tsx';
import { formatDecimal } from '../../shared/formatters.ts';

interface Props {
  order: { id: number; order_number: string; amount: string; member: { username: string } };
  onClose: (done: Outcome | null) => void;
}

const fields = [
  ['reason', 'admin_refund_reason', 500],
  ['bank', 'admin_refund_bank', 120],
  ['account', 'admin_refund_account', 120],
] as const;

/**
 * Refund a paid order (administrators, decision 061): where the money goes back to and why, asked
 * first with the figures. The order stops earning; income already paid stays the member's; the
 * refund is then paid out from the Reviews tab like any refund owed.
 */
export function OrderRefund({ order, onClose }: Props) {
  const { locale, t } = useI18n();
  const [values, setValues] = useState({ reason: '', bank: '', account: '' });
  const [failure, setFailure] = useState('');
  const ready = Object.values(values).every((value) => value.trim() !== '');

  const send = async () => {
    if (!ready) {
      setFailure(t('admin_refund_details_needed'));
      return;
    }
    try {
      await adminRequest('POST', `/orders/${order.id}/refund`, {
        reason: values.reason.trim(),
        payer_bank: values.bank.trim(),
        payer_account: values.account.trim(),
      });
      onClose({ text: t('admin_refund_done', { number: order.order_number }), failed: false });
    } catch (error) {
      setFailure(t(knownRefusalKey(error, orderRefundRefusals, 'admin_action_failed')));
    }
  };

  return (
    <section aria-labelledby="gs-order-refund" className="gs-admin__item">
      <h3 id="gs-order-refund">{t('admin_refund_title', { number: order.order_number })}</h3>
      <p>{t('admin_refund_note')}</p>
      {fields.map(([name, label, maxLength]) => (
        <NoteField
          key={name}
          id={`gs-order-refund-${name}`}
          label={t(label)}
          maxLength={maxLength}
          value={values[name]}
          onChange={(value) => setValues((all) => ({ ...all, [name]: value }))}
        />
      ))}
      <p className="gs-message gs-message--error" role="alert">
        {failure}
      </p>
      <div className="gs-actions">
        <AskFirst
          label={t('admin_refund_go')}
          question={
            ready
              ? t('admin_refund_ask', {
                  number: order.order_number,
                  amount: formatDecimal(order.amount, locale),
                  member: order.member.username,
                  bank: values.bank.trim(),
                  account: values.account.trim(),
                })
              : null
          }
          onGo={() => void send()}
        />
        <button type="button" className="button button--small button--quiet" onClick={() => onClose(null)}>
          {t('admin_ask_cancel')}
        </button>
      </div>
    </section>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { ApiFailure } from '../core/api.ts';
import { ordersChanged } from '../core/changes.ts';
import { useI18n } from '../core/i18n.ts';
import { refusalCode } from '../core/refusal.ts';
import { PhotoField } from '../ui/PhotoField.tsx';
import type { RemittanceAccount } from '../../contract/api/catalogue.ts';
import type { Order } from '../../contract/api/orders.ts';
import { notifyPayment } from './cart-api.ts';
import { lastFiveInput, lastFiveProblem, paymentRemittance } from './cart-rules.ts';

interface NotifyFormProps {
  order: Order;
  /** The accounts the payment screen listed: with more than one, the member may say which they paid into. */
  accounts?: RemittanceAccount[] | null;
  onNotified: (order: Order) => void;
}

/**
 * Notify payment: the last five digits of the paying account (exactly five), a proof photo
 * (png/jpeg, 2048 KB, checked before the upload, previewed), an optional remark, and, when several
 * accounts were listed, which one was paid into (optional) → POST v1/orderNotice.
 */
export function NotifyForm({ order, accounts, onNotified }: NotifyFormProps) {
  const { t } = useI18n();
  const id = useId();
  const [five, setFive] = useState('');
  const [imageId, setImageId] = useState<number | undefined>(undefined);
  const [remark, setRemark] = useState('');
  const [paidInto, setPaidInto] = useState<number | undefined>(undefined);
  const choices =
    order.payment_method_id === paymentRemittance && accounts !== null && accounts !== undefined && accounts.length > 1 ? accounts : [];
  const [errors, setErrors] = useState<{ five?: string; photo?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const fiveProblem = lastFiveProblem(five);
    if (fiveProblem !== null || imageId === undefined) {
      setErrors({
        ...(fiveProblem === null ? {} : { five: t(fiveProblem) }),
        ...(imageId === undefined ? { photo: t('cart_proof_required') } : {}),
      });
      document.getElementById(fiveProblem !== null ? `${id}-five` : `${id}-photo`)?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const updated = await notifyPayment({
        order_id: order.id,
        account_back_five: five,
        image: imageId,
        remark,
        ...(paidInto === undefined ? {} : { remittance_account_id: paidInto }),
      });
      // An order list beside this form (on a partner's page) shows the order waiting for confirmation.
      ordersChanged();
      onNotified(updated);
    } catch (error) {
      const five = error instanceof ApiFailure ? error.envelope?.errors?.account_back_five : undefined;
      setErrors({
        ...(five === undefined ? {} : { five: t('cart_last_five_invalid') }),
        form:
          refusalCode(error) === 'order_not_pending'
            ? t('order_not_pending')
            : refusalCode(error) === 'payments_not_open'
              ? t('cart_payments_not_open')
              : t('cart_notify_error'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="gs-form gs-notify" method="post" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
      <div className="gs-field">
        <label part="label" htmlFor={`${id}-five`}>
          {t('cart_last_five_digits')}
        </label>
        <div className="gs-field__control">
          <input
            part="input"
            id={`${id}-five`}
            name="account_back_five"
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            value={five}
            aria-invalid={errors.five ? true : undefined}
            aria-describedby={`${id}-five-error`}
            onInput={(event) => setFive(lastFiveInput(event.currentTarget.value))}
          />
        </div>
        <p part="error" id={`${id}-five-error`} className="gs-field__error" aria-live="polite">
          {errors.five}
        </p>
      </div>
      <PhotoField
        id={`${id}-photo`}
        label={t('cart_proof_photo')}
        hintIds={`${id}-photo-hint`}
        hint={{ id: `${id}-photo-hint`, text: t('verify_photo_hint') }}
        serverError={errors.photo}
        onUploaded={(uploaded) => {
          setImageId(uploaded);
          if (uploaded !== undefined) setErrors(({ photo: _photo, ...rest }) => rest);
        }}
      />
      {choices.length > 0 && (
        <fieldset className="gs-choice">
          <legend>{t('cart_paid_into')}</legend>
          {choices.map((account) => (
            <label part="label" key={account.id} className="gs-choice__option">
              <input
                part="input"
                type="radio"
                name={`${id}-paid-into`}
                value={account.id}
                checked={paidInto === account.id}
                onChange={() => setPaidInto(account.id)}
              />
              {account.bank_name} {account.account_number}
            </label>
          ))}
        </fieldset>
      )}
      <div className="gs-field">
        <label part="label" htmlFor={`${id}-remark`}>
          {t('cart_remark')}
        </label>
        <div className="gs-field__control">
          <input
            part="input"
            id={`${id}-remark`}
            name="remark"
            autoComplete="off"
            maxLength={200}
            value={remark}
            aria-describedby={`${id}-remark-hint`}
            onInput={(event) => setRemark(event.currentTarget.value)}
          />
        </div>
        <p id={`${id}-remark-hint`} className="gs-field__hint">
          {t('cart_remark_optional')}
        </p>
      </div>
      <p part="error" className="gs-message gs-message--error" role="alert">
        {errors.form ?? ''}
      </p>
      <button part="button submit" className="button button--block gs-submit" type="submit" disabled={busy} aria-busy={busy}>
        {busy ? t('loading') : t('cart_notify_payment')}
      </button>
    </form>
  );
}

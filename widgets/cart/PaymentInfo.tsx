import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { useI18n } from '../core/i18n.ts';
import { siteHref } from '../core/locale.ts';
import { $user } from '../core/session.ts';
import { formatPoints } from '../core/money.ts';
import type { Order, PaymentMethod } from './cart-api.ts';
import { saveOrder } from './cart-api.ts';
import {
  paymentMethodKey,
  paymentMethodUpdate,
  paymentRemittance,
  paymentVirtualCurrency,
  visibleAccounts,
  type RemittanceAccount,
} from './cart-rules.ts';

/** Copies one value; the outcome is announced in the shared status line of the payment view. */
function CopyButton({ value, label, onCopied }: { value: string; label: string; onCopied: (key: string | null) => void }) {
  const { t } = useI18n();
  const copy = async () => {
    if (typeof navigator.clipboard?.writeText !== 'function') {
      onCopied('cart_copy_unsupported');
      return;
    }
    try {
      await navigator.clipboard.writeText(value);
      onCopied(null);
    } catch {
      onCopied('cart_copy_error');
    }
  };
  return (
    <button
      type="button"
      className="button button--small button--quiet gs-copy"
      aria-label={`${t('cart_copy')} ${label}`}
      onClick={() => void copy()}
    >
      {t('cart_copy')}
    </button>
  );
}

interface PaymentInfoProps {
  order: Order;
  accounts: RemittanceAccount[] | null;
  paymentMethods: PaymentMethod[];
  /** Hidden for an order that waits for confirmation (as in the seed). */
  showMethodChoice: boolean;
  onOrderChanged: (order: Order) => void;
}

/**
 * What the member needs to pay: the order number (the memo on the transfer), the amount, the
 * remittance accounts (type Taiwan hidden) each with copy buttons, and the payment method, which
 * updates the order only when the choice differs from the order's.
 */
export function PaymentInfo({ order, accounts, paymentMethods, showMethodChoice, onOrderChanged }: PaymentInfoProps) {
  const { locale, t } = useI18n();
  const id = useId();
  const [copied, setCopied] = useState<{ text: string; failed: boolean } | null>(null);
  const [method, setMethod] = useState(order.payment_method_id);
  const [methodError, setMethodError] = useState('');
  const [busy, setBusy] = useState(false);
  const user = useStore($user);
  // Only an approved member's payment can be confirmed (decision 009): say so before they pay, not after.
  const unverified = user !== null && user.verification_status !== 'approved';
  useEffect(() => setMethod(order.payment_method_id), [order.payment_method_id]);

  const onCopied = (failedKey: string | null, serial = false) =>
    setCopied(
      failedKey === null
        ? { text: t('cart_copy_success'), failed: false }
        : { text: t(serial && failedKey === 'cart_copy_error' ? 'cart_serial_copy_error' : failedKey), failed: true },
    );

  const changeMethod = async (chosen: number) => {
    setMethod(chosen);
    const update = paymentMethodUpdate(order.payment_method_id, chosen);
    if (update === null) return;
    setBusy(true);
    setMethodError('');
    try {
      onOrderChanged(await saveOrder(update, order.id));
    } catch {
      setMethod(order.payment_method_id);
      setMethodError(t('cart_error'));
    } finally {
      setBusy(false);
    }
  };

  const shown = accounts === null ? [] : visibleAccounts(accounts);
  const virtual = paymentMethods.find((candidate) => candidate.id === paymentVirtualCurrency);
  const fields = (account: RemittanceAccount) =>
    [
      ['cart_bank_name', account.bank_name],
      ['cart_branch', account.branch],
      ['cart_account_holder', account.account_holder],
      ['cart_account_number', account.account_number],
    ] as const;

  return (
    <div className="gs-pay">
      {unverified && (
        <p className="gs-message gs-pay__verify">
          {t('cart_verify_first')} <a href={siteHref(locale, '/setting/verify')}>{t('setting_verify')}</a>
        </p>
      )}
      <dl className="gs-pay__facts">
        <div>
          <dt>{t('cart_order_number')}</dt>
          <dd>
            <code className="gs-pay__number">{order.order_number}</code>
            <CopyButton value={order.order_number} label={t('cart_order_number')} onCopied={(key) => onCopied(key)} />
          </dd>
        </div>
        <div>
          <dt>{t('order_total')}</dt>
          <dd>{formatPoints(order.total_amount, locale)}</dd>
        </div>
      </dl>

      {showMethodChoice && (
        <fieldset className="gs-choice" aria-busy={busy}>
          <legend>{t('cart_payment_method')}</legend>
          {[paymentRemittance, paymentVirtualCurrency].map((value) => {
            const unavailable = value === paymentVirtualCurrency && virtual?.available === false;
            return (
              <label key={value} className="gs-choice__option">
                <input
                  type="radio"
                  name={`${id}-method`}
                  value={value}
                  checked={method === value}
                  disabled={busy || unavailable}
                  onChange={() => void changeMethod(value)}
                />
                {t(paymentMethodKey(value))}
                {unavailable && <span className="gs-field__hint"> {t('cart_virtual_unavailable')}</span>}
              </label>
            );
          })}
          <p className="gs-field__error" role="alert">
            {methodError}
          </p>
        </fieldset>
      )}

      {method === paymentVirtualCurrency && virtual?.serial_number ? (
        <dl className="gs-pay__facts">
          <div>
            <dt>{t('cart_virtual_serial')}</dt>
            <dd>
              <code>{virtual.serial_number}</code>
              <CopyButton value={virtual.serial_number} label={t('cart_virtual_serial')} onCopied={(key) => onCopied(key, true)} />
            </dd>
          </div>
        </dl>
      ) : (
        <section aria-labelledby={`${id}-accounts`}>
          <h2 id={`${id}-accounts`}>{t('cart_remittance_accounts')}</h2>
          <p className="gs-pay__rule">{t('cart_remittance_rule')}</p>
          {accounts !== null && shown.length === 0 && <p>{t('cart_accounts_empty')}</p>}
          <ul className="gs-pay__accounts">
            {shown.map((account) => (
              <li key={account.id}>
                <dl className="gs-pay__facts">
                  {fields(account).map(([key, value]) => (
                    <div key={key}>
                      <dt>{t(key)}</dt>
                      <dd>
                        <span className={key === 'cart_account_number' ? 'gs-pay__digits' : undefined}>{value}</span>
                        <CopyButton value={value} label={t(key)} onCopied={(failed) => onCopied(failed)} />
                      </dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className={`gs-message ${copied?.failed === true ? 'gs-message--error' : 'gs-message--ok'}`} role="status">
        {copied?.text ?? ''}
      </p>
    </div>
  );
}

import { useStore } from '../core/use-store.ts';
import { useEffect, useId, useState } from 'react';
import { useI18n } from '../core/i18n.ts';
import { siteHref } from '../core/locale.ts';
import { $user } from '../core/session.ts';
import { formatPoints } from '../core/money.ts';
import type { PaymentMethod, RemittanceAccount } from '../../contract/api/catalogue.ts';
import type { Order } from '../../contract/api/orders.ts';
import { saveOrder } from './cart-api.ts';
import { paymentMethodKey, paymentMethodUpdate, paymentRemittance, paymentVirtualCurrency } from './cart-rules.ts';

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
      part="button"
      type="button"
      className="button button--small button--quiet gs-copy"
      aria-label={`${t('cart_copy')} ${label}`}
      onClick={() => void copy()}
    >
      {t('cart_copy')}
    </button>
  );
}

/**
 * The receiving address as a QR code: one SVG path the server computed, drawn inline, so it needs
 * no image from another origin and no inline style under any page's CSP.
 */
function AddressQr({ qr, label }: { qr: { size: number; path: string }; label: string }) {
  return (
    <svg className="gs-pay__qr" viewBox={`0 0 ${qr.size} ${qr.size}`} width="176" height="176" role="img" aria-label={label}>
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" shape-rendering="crispEdges" />
    </svg>
  );
}

interface PaymentInfoProps {
  order: Order;
  accounts: RemittanceAccount[] | null;
  paymentMethods: PaymentMethod[];
  /** Hidden for an order that waits for confirmation (as in the original app). */
  showMethodChoice: boolean;
  onOrderChanged: (order: Order) => void;
}

/**
 * What the member needs to pay: the order number (the memo on the transfer), the amount, the
 * remittance accounts the server shows this member on this site, each with copy buttons (a demo
 * account labelled so; none at all: payments are not open yet), or the virtual-currency address
 * with its network and QR code, and the payment method, which updates the order only when the
 * choice differs from the order's.
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

  const shown = accounts ?? [];
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
      {/* What the amount means in money, for paying now and for withdrawing later (issue 36). */}
      <p className="gs-field__hint">{t('points_worth')}</p>

      {showMethodChoice && (
        <fieldset className="gs-choice" aria-busy={busy}>
          <legend>{t('cart_payment_method')}</legend>
          {[paymentRemittance, paymentVirtualCurrency].map((value) => {
            const unavailable = value === paymentVirtualCurrency && virtual?.available === false;
            return (
              <label part="label" key={value} className="gs-choice__option">
                <input
                  part="input"
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
          <p part="error" className="gs-field__error" role="alert">
            {methodError}
          </p>
        </fieldset>
      )}

      {method === paymentVirtualCurrency && virtual?.available !== false && virtual?.serial_number ? (
        <div className="gs-pay__virtual">
          <dl className="gs-pay__facts">
            <div>
              <dt>{t('cart_virtual_address')}</dt>
              <dd>
                <code className="gs-pay__digits">{virtual.serial_number}</code>
                <CopyButton value={virtual.serial_number} label={t('cart_virtual_address')} onCopied={(key) => onCopied(key, true)} />
              </dd>
            </div>
            {virtual.network && (
              <div>
                <dt>{t('cart_virtual_network')}</dt>
                <dd>{virtual.network}</dd>
              </div>
            )}
          </dl>
          {virtual.qr && <AddressQr qr={virtual.qr} label={t('cart_virtual_qr')} />}
        </div>
      ) : (
        <section aria-labelledby={`${id}-accounts`}>
          <h2 id={`${id}-accounts`}>{t('cart_remittance_accounts')}</h2>
          {accounts !== null && shown.length === 0 ? (
            <p className="gs-message gs-pay__closed" role="status">
              {t('cart_payments_not_open')}
            </p>
          ) : (
            <p className="gs-pay__rule">{t('cart_remittance_rule')}</p>
          )}
          <ul className="gs-pay__accounts">
            {shown.map((account) => (
              <li key={account.id} className={account.demo === true ? 'gs-pay__account--demo' : undefined}>
                {account.demo === true && (
                  <p className="gs-pay__demo" id={`${id}-demo-${account.id}`}>
                    <strong>{t('cart_demo_account')}</strong>
                  </p>
                )}
                <dl className="gs-pay__facts" aria-describedby={account.demo === true ? `${id}-demo-${account.id}` : undefined}>
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
      <p part="error" className={`gs-message ${copied?.failed === true ? 'gs-message--error' : 'gs-message--ok'}`} role="status">
        {copied?.text ?? ''}
      </p>
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { useI18n } from '../core/i18n.ts';
import { siteHref } from '../core/locale.ts';
import type { PaymentMethod, RemittanceAccount } from '../../contract/api/catalogue.ts';
import type { Order } from '../../contract/api/orders.ts';
import { NotifyForm } from './NotifyForm.tsx';
import { PaymentInfo } from './PaymentInfo.tsx';
import { orderStatus } from '../../contract/statuses.ts';

/**
 * The cart's payment and end steps. The cart loads this module only once its list step is on
 * screen (widgets/cart/CartScreen.tsx), so the first step stays within the widget budget.
 */

interface PaymentStepProps {
  order: Order;
  accounts: RemittanceAccount[] | null;
  paymentMethods: PaymentMethod[];
  onBack: () => void;
  onNext: () => void;
  onOrderChanged: (order: Order) => void;
}

/** Moves focus to a step's heading when the step opens, so a screen reader hears where the member now is. */
function useStepHeading() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return heading;
}

/** Payment: the back arrow (edit the order), the payment information, then notify or pay later. */
export function PaymentStep({ order, accounts, paymentMethods, onBack, onNext, onOrderChanged }: PaymentStepProps) {
  const { locale, t } = useI18n();
  const heading = useStepHeading();
  return (
    <section className="gs-cart__step" aria-labelledby="gs-cart-payment">
      <div className="gs-cart__head">
        <button
          part="button"
          type="button"
          className="gs-cart__back"
          aria-label={t('cart_back_edit')}
          title={t('cart_back_edit')}
          onClick={onBack}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </button>
        <h2 id="gs-cart-payment" ref={heading} tabIndex={-1}>
          {t('cart_step_payment')}
        </h2>
      </div>
      <PaymentInfo order={order} accounts={accounts} paymentMethods={paymentMethods} showMethodChoice onOrderChanged={onOrderChanged} />
      <div className="gs-cart__actions">
        <button part="button" type="button" className="button button--block" onClick={onNext}>
          {t('cart_go_notify')}
        </button>
        <a className="button button--block button--quiet" href={siteHref(locale, '/setting/order')}>
          {t('cart_pay_later')}
        </a>
      </div>
    </section>
  );
}

/** End: notify payment (five digits, proof photo, remark) or pay later; once notified, the order waits for confirmation. */
export function EndStep({
  order,
  accounts,
  onNotified,
}: {
  order: Order;
  accounts: RemittanceAccount[] | null;
  onNotified: (order: Order) => void;
}) {
  const { locale, t } = useI18n();
  const heading = useStepHeading();
  return (
    <section className="gs-cart__step" aria-labelledby="gs-cart-end">
      <h2 id="gs-cart-end" ref={heading} tabIndex={-1}>
        {t('cart_end_title')}
      </h2>
      <p>
        {t('cart_order_number')}: <code>{order.order_number}</code>
      </p>
      {order.order_status === orderStatus.waitingConfirmation ? (
        <>
          <p part="message" className="gs-message gs-message--ok" role="status">
            {t('cart_notify_success')}
          </p>
          <p>
            {t('order_status')}: <strong>{t('order_status_2')}</strong>
          </p>
          <p>{t('cart_end_body')}</p>
          <a className="button button--block" href={siteHref(locale, '/setting/order')}>
            {t('order_title')}
          </a>
        </>
      ) : (
        <>
          <NotifyForm order={order} accounts={accounts} onNotified={onNotified} />
          <a className="button button--block button--quiet gs-cart__later" href={siteHref(locale, '/setting/order')}>
            {t('cart_pay_later')}
          </a>
        </>
      )}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { useI18n } from '../core/i18n.ts';
import { siteHref } from '../core/locale.ts';
import type { PaymentMethod, RemittanceAccount } from '../../contract/api/catalogue.ts';
import type { Order } from '../../contract/api/orders.ts';
import { getDetail, loadPaymentMethods, loadRemittanceAccounts } from '../cart/cart-api.ts';
import { PaymentInfo } from '../cart/PaymentInfo.tsx';
import { canNotify, orderStatusKey, requestedOrderId, showsMethodChoice } from './order-rules.ts';
import { orderStatus } from '../../contract/statuses.ts';

/** The notify form (with the photo upload) loads only for an order that still waits for payment (the widget budget). */
type NotifyModule = typeof import('../cart/NotifyForm.tsx');
let notifyModule: Promise<NotifyModule> | undefined;
const loadNotify = () =>
  (notifyModule ??= import('../cart/NotifyForm.tsx').catch((error: unknown) => {
    notifyModule = undefined;
    throw error;
  }));

interface CheckPaymentProps {
  /** The order to show; when left out, the element's `order-id`, else the page's ?id=N (order-rules.ts). */
  orderId?: number | null;
  /** On a partner's page, the element: its `order-id` attribute, when set, names the order (a change shows the new one). */
  host?: HTMLElement;
}

/**
 * Payment information for an existing order (/setting/order/checkpayment?id=N): the order number,
 * the remittance accounts with copy buttons, the method choice while pending (hidden once the
 * payment was notified), and the notify form while the order waits for payment.
 */
export function CheckPayment({ orderId, host }: CheckPaymentProps) {
  const { locale, t } = useI18n();
  const [order, setOrder] = useState<Order | null>(null);
  const [failed, setFailed] = useState(false);
  /** No order named at all (an element placed before the member chose one): a hint, not an error. */
  const [unnamed, setUnnamed] = useState(false);
  const [notified, setNotified] = useState(false);
  const [accounts, setAccounts] = useState<RemittanceAccount[] | null>(null);
  const [methods, setMethods] = useState<PaymentMethod[]>([]);
  const [notify, setNotify] = useState<NotifyModule | null>(null);
  const [notifyFailed, setNotifyFailed] = useState(false);
  const [notifyAttempt, setNotifyAttempt] = useState(0);
  const pending = order !== null && canNotify(order.order_status);

  useEffect(() => {
    if (!pending || notify !== null) return;
    let live = true;
    setNotifyFailed(false);
    loadNotify()
      .then((module) => live && setNotify(module))
      .catch(() => live && setNotifyFailed(true));
    return () => {
      live = false;
    };
  }, [pending, notify, notifyAttempt]);

  // Read on every render: the widget renders again when the partner page changes the attribute.
  const requested = host?.getAttribute('order-id') ?? null;
  useEffect(() => {
    let live = true;
    setOrder(null);
    setNotified(false);
    const id = requestedOrderId(orderId, requested, location.search);
    setUnnamed(id === undefined);
    setFailed(id === null);
    if (id === undefined || id === null) return;
    getDetail<Order>(`/v1/order/${id}`)
      .then((loaded) => live && setOrder(loaded))
      .catch(() => live && setFailed(true));
    loadRemittanceAccounts(locale)
      .then((list) => live && setAccounts(list))
      .catch(() => live && setAccounts([]));
    loadPaymentMethods()
      .then((list) => live && setMethods(list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [orderId, requested, locale]);

  const back = (
    <a className="gs-orders__back" href={siteHref(locale, '/setting/order')}>
      {t('order_title')}
    </a>
  );
  if (unnamed)
    return (
      <div className="gs-orders">
        <p>{t('order_payment_choose')}</p>
        {back}
      </div>
    );
  if (failed)
    return (
      <div className="gs-orders">
        <p part="error" className="gs-message gs-message--error" role="alert">
          {t('order_error')}
        </p>
        {back}
      </div>
    );
  if (order === null) return <p role="status">{t('loading')}</p>;

  const notice = order.order_notice;
  return (
    <div className="gs-orders gs-cart">
      <p>
        {t('order_status')}: <strong className="gs-orders__status">{t(orderStatusKey(order.order_status))}</strong>
      </p>
      {order.payment_returned === true && <p className="gs-orders__reason">{t('order_payment_returned')}</p>}
      {order.reject_reason && <p className="gs-orders__reason">{t('order_rejected_reason', { reason: order.reject_reason })}</p>}
      {notified && (
        <p part="message" className="gs-message gs-message--ok" role="status">
          {t('cart_notify_success')}
        </p>
      )}
      {notice && order.order_status === orderStatus.waitingConfirmation && (
        <p>{t('order_notice_sent', { digits: notice.account_back_five })}</p>
      )}
      {order.order_status === orderStatus.waitingConfirmation && order.hold_reason && (
        <p className="gs-orders__hold">
          {t('order_hold_verify')} <a href={siteHref(locale, '/setting/verify')}>{t('setting_verify')}</a>
        </p>
      )}
      <PaymentInfo
        order={order}
        accounts={accounts}
        paymentMethods={methods}
        showMethodChoice={showsMethodChoice(order.order_status)}
        onOrderChanged={setOrder}
      />
      {pending && notify === null && !notifyFailed && <p role="status">{t('loading')}</p>}
      {pending && notify === null && notifyFailed && (
        <p part="error" className="gs-message gs-message--error" role="alert">
          {t('section_load_error')}{' '}
          <button part="button" type="button" className="button button--small" onClick={() => setNotifyAttempt((count) => count + 1)}>
            {t('embed_retry')}
          </button>
        </p>
      )}
      {pending && notify !== null && (
        <notify.NotifyForm
          order={order}
          accounts={accounts}
          onNotified={(changed) => {
            setOrder(changed);
            setNotified(true);
          }}
        />
      )}
      {back}
    </div>
  );
}

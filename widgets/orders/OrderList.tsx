import { $ordersChanged } from '../core/changes.ts';
import { useReloadOn } from '../core/reload-on.ts';
import { useI18n } from '../core/i18n.ts';
import { siteHref } from '../core/locale.ts';
import { formatPoints } from '../core/money.ts';
import { usePagedList } from '../core/paged.ts';
import { Pager } from '../ui/Pager.tsx';
import type { Order } from '../../contract/api/orders.ts';
import { checkPaymentRoute, opensPayment, orderStatusKey } from './order-rules.ts';
import { orderStatus } from '../../contract/statuses.ts';
import { dateTimeFormat } from '../core/date-time.ts';

/** The member's orders, page by page (GET v1/order?page=N); pending and waiting orders open their payment information. */
export function OrderList() {
  const { locale, t } = useI18n();
  const list = usePagedList<Order>('/v1/order');
  // An order made in the cart beside this list (on a partner's page) shows at once.
  useReloadOn($ordersChanged, list.reload);
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const orders = list.page?.data ?? [];

  return (
    <div className="gs-orders">
      {list.failed !== null && (
        <p part="error" className="gs-message gs-message--error" role="alert">
          {t('order_error')}
        </p>
      )}
      <ul className="gs-orders__list" aria-busy={list.loading}>
        {orders.map((order) => {
          const facts = (
            <dl className="gs-pay__facts">
              <div>
                <dt>{t('order_number')}</dt>
                <dd>
                  <code>{order.order_number}</code>
                </dd>
              </div>
              <div>
                <dt>{t('order_created')}</dt>
                <dd>
                  <time dateTime={order.created_at}>{time.format(new Date(order.created_at))}</time>
                </dd>
              </div>
              <div>
                <dt>{t('order_total')}</dt>
                <dd>{formatPoints(order.total_amount, locale)}</dd>
              </div>
              <div>
                <dt>{t('order_status')}</dt>
                <dd className="gs-orders__status" data-status={order.order_status}>
                  {t(orderStatusKey(order.order_status))}
                </dd>
              </div>
            </dl>
          );
          return (
            <li key={order.id} className="gs-orders__item">
              {opensPayment(order.order_status) ? (
                <a className="gs-orders__link" href={siteHref(locale, checkPaymentRoute(order.id))}>
                  {facts}
                  <span className="gs-orders__open">{t('order_view_payment')}</span>
                </a>
              ) : (
                facts
              )}
              {order.order_status === orderStatus.waitingConfirmation && order.hold_reason && (
                <p className="gs-orders__hold">
                  {t('order_hold_verify')} <a href={siteHref(locale, '/setting/verify')}>{t('setting_verify')}</a>
                </p>
              )}
              {order.order_status === orderStatus.paidOff && (
                <a className="gs-orders__holding" href={`${siteHref(locale, '/dig')}#holding-${order.id}`}>
                  {t('order_view_holding')}
                </a>
              )}
              {order.payment_returned === true && <p className="gs-orders__reason">{t('order_payment_returned')}</p>}
              {order.reject_reason !== null && order.reject_reason !== undefined && order.reject_reason !== '' && (
                <p className="gs-orders__reason">{t('order_rejected_reason', { reason: order.reject_reason })}</p>
              )}
            </li>
          );
        })}
      </ul>
      {list.loading && list.page === null && <p role="status">{t('loading')}</p>}
      {!list.loading && list.failed === null && orders.length === 0 && (
        <p>
          {t('order_empty')} <a href={`${siteHref(locale, '/cart')}?buy=1`}>{t('cart_title')}</a>
        </p>
      )}
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
    </div>
  );
}

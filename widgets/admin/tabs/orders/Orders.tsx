import { useEffect, useId, useState, type FormEvent } from 'react';
import type { IndexedOrder } from '../../../../contract/api/books.ts';
import type { CatalogueRoom, PaymentMethod } from '../../../../contract/api/catalogue.ts';
import { orderStatus } from '../../../../contract/statuses.ts';
import { dateTimeFormat } from '../../../core/date-time.ts';
import { apiRequest } from '../../../core/api.ts';
import { useI18n } from '../../../core/i18n.ts';
import { localName } from '../../../core/local-name.ts';
import { allPages, usePagedList, type Paged } from '../../../core/paged.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { orderFilterNames, type OrdersView } from '../../shared/admin-place.ts';
import { MemberLink } from '../../shared/MemberLink.tsx';
import { adminRequest } from '../../shared/operator-session.ts';
import { CsvDownload } from '../../shared/CsvDownload.tsx';
import { formatDecimal } from '../../shared/formatters.ts';
import { OrderRefund } from './OrderRefund.tsx';
import type { Outcome } from '../../shared/queue-parts.tsx';
import { ScrollTable } from '../../shared/ScrollTable.tsx';

/** The server's query for a view: only the filters given, in a fixed order. */
export function ordersQuery(view: OrdersView): string {
  const params = new URLSearchParams();
  for (const name of orderFilterNames) if (view[name]) params.set(name, view[name]);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/**
 * Every order (issue 35, item 3), not only those a queue waits on: narrowed on the server by status,
 * room, payment method, the business days it was placed in and any part of its number, the member's username or
 * real name or the bank reference; paged; downloaded as CSV with the same filters.
 */
export function Orders({ initialView = {}, onViewChange }: { initialView?: OrdersView; onViewChange?: (view: OrdersView) => void }) {
  const { locale, t } = useI18n();
  const id = useId();
  const [typed, setTyped] = useState<OrdersView>(initialView);
  const [view, setView] = useState<OrdersView>(initialView);
  const [rooms, setRooms] = useState<CatalogueRoom[]>([]);
  const [methods, setMethods] = useState<PaymentMethod[]>([]);
  const list = usePagedList<IndexedOrder>(`/orders${ordersQuery(view)}`, (path) => adminRequest<Paged<IndexedOrder>>('GET', path));
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const [refunding, setRefunding] = useState<IndexedOrder | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    allPages<CatalogueRoom>('/catalogue/engine-rooms', (path) => adminRequest<Paged<CatalogueRoom>>('GET', path))
      .then(setRooms)
      .catch(() => setRooms([]));
    apiRequest<PaymentMethod[]>('GET', '/v1/paymentMethod', undefined, { anonymous: true })
      .then(({ detail }) => setMethods(detail))
      .catch(() => setMethods([]));
  }, []);

  // A choice fires `change`, typing fires `input` (the widgets' React is Preact without compat's renaming).
  const keep = (name: keyof OrdersView) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setTyped((current) => ({ ...current, [name]: value }));
  };
  const choice = (name: keyof OrdersView) => ({ value: typed[name] ?? '', onChange: keep(name) });
  const field = (name: keyof OrdersView) => ({ value: typed[name] ?? '', onInput: keep(name) });
  const [badRange, setBadRange] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Days are written YYYY-MM-DD, so their text sorts as they do.
    const reversed = Boolean(typed.from && typed.to && typed.from > typed.to);
    setBadRange(reversed);
    if (reversed) return;
    const next = Object.fromEntries(Object.entries(typed).filter(([, value]) => value.trim() !== '')) as OrdersView;
    setView(next);
    onViewChange?.(next);
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin_orders')}</h2>
      <form role="search" className="gs-admin__filters" onSubmit={submit} noValidate aria-label={t('admin_orders_filter')}>
        <label>
          {t('admin_orders_status')}
          <select {...choice('status')}>
            <option value="">{t('admin_orders_status_all')}</option>
            {Object.values(orderStatus).map((status) => (
              <option key={status} value={String(status)}>
                {t(`order_status_${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('admin_engine_room')}
          <select {...choice('room')}>
            <option value="">{t('admin_orders_room_all')}</option>
            {rooms.map((room) => (
              <option key={room.id} value={String(room.id)}>
                {room.names[locale]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('admin_orders_payment')}
          <select {...choice('payment')}>
            <option value="">{t('admin_orders_payment_all')}</option>
            {methods.map((method) => (
              <option key={method.id} value={String(method.id)}>
                {t(`cart_payment_${method.kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('admin_orders_from')}
          <input type="date" {...field('from')} />
        </label>
        <label>
          {t('admin_orders_to')}
          <input type="date" {...field('to')} />
        </label>
        <label>
          {t('admin_orders_search')}
          <input type="search" maxLength={100} autoComplete="off" {...field('q')} />
        </label>
        <div className="gs-actions">
          <button type="submit" className="button button--small">
            {t('admin_orders_show')}
          </button>
          <CsvDownload
            path={`/orders.csv${ordersQuery(view)}`}
            fileName="orders.csv"
            words={{ idle: 'admin_orders_download', busy: 'admin_orders_downloading', failed: 'admin_orders_download_error' }}
          />
        </div>
      </form>
      <p className="gs-message gs-message--error" role="alert">
        {badRange ? t('admin_orders_bad_range') : list.failed !== null ? t('admin_load_error') : ''}
      </p>
      <p className="gs-message gs-message--ok" role="status">
        {outcome?.text ?? ''}
      </p>
      {refunding !== null && (
        <OrderRefund
          order={refunding}
          onClose={(done) => {
            setRefunding(null);
            setOutcome(done);
            if (done !== null) list.reload();
          }}
        />
      )}
      <ScrollTable id={`${id}-caption`} caption={t('admin_orders_caption', { total: list.page?.total ?? 0 })}>
        <thead>
          <tr>
            <th scope="col">{t('admin_order_number')}</th>
            <th scope="col">{t('admin_member')}</th>
            <th scope="col">{t('admin_orders_product')}</th>
            <th scope="col">{t('admin_orders_units')}</th>
            <th scope="col">{t('admin_orders_amount')}</th>
            <th scope="col">{t('admin_orders_status')}</th>
            <th scope="col">{t('admin_orders_placed')}</th>
            <th scope="col">{t('admin_orders_paid')}</th>
            <th scope="col">{t('admin_orders_actions')}</th>
          </tr>
        </thead>
        <tbody>
          {(list.page?.data ?? []).map((order) => (
            <tr key={order.id}>
              <th scope="row">
                <code>{order.order_number}</code>
              </th>
              <td>
                <MemberLink id={order.member.id} username={order.member.username} />
                {order.member.realname !== null && ` (${order.member.realname})`}
              </td>
              <td>
                {localName(order.product, locale)}
                {order.engine_room !== null && ` · ${localName(order.engine_room, locale)}`}
              </td>
              <td>{order.units}</td>
              <td>{formatDecimal(order.amount, locale)}</td>
              <td>{t(`order_status_${order.order_status}`)}</td>
              <td>
                <time dateTime={order.created_at}>{time.format(new Date(order.created_at))}</time>
              </td>
              <td>
                {order.paid_at === null ? (
                  '—'
                ) : (
                  <>
                    <time dateTime={order.paid_at}>{time.format(new Date(order.paid_at))}</time>
                    {order.bank_reference !== null && ` · ${order.bank_reference}`}
                  </>
                )}
              </td>
              <td>
                {order.order_status === orderStatus.paidOff && (
                  <button
                    type="button"
                    className="button button--small button--quiet"
                    aria-label={t('admin_refund_open', { number: order.order_number })}
                    onClick={() => {
                      setOutcome(null);
                      setRefunding(order);
                    }}
                  >
                    {t('admin_refund_go')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {list.page?.total === 0 && <p role="status">{t('admin_orders_none')}</p>}
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
    </section>
  );
}

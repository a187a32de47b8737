import { useEffect, useState } from 'react';
import { useI18n } from '../core/i18n.ts';
import { siteHref } from '../core/locale.ts';
import {
  getDetail,
  loadExpectedRate,
  loadPaymentMethods,
  loadRemittanceAccounts,
  type DeliveryMethod,
  type EngineRoom,
  type Order,
  type PaymentMethod,
  type Product,
} from './cart-api.ts';
import { CartList, cartListMessageKeys } from './CartList.tsx';
import { defaultEngineRoomId, paymentRemittance, productId, suggestedPoints, type CartForm, type RemittanceAccount } from './cart-rules.ts';
import { NotifyForm, notifyFormMessageKeys } from './NotifyForm.tsx';
import { PaymentInfo, paymentInfoMessageKeys } from './PaymentInfo.tsx';

export const cartScreenMessageKeys = [
  ...cartListMessageKeys,
  ...paymentInfoMessageKeys,
  ...notifyFormMessageKeys,
  'cart_progress_label',
  'cart_step_list',
  'cart_step_payment',
  'cart_step_end',
  'cart_back_edit',
  'cart_pay_later',
  'cart_go_notify',
  'cart_end_title',
  'cart_end_body',
  'cart_notify_success',
  'cart_load_error',
  'cart_empty',
  'cart_back_shopping',
  'order_status',
  'order_status_2',
  'order_title',
] as const;

const steps = ['list', 'payment', 'end'] as const;
type Step = (typeof steps)[number];
const stepKey: Record<Step, string> = { list: 'cart_step_list', payment: 'cart_step_payment', end: 'cart_step_end' };

interface Catalogue {
  product: Product;
  rate: number | null;
  rooms: EngineRoom[];
  deliveryMethods: DeliveryMethod[];
  paymentMethods: PaymentMethod[];
}

/** The three steps as an ordered list, the current one marked with aria-current="step". */
function Progress({ step }: { step: Step }) {
  const { t } = useI18n();
  const at = steps.indexOf(step);
  return (
    <ol className="gs-progress" aria-label={t('cart_progress_label')}>
      {steps.map((name, index) => (
        <li key={name} data-done={index < at ? 'true' : undefined} aria-current={index === at ? 'step' : undefined}>
          <span className="gs-progress__dot" aria-hidden="true">
            {index + 1}
          </span>
          {t(stepKey[name])}
        </li>
      ))}
    </ol>
  );
}

/**
 * The cart (login only): list → payment → end. The flow lives in this component's state only,
 * so leaving the cart (another page, or the widget removed) starts it afresh, as the seed resets
 * confirmBuy; an order already created stays in the member's order list as pending.
 */
export function CartScreen() {
  const { locale, t } = useI18n();
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [accounts, setAccounts] = useState<RemittanceAccount[] | null>(null);
  const [step, setStep] = useState<Step>('list');
  const [order, setOrder] = useState<Order | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [form, setForm] = useState<CartForm>({
    amount: String(suggestedPoints),
    deliveryMethodId: '',
    engineRoomId: '',
    paymentMethodId: String(paymentRemittance),
    address: '',
  });

  useEffect(() => {
    let live = true;
    Promise.all([
      getDetail<Product>(`/v1/product/${productId}`),
      loadExpectedRate().catch(() => null),
      getDetail<EngineRoom[]>('/v1/engineRoom'),
      getDetail<DeliveryMethod[]>('/v1/deliveryMethod').catch(() => []),
      loadPaymentMethods().catch(() => []),
    ])
      .then(([product, rate, rooms, deliveryMethods, paymentMethods]) => {
        if (!live) return;
        setCatalogue({ product, rate, rooms, deliveryMethods, paymentMethods });
        const room = rooms.find((candidate) => candidate.id === defaultEngineRoomId) ?? rooms[0];
        setForm((current) => (current.engineRoomId === '' && room !== undefined ? { ...current, engineRoomId: String(room.id) } : current));
      })
      .catch(() => live && setLoadFailed(true));
    loadRemittanceAccounts()
      .then((list) => live && setAccounts(list))
      .catch(() => live && setAccounts([]));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    document.querySelector<HTMLElement>('.gs-cart h2, .gs-cart [role="status"]')?.focus?.();
  }, [step]);

  if (loadFailed)
    return (
      <p className="gs-message gs-message--error" role="alert">
        {t('cart_load_error')}
      </p>
    );
  if (catalogue === null) return <p role="status">{t('loading')}</p>;
  if (deleted)
    return (
      <div className="gs-cart">
        <p>{t('cart_empty')}</p>
        <a className="button button--small" href={siteHref(locale, '/home/shopping')}>
          {t('cart_back_shopping')}
        </a>
      </div>
    );

  const saved = (next: Order) => {
    setOrder(next);
    setEditing(false);
    setStep('payment');
  };

  return (
    <div className="gs-cart">
      <Progress step={step} />
      {step === 'list' && (
        <CartList
          {...catalogue}
          form={form}
          onChange={setForm}
          editing={editing ? order : null}
          onSaved={saved}
          onDelete={() => setDeleted(true)}
        />
      )}
      {step === 'payment' && order !== null && (
        <section className="gs-cart__step" aria-labelledby="gs-cart-payment">
          <div className="gs-cart__head">
            <button
              type="button"
              className="gs-cart__back"
              aria-label={t('cart_back_edit')}
              title={t('cart_back_edit')}
              onClick={() => {
                setEditing(true);
                setStep('list');
              }}
            >
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                <path d="M15 5l-7 7 7 7" />
              </svg>
            </button>
            <h2 id="gs-cart-payment" tabIndex={-1}>
              {t('cart_step_payment')}
            </h2>
          </div>
          <PaymentInfo
            order={order}
            accounts={accounts}
            paymentMethods={catalogue.paymentMethods}
            showMethodChoice
            onOrderChanged={(changed) => {
              setOrder(changed);
              setForm((current) => ({ ...current, paymentMethodId: String(changed.payment_method_id) }));
            }}
          />
          <div className="gs-cart__actions">
            <button type="button" className="button button--block" onClick={() => setStep('end')}>
              {t('cart_go_notify')}
            </button>
            <a className="button button--block button--quiet" href={siteHref(locale, '/setting/order')}>
              {t('cart_pay_later')}
            </a>
          </div>
        </section>
      )}
      {step === 'end' && order !== null && (
        <section className="gs-cart__step" aria-labelledby="gs-cart-end">
          <h2 id="gs-cart-end" tabIndex={-1}>
            {t('cart_end_title')}
          </h2>
          <p>
            {t('cart_order_number')}: <code>{order.order_number}</code>
          </p>
          {order.order_status === 2 ? (
            <>
              <p className="gs-message gs-message--ok" role="status">
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
              <NotifyForm order={order} onNotified={setOrder} />
              <a className="button button--block button--quiet gs-cart__later" href={siteHref(locale, '/setting/order')}>
                {t('cart_pay_later')}
              </a>
            </>
          )}
        </section>
      )}
    </div>
  );
}

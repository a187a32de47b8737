import { useEffect, useState } from 'react';
import { useI18n } from '../core/i18n.ts';
import { $cartRemoved, cartRemovedOnOpen } from './cart-removed.ts';
import { siteHref } from '../core/locale.ts';
import type { DeliveryMethod, PaymentMethod, Product, RemittanceAccount } from '../../contract/api/catalogue.ts';
import type { EngineRoom } from '../../contract/api/distribution.ts';
import type { Order } from '../../contract/api/orders.ts';
import { getDetail, loadPaymentMethods, loadRemittanceAccounts } from './cart-api.ts';
import { CartList } from './CartList.tsx';
import { defaultEngineRoomId, paymentRemittance, productId, suggestedPoints, type CartForm } from './cart-rules.ts';

/**
 * The payment and end steps load once the list step is on screen (the widget budget; see CartSteps.tsx).
 * A plain dynamic import rather than React.lazy: Suspense would grow the core that every widget shares.
 */
type StepsModule = typeof import('./CartSteps.tsx');
let stepsModule: Promise<StepsModule> | undefined;
const loadSteps = () =>
  (stepsModule ??= import('./CartSteps.tsx').catch((error: unknown) => {
    stepsModule = undefined;
    throw error;
  }));

const steps = ['list', 'payment', 'end'] as const;
type Step = (typeof steps)[number];
const stepKey: Record<Step, string> = { list: 'cart_step_list', payment: 'cart_step_payment', end: 'cart_step_end' };

interface Catalogue {
  product: Product;
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
 * so leaving the cart (another page, or the widget removed) starts it afresh, as the original app resets
 * confirmBuy (docs/original-app.md); an order already created stays in the member's order list as pending.
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

  // Read after mounting, so the server's render and the first client render agree.
  useEffect(() => {
    if (cartRemovedOnOpen(location.search)) setDeleted(true);
  }, []);

  const [steps, setSteps] = useState<StepsModule | null>(null);
  const [stepsFailed, setStepsFailed] = useState(false);
  const [stepsAttempt, setStepsAttempt] = useState(0);
  // Fetched while the member fills in the list, so that the payment step opens at once; tried again on each
  // step and on request, and when it still does not arrive the step says so instead of loading for ever.
  useEffect(() => {
    if (catalogue === null || steps !== null) return;
    let live = true;
    setStepsFailed(false);
    loadSteps()
      .then((module) => live && setSteps(module))
      .catch(() => live && setStepsFailed(true));
    return () => {
      live = false;
    };
  }, [catalogue, step, steps, stepsAttempt]);

  useEffect(() => {
    let live = true;
    Promise.all([
      getDetail<Product>(`/v1/product/${productId}`),
      getDetail<EngineRoom[]>('/v1/engineRoom'),
      getDetail<DeliveryMethod[]>('/v1/deliveryMethod').catch(() => []),
      loadPaymentMethods().catch(() => []),
    ])
      .then(([product, rooms, deliveryMethods, paymentMethods]) => {
        if (!live) return;
        setCatalogue({ product, rooms, deliveryMethods, paymentMethods });
        const room = rooms.find((candidate) => candidate.id === defaultEngineRoomId) ?? rooms[0];
        setForm((current) => (current.engineRoomId === '' && room !== undefined ? { ...current, engineRoomId: String(room.id) } : current));
      })
      .catch(() => live && setLoadFailed(true));
    loadRemittanceAccounts(locale)
      .then((list) => live && setAccounts(list))
      .catch(() => live && setAccounts([]));
    return () => {
      live = false;
    };
  }, [locale]);

  if (loadFailed)
    return (
      <p part="error" className="gs-message gs-message--error" role="alert">
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
          remittanceClosed={accounts !== null && accounts.length === 0}
          onSaved={saved}
          onDelete={() => {
            $cartRemoved.set(true);
            setDeleted(true);
          }}
        />
      )}
      {step !== 'list' && order !== null && (
        <>
          {steps === null ? (
            stepsFailed ? (
              <p part="error" className="gs-message gs-message--error" role="alert">
                {t('section_load_error')}{' '}
                <button part="button" type="button" className="button button--small" onClick={() => setStepsAttempt((count) => count + 1)}>
                  {t('embed_retry')}
                </button>
              </p>
            ) : (
              <p role="status">{t('loading')}</p>
            )
          ) : step === 'payment' ? (
            <steps.PaymentStep
              order={order}
              accounts={accounts}
              paymentMethods={catalogue.paymentMethods}
              onBack={() => {
                setEditing(true);
                setStep('list');
              }}
              onNext={() => setStep('end')}
              onOrderChanged={(changed) => {
                setOrder(changed);
                setForm((current) => ({ ...current, paymentMethodId: String(changed.payment_method_id) }));
              }}
            />
          ) : (
            <steps.EndStep order={order} accounts={accounts} onNotified={setOrder} />
          )}
        </>
      )}
    </div>
  );
}

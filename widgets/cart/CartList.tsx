import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { htmlLang } from '../../locales/index.ts';
import { ApiFailure } from '../core/api.ts';
import { ordersChanged } from '../core/changes.ts';
import { useHostEvents } from '../core/host-events.ts';
import { useI18n } from '../core/i18n.ts';
import { knownRefusalKey, refusalCode, refusalKey } from '../core/refusal.ts';
import { formatPoints } from '../core/money.ts';
import { SelectField } from '../ui/SelectField.tsx';
import { saveOrder, type DeliveryMethod, type EngineRoom, type Order, type PaymentMethod, type Product } from './cart-api.ts';
import {
  cartProblem,
  deliveryHome,
  deliveryHosting,
  fieldErrors,
  orderBody,
  orderMinPoints,
  paymentMethodKey,
  paymentRemittance,
  paymentVirtualCurrency,
  purchaseEstimate,
  suggestedPoints,
  type CartForm,
  type CartProblem,
} from './cart-rules.ts';
import { localLocation, localName } from '../core/local-name.ts';

/** Refusals an order meets that the cart words by their own code. */
const cartRefusals = [
  'validation',
  'product_sold_out',
  'product_unknown',
  'order_one_product',
  'order_not_pending',
  'account_suspended',
] as const;

export const cartListMessageKeys = [
  'loading',
  'cart_product',
  'cart_price',
  'cart_delete',
  'cart_amount',
  'cart_amount_hint',
  'cart_amount_suggested',
  'cart_amount_blank',
  'cart_amount_invalid',
  'cart_least_amount',
  'cart_share',
  'cart_capacity_hint',
  'cart_daily_estimate',
  'cart_estimate_note',
  'cart_delivery_method',
  'cart_delivery_hosting',
  'cart_delivery_home',
  'cart_choose_delivery',
  'cart_engine_room',
  'cart_choose_engine_room',
  'cart_address',
  'cart_address_blank',
  'cart_payment_method',
  'cart_payment_remittance',
  'cart_payment_virtual_currency',
  'cart_virtual_address',
  'cart_payments_not_open',
  'cart_virtual_unavailable',
  'cart_choose_payment',
  'cart_submit_order',
  'cart_update_order',
  'cart_editing',
  'cart_error',
  'wallet_choose',
  ...cartRefusals.map(refusalKey),
];

const deliveryKey = (id: number) => (id === deliveryHosting ? 'cart_delivery_hosting' : id === deliveryHome ? 'cart_delivery_home' : '');

interface CartListProps {
  product: Product;
  rate: number | null;
  rooms: EngineRoom[];
  deliveryMethods: DeliveryMethod[];
  paymentMethods: PaymentMethod[];
  form: CartForm;
  onChange: (form: CartForm) => void;
  /** The order being edited (back from the payment step): PUT instead of POST, no delete icon. */
  editing: Order | null;
  /** No account takes a remittance yet (the server listed none): said before the member orders. */
  remittanceClosed?: boolean;
  onSaved: (order: Order) => void;
  onDelete: () => void;
}

/** The list step: the product, the amount with the purchase hint, delivery and payment, then the order. */
export function CartList({
  product,
  rate,
  rooms,
  deliveryMethods,
  paymentMethods,
  form,
  onChange,
  editing,
  remittanceClosed = false,
  onSaved,
  onDelete,
}: CartListProps) {
  const { locale, t } = useI18n();
  const hostEvents = useHostEvents();
  const id = useId();
  const [errors, setErrors] = useState<Partial<Record<CartProblem['field'], string>>>({});
  const [failed, setFailed] = useState('');
  const [busy, setBusy] = useState(false);
  const editingNote = useRef<HTMLParagraphElement>(null);
  // Back from the payment step: say which order is being edited, and start there.
  useEffect(() => editingNote.current?.focus(), []);
  const set = (change: Partial<CartForm>) => onChange({ ...form, ...change });
  const estimate = purchaseEstimate(form.amount, product, rate);
  const fourDecimals = (value: number) => new Intl.NumberFormat(htmlLang[locale], { maximumFractionDigits: 4 }).format(value);
  const delivery = Number(form.deliveryMethodId);
  const payment = Number(form.paymentMethodId);
  const virtual = paymentMethods.find((method) => method.id === paymentVirtualCurrency);
  const deliveryIds = deliveryMethods.length > 0 ? deliveryMethods.map((method) => method.id) : [deliveryHosting, deliveryHome];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = cartProblem(form);
    if (problem !== null) {
      setErrors({ [problem.field]: t(problem.key) });
      setFailed('');
      document.getElementById(`${id}-${problem.field}`)?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    setFailed('');
    try {
      const order = await saveOrder(orderBody(form, editing === null), editing?.id);
      ordersChanged();
      if (editing === null) hostEvents('order-created', { order_number: order.order_number, total_amount: order.total_amount });
      onSaved(order);
    } catch (error) {
      const envelope = error instanceof ApiFailure ? error.envelope : undefined;
      const below = refusalCode(error) === 'order_amount_below_minimum';
      const byField = fieldErrors(
        envelope?.errors,
        t(below ? 'cart_least_amount' : knownRefusalKey(error, cartRefusals, 'refusal_validation')),
      );
      setErrors(byField);
      const refusal = knownRefusalKey(error, cartRefusals, '');
      setFailed(Object.keys(byField).length === 0 && refusal !== '' ? `${t('cart_error')}: ${t(refusal)}` : t('cart_error'));
    } finally {
      setBusy(false);
    }
  };

  const radio = (name: string, value: number, checked: boolean, text: string, onPick: () => void, disabled = false) => (
    <label key={value} className="gs-choice__option">
      <input type="radio" name={name} value={value} checked={checked} disabled={disabled} onChange={onPick} />
      {text}
    </label>
  );

  return (
    <form className="gs-form gs-cart__list" method="post" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
      {editing !== null && (
        <p ref={editingNote} className="gs-cart__editing" role="status" tabIndex={-1}>
          {t('cart_editing', { number: editing.order_number })}
        </p>
      )}
      <div className="gs-cart__item">
        <div>
          <p className="gs-cart__label">{t('cart_product')}</p>
          <p className="gs-cart__name">{localName(product, locale)}</p>
          <p className="gs-cart__price">
            {t('cart_price')}: {formatPoints(product.price, locale)}
          </p>
        </div>
        {editing === null && (
          <button type="button" className="gs-cart__delete" aria-label={t('cart_delete')} title={t('cart_delete')} onClick={onDelete}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />
            </svg>
          </button>
        )}
      </div>

      <div className="gs-field">
        <label htmlFor={`${id}-amount`}>{t('cart_amount')}</label>
        <div className="gs-field__control">
          <input
            id={`${id}-amount`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            value={form.amount}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={`${id}-amount-hint ${id}-amount-error`}
            onInput={(event) => set({ amount: event.currentTarget.value.replace(/[^\d.]/g, '') })}
          />
        </div>
        <p id={`${id}-amount-hint`} className="gs-field__hint">
          {t('cart_amount_suggested', { amount: suggestedPoints })} {t('cart_amount_hint', { min: orderMinPoints })}
        </p>
        <p id={`${id}-amount-error`} className="gs-field__error" aria-live="polite">
          {errors.amount}
        </p>
      </div>

      {estimate !== null && (
        <div className="gs-cart__estimate" aria-live="polite">
          <p>
            {t('cart_share')}: <data value={estimate.units}>{fourDecimals(estimate.units)}</data>
          </p>
          <p>{t('cart_capacity_hint', { mw: fourDecimals(estimate.mw) })}</p>
          {rate !== null && (
            <>
              <p>{t('cart_daily_estimate', { rate: fourDecimals(rate), amount: formatPoints(estimate.daily, locale) })}</p>
              <p className="gs-field__hint">{t('cart_estimate_note')}</p>
            </>
          )}
        </div>
      )}

      <fieldset
        id={`${id}-delivery`}
        className="gs-choice"
        tabIndex={-1}
        aria-invalid={errors.delivery ? true : undefined}
        aria-describedby={`${id}-delivery-error`}
      >
        <legend>{t('cart_delivery_method')}</legend>
        {deliveryIds.map((value) =>
          radio(
            `${id}-delivery-method`,
            value,
            delivery === value,
            t(deliveryKey(value)) || (deliveryMethods.find((m) => m.id === value)?.name ?? ''),
            () => set({ deliveryMethodId: String(value) }),
          ),
        )}
        <p id={`${id}-delivery-error`} className="gs-field__error" aria-live="polite">
          {errors.delivery}
        </p>
      </fieldset>

      {delivery === deliveryHosting && (
        <SelectField
          id={`${id}-room`}
          name="engine_room_id"
          label={t('cart_engine_room')}
          value={form.engineRoomId}
          placeholder={t('wallet_choose')}
          options={rooms.map((room) => {
            const [name, where] = [localName(room, locale), localLocation(room, locale)];
            return { value: String(room.id), text: where ? `${name} (${where})` : name };
          })}
          onChange={(value) => set({ engineRoomId: value })}
          error={errors.room}
        />
      )}
      {delivery === deliveryHome && (
        <div className="gs-field">
          <label htmlFor={`${id}-address`}>{t('cart_address')}</label>
          <div className="gs-field__control">
            <input
              id={`${id}-address`}
              name="delivery_content"
              autoComplete="street-address"
              maxLength={300}
              value={form.address}
              aria-invalid={errors.address ? true : undefined}
              aria-describedby={`${id}-address-error`}
              onInput={(event) => set({ address: event.currentTarget.value })}
            />
          </div>
          <p id={`${id}-address-error`} className="gs-field__error" aria-live="polite">
            {errors.address}
          </p>
        </div>
      )}

      <fieldset
        id={`${id}-payment`}
        className="gs-choice"
        tabIndex={-1}
        aria-invalid={errors.payment ? true : undefined}
        aria-describedby={`${id}-payment-error`}
      >
        <legend>{t('cart_payment_method')}</legend>
        {[paymentRemittance, paymentVirtualCurrency].map((value) =>
          radio(
            `${id}-payment-method`,
            value,
            payment === value,
            t(paymentMethodKey(value)),
            () => set({ paymentMethodId: String(value) }),
            value === paymentVirtualCurrency && virtual?.available === false,
          ),
        )}
        {virtual?.available === false && <p className="gs-field__hint">{t('cart_virtual_unavailable')}</p>}
        {payment === paymentVirtualCurrency && virtual?.serial_number && (
          <p className="gs-cart__serial">
            {t('cart_virtual_address')}: <code>{virtual.serial_number}</code>
          </p>
        )}
        {payment === paymentRemittance && remittanceClosed && <p className="gs-field__hint">{t('cart_payments_not_open')}</p>}
        <p id={`${id}-payment-error`} className="gs-field__error" aria-live="polite">
          {errors.payment}
        </p>
      </fieldset>

      <p className="gs-message gs-message--error" role="alert">
        {failed}
      </p>
      <button className="button button--block gs-submit" type="submit" disabled={busy} aria-busy={busy}>
        {busy ? t('loading') : editing === null ? t('cart_submit_order') : t('cart_update_order')}
      </button>
    </form>
  );
}

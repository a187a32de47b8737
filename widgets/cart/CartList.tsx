import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiFailure } from '../core/api.ts';
import { ordersChanged } from '../core/changes.ts';
import { useHostEvents } from '../core/host-events.ts';
import { useI18n } from '../core/i18n.ts';
import { knownRefusalKey, refusalCode } from '../core/refusal.ts';
import { formatPoints } from '../core/money.ts';
import { CartChoices } from './CartChoices.tsx';
import type { DeliveryMethod, PaymentMethod, Product } from '../../contract/api/catalogue.ts';
import type { EngineRoom, RecentShares } from '../../contract/api/distribution.ts';
import type { Order } from '../../contract/api/orders.ts';
import { getDetail, saveOrder } from './cart-api.ts';
import {
  amountProblem,
  cartProblem,
  deliveryHome,
  fieldErrors,
  orderBody,
  orderMinPoints,
  purchaseEstimate,
  suggestedPoints,
  type CartForm,
  type CartProblem,
} from './cart-rules.ts';
import { localName } from '../core/local-name.ts';

/** Refusals an order meets that the cart words by their own code. */
const cartRefusals = [
  'validation',
  'product_sold_out',
  'product_unknown',
  'order_one_product',
  'order_not_pending',
  'account_suspended',
] as const;

interface CartListProps {
  product: Product;
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
  // A shown error goes as soon as the change fixes it: once the form's first problem is another (or none).
  const set = (change: Partial<CartForm>) => {
    const next = { ...form, ...change };
    onChange(next);
    if (cartProblem(next)?.field !== Object.keys(errors)[0]) setErrors({});
  };
  const estimate = purchaseEstimate(form.amount, product);
  // What the amount would have earned in the chosen room lately: the server's figures, by the rule income is paid by.
  const [recent, setRecent] = useState<[string, RecentShares]>();
  // Home delivery earns nothing from a room: no room's figures for it.
  const recentPath =
    amountProblem(form.amount) === null && form.engineRoomId && Number(form.deliveryMethodId) !== deliveryHome
      ? `/v1/engineRoom/${form.engineRoomId}/recent?product_id=${product.id}&amount=${form.amount.trim()}`
      : '';
  useEffect(() => {
    // Asked again as the amount changes: each answer is kept with the question, so a late one never shows for another amount.
    if (recentPath)
      getDetail<RecentShares>(recentPath).then(
        (got) => setRecent([recentPath, got]),
        () => 0,
      );
  }, [recentPath]);
  // Only the figures of what is on screen now (an older answer may arrive late).
  const shares = recent?.[0] === recentPath ? recent[1] : null;

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
      if (editing === null)
        hostEvents('order-created', { id: order.id, order_number: order.order_number, total_amount: order.total_amount });
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
          <button
            part="button"
            type="button"
            className="gs-cart__delete"
            aria-label={t('cart_delete')}
            title={t('cart_delete')}
            onClick={onDelete}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />
            </svg>
          </button>
        )}
      </div>

      <div className="gs-field">
        <label part="label" htmlFor={`${id}-amount`}>
          {t('cart_amount')}
        </label>
        <div className="gs-field__control">
          <input
            part="input"
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
        <p part="error" id={`${id}-amount-error`} className="gs-field__error" aria-live="polite">
          {errors.amount}
        </p>
      </div>

      {estimate !== null && (
        <div className="gs-cart__estimate" aria-live="polite">
          <p>
            {t('cart_share')}: <data value={estimate.units}>{formatPoints(estimate.units, locale)}</data>
          </p>
          <p>{t('cart_capacity_hint', { mw: formatPoints(estimate.mw, locale) })}</p>
          {shares && (
            <p>
              {shares.low === null || shares.high === null
                ? t('cart_recent_none', { days: shares.days })
                : t('cart_recent_range', { ...shares, low: formatPoints(shares.low, locale), high: formatPoints(shares.high, locale) })}
            </p>
          )}
        </div>
      )}

      <CartChoices
        id={id}
        form={form}
        set={set}
        errors={errors}
        rooms={rooms}
        deliveryMethods={deliveryMethods}
        paymentMethods={paymentMethods}
        remittanceClosed={remittanceClosed}
      />

      <p part="error" className="gs-message gs-message--error" role="alert">
        {failed}
      </p>
      <button part="button submit" className="button button--block gs-submit" type="submit" disabled={busy} aria-busy={busy}>
        {busy ? t('loading') : editing === null ? t('cart_submit_order') : t('cart_update_order')}
      </button>
    </form>
  );
}

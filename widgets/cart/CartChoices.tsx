import { useI18n } from '../core/i18n.ts';
import { localLocation, localName } from '../core/local-name.ts';
import { SelectField } from '../ui/SelectField.tsx';
import type { DeliveryMethod, PaymentMethod } from '../../contract/api/catalogue.ts';
import type { EngineRoom } from '../../contract/api/distribution.ts';
import {
  deliveryHome,
  deliveryHosting,
  paymentMethodKey,
  paymentRemittance,
  paymentVirtualCurrency,
  type CartForm,
  type CartProblem,
} from './cart-rules.ts';

const deliveryKey = (id: number) => (id === deliveryHosting ? 'cart_delivery_hosting' : id === deliveryHome ? 'cart_delivery_home' : '');

interface CartChoicesProps {
  /** The form's useId(): each field's id starts with it, so the list step can focus the field at fault. */
  id: string;
  form: CartForm;
  set: (change: Partial<CartForm>) => void;
  errors: Partial<Record<CartProblem['field'], string>>;
  rooms: EngineRoom[];
  deliveryMethods: DeliveryMethod[];
  paymentMethods: PaymentMethod[];
  remittanceClosed: boolean;
}

/** The cart's choices: delivery (an engine room to host in, or an address), then the way to pay. */
export function CartChoices({ id, form, set, errors, rooms, deliveryMethods, paymentMethods, remittanceClosed }: CartChoicesProps) {
  const { locale, t } = useI18n();
  const delivery = Number(form.deliveryMethodId);
  const payment = Number(form.paymentMethodId);
  const virtual = paymentMethods.find((method) => method.id === paymentVirtualCurrency);
  const deliveryIds = deliveryMethods.length > 0 ? deliveryMethods.map((method) => method.id) : [deliveryHosting, deliveryHome];
  const radio = (name: string, value: number, checked: boolean, text: string, onPick: () => void, disabled = false) => (
    <label part="label" key={value} className="gs-choice__option">
      <input part="input" type="radio" name={name} value={value} checked={checked} disabled={disabled} onChange={onPick} />
      {text}
    </label>
  );

  return (
    <>
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
        <p part="error" id={`${id}-delivery-error`} className="gs-field__error" aria-live="polite">
          {errors.delivery}
        </p>
      </fieldset>

      {delivery === deliveryHosting && (
        <SelectField
          id={`${id}-room`}
          name="engine_room_id"
          label={t('cart_engine_room')}
          value={form.engineRoomId}
          // With no room open to buy into (all full or closed, decision 052) the list's one line says so.
          placeholder={t(rooms.length === 0 ? 'cart_no_room' : 'wallet_choose')}
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
          <label part="label" htmlFor={`${id}-address`}>
            {t('cart_address')}
          </label>
          <div className="gs-field__control">
            <input
              part="input"
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
          <p part="error" id={`${id}-address-error`} className="gs-field__error" aria-live="polite">
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
        <p part="error" id={`${id}-payment-error`} className="gs-field__error" aria-live="polite">
          {errors.payment}
        </p>
      </fieldset>
    </>
  );
}

import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  cartProblem,
  fieldErrors,
  lastFiveInput,
  lastFiveProblem,
  orderBody,
  paymentMethodUpdate,
  purchaseEstimate,
  type CartForm,
} from './cart-rules.ts';

const product = { price: 15_000_000, rated_capacity_watts: 1_000_000 };
const form = (change: Partial<CartForm> = {}): CartForm => ({
  amount: '3000',
  deliveryMethodId: '1',
  engineRoomId: '1',
  paymentMethodId: '1',
  address: '',
  ...change,
});

describe('cart amount', () => {
  it.each([
    ['', 'cart_amount_blank'],
    ['  ', 'cart_amount_blank'],
    ['99.9999', 'cart_least_amount'],
    ['0', 'cart_least_amount'],
    ['1.2.3', 'cart_amount_invalid'],
    ['.5', 'cart_amount_invalid'],
    ['100.12345', 'cart_amount_invalid'],
  ] as const)('%j: %s', (amount, key) => {
    expect(amountProblem(amount)).toBe(key);
  });

  it('lets 100 and more with up to 4 decimals go', () => {
    expect(amountProblem('100')).toBeNull();
    expect(amountProblem('3000')).toBeNull();
    expect(amountProblem(' 250.1234 ')).toBeNull();
  });
});

describe('purchase estimate', () => {
  it('shares the price: units = amount / price with 4 decimals (rounded down), MW = units × rated MW', () => {
    expect(purchaseEstimate('3000', product)).toEqual({ units: 0.0002, mw: 0.0002 });
    expect(purchaseEstimate('15000000', product)?.units).toBe(1);
    expect(purchaseEstimate('15000000', { price: 15_000_000, rated_capacity_watts: 2_500_000 })?.mw).toBe(2.5);
    expect(purchaseEstimate('7499999', product)?.units).toBe(0.4999);
  });

  it('has nothing to estimate without a number', () => {
    expect(purchaseEstimate('', product)).toBeNull();
    expect(purchaseEstimate('abc', product)).toBeNull();
    expect(purchaseEstimate('100', { price: 0, rated_capacity_watts: 1 })).toBeNull();
  });
});

describe('payment view rules', () => {
  it('wants exactly five digits of the paying account, and keeps only digits as typed', () => {
    expect(lastFiveProblem('12345')).toBeNull();
    for (const text of ['', '1234', '123456', '12a45', '12 45']) expect(lastFiveProblem(text)).toBe('cart_last_five_invalid');
    expect(lastFiveInput('12-34a567')).toBe('12345');
  });

  it('changes the payment method only when it differs', () => {
    expect(paymentMethodUpdate(1, 1)).toBeNull();
    expect(paymentMethodUpdate(1, 2)).toEqual({ payment_method_id: 2 });
    expect(paymentMethodUpdate(2, 1)).toEqual({ payment_method_id: 1 });
    expect(paymentMethodUpdate(1, Number.NaN)).toBeNull();
  });
});

describe('order form', () => {
  it('checks amount, delivery, room or address, and payment in screen order', () => {
    expect(cartProblem(form())).toBeNull();
    expect(cartProblem(form({ amount: '50' }))).toEqual({ key: 'cart_least_amount', field: 'amount' });
    expect(cartProblem(form({ deliveryMethodId: '' }))).toEqual({ key: 'cart_choose_delivery', field: 'delivery' });
    expect(cartProblem(form({ engineRoomId: '' }))).toEqual({ key: 'cart_choose_engine_room', field: 'room' });
    expect(cartProblem(form({ deliveryMethodId: '2', engineRoomId: '' }))).toEqual({ key: 'cart_address_blank', field: 'address' });
    expect(cartProblem(form({ deliveryMethodId: '2', address: 'No. 1 Road' }))).toBeNull();
    expect(cartProblem(form({ paymentMethodId: '' }))).toEqual({ key: 'cart_choose_payment', field: 'payment' });
  });

  it("builds the original app's creation payload, and the update payload without item_content", () => {
    expect(orderBody(form(), true)).toEqual({
      'item_content[0][product_id]': '1',
      'item_content[0][count]': '1',
      delivery_method_id: '1',
      engine_room_id: '1',
      payment_method_id: '1',
      amount: '3000',
    });
    expect(orderBody(form({ deliveryMethodId: '2', address: ' No. 1 Road ', amount: '500.5' }), false)).toEqual({
      delivery_method_id: '2',
      payment_method_id: '1',
      amount: '500.5',
      delivery_content: 'No. 1 Road',
    });
  });

  it("puts a 422's field errors beside the cart's fields", () => {
    expect(
      fieldErrors(
        {
          amount: ['English sentence'],
          engine_room_id: ['English sentence'],
          'delivery_content.address': ['English sentence'],
          other: ['x'],
        },
        '请检查您填写的内容',
      ),
    ).toEqual({ amount: '请检查您填写的内容', room: '请检查您填写的内容', address: '请检查您填写的内容' });
    expect(fieldErrors(undefined, 'x')).toEqual({});
  });
});

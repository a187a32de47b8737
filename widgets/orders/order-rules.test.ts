import { describe, expect, it } from 'vitest';
import { canNotify, checkPaymentRoute, opensPayment, orderStatusKey, requestedOrderId, showsMethodChoice } from './order-rules.ts';

describe('order rules', () => {
  it('labels 0 and 1 pending, 2 waiting confirmation, 3 paid off, 4 cancelled', () => {
    expect([0, 1, 2, 3, 4].map(orderStatusKey)).toEqual([
      'order_status_0',
      'order_status_1',
      'order_status_2',
      'order_status_3',
      'order_status_4',
    ]);
    expect(orderStatusKey(9)).toBe('order_status');
  });

  it('opens the payment information for pending and waiting orders, with the method choice only while pending', () => {
    expect([0, 1, 2, 3, 4].map(opensPayment)).toEqual([true, true, true, false, false]);
    expect([0, 1, 2, 3, 4].map(showsMethodChoice)).toEqual([true, true, false, false, false]);
    expect([0, 1, 2, 3, 4].map(canNotify)).toEqual([true, true, false, false, false]);
  });

  it("reads the order id from the element's order-id, else from ?id=N, and refuses anything else", () => {
    expect(requestedOrderId(undefined, null, '?id=42')).toBe(42);
    expect(requestedOrderId(undefined, null, '?page=2&id=7')).toBe(7);
    expect(requestedOrderId(undefined, '9', '?id=42')).toBe(9);
    expect(requestedOrderId(5, '9', '?id=42')).toBe(5);
    expect(requestedOrderId(undefined, null, '?page=2')).toBeUndefined();
    for (const search of ['?id=', '?id=0', '?id=-3', '?id=1.5', '?id=abc', '?id=12345678901234567']) {
      expect(requestedOrderId(undefined, null, search)).toBeNull();
      expect(requestedOrderId(undefined, search.slice(4), '?id=42')).toBeNull();
    }
    expect(checkPaymentRoute(42)).toBe('/setting/order/checkpayment?id=42');
  });
});

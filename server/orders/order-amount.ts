import { orderMinPoints } from '../../contract/limits.ts';
import { parseAmountAtLeast } from '../http/amount-input.ts';
import { pointScale } from '../shared/money.ts';

/** The seed's least order: 100 points (its hint and default show 3000). */
export const orderAmountMin = BigInt(orderMinPoints) * pointScale;
export const leastAmountMessage = 'The least amount is 100';

/** The order amount from the request: at least 100, with the cart's own message below it. */
export const parseOrderAmount = (input: string | undefined): bigint =>
  parseAmountAtLeast(input, orderAmountMin, 'order_amount_below_minimum', leastAmountMessage);

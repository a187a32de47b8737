import { orderMinPoints } from '../../contract/limits.ts';
import { parseAmountAtLeast } from '../http/amount-input.ts';
import { pointScale } from '../shared/money.ts';

/** The least order, in ten-thousandths. */
export const orderAmountMin = BigInt(orderMinPoints) * pointScale;
export const leastAmountMessage = `The least amount is ${orderMinPoints}`;

/** The order amount from the request: at least the minimum, with the cart's own message below it. */
export const parseOrderAmount = (input: string | undefined): bigint =>
  parseAmountAtLeast(input, orderAmountMin, 'order_amount_below_minimum', leastAmountMessage);

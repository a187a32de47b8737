import { transferMinPoints } from '../../contract/limits.ts';
import { parseAmountAtLeast } from '../http/amount-input.ts';
import { pointScale } from '../shared/money.ts';

/** The least transfer either way, in ten-thousandths. */
export const transferAmountMin = BigInt(transferMinPoints) * pointScale;
export const amountTooSmallMessage = `Amount cannot be less than ${transferMinPoints}`;

/** The transfer amount from the request: at least the minimum, with the wallet's own message below it. */
export const parseTransferAmount = (text: string): bigint =>
  parseAmountAtLeast(text, transferAmountMin, 'amount_below_minimum', amountTooSmallMessage);

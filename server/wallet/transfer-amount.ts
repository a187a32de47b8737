import { transferMinPoints } from '../../contract/limits.ts';
import { parseAmountAtLeast } from '../http/amount-input.ts';
import { pointScale } from '../shared/money.ts';

/** The seed's minimum for a transfer either way (and for a withdrawal): 100 points. */
export const transferAmountMin = BigInt(transferMinPoints) * pointScale;
export const amountTooSmallMessage = 'Amount cannot be less than 100';

/** The transfer amount from the request: at least 100, with the wallet's own message below it. */
export const parseTransferAmount = (text: string): bigint =>
  parseAmountAtLeast(text, transferAmountMin, 'amount_below_minimum', amountTooSmallMessage);

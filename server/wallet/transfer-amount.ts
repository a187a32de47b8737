import { transferMinPoints } from '../../contract/limits.ts';
import { parseAmountAtLeast } from '../http/amount-input.ts';
import { parsePoints, pointScale } from '../shared/money.ts';

/** The least transfer either way, in ten-thousandths. */
export const transferAmountMin = BigInt(transferMinPoints) * pointScale;
export const amountTooSmallMessage = `Amount cannot be less than ${transferMinPoints}`;

/** The transfer amount from the request: at least the minimum, with the wallet's own message below it. */
export const parseTransferAmount = (text: string): bigint =>
  parseAmountAtLeast(text, transferAmountMin, 'amount_below_minimum', amountTooSmallMessage);

/**
 * A move back to the main wallet below the minimum, allowed when it is the partner wallet's whole
 * balance: a remainder under the minimum must never be stranded (it could not otherwise come back).
 * Answers the amount when the text is exactly that whole balance, undefined otherwise.
 */
export function wholeRemainder(text: string, partnerBalance: bigint): bigint | undefined {
  const amount = parsePoints(text);
  return amount !== undefined && amount > 0n && amount === partnerBalance ? amount : undefined;
}

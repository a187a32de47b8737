import type { RefusalCode } from '../../contract/refusals.ts';
import { ApiError, fieldError } from '../shared/errors.ts';
import { parsePoints, pointScale, pointsMax } from '../shared/money.ts';
import { amountDecimalsMax, decimalText } from '../shared/number-text.ts';

/** Any decimal in the request grammar, however many decimals or digits: to tell which refusal applies. */
const anyDecimal = decimalText(Number.MAX_SAFE_INTEGER, { signed: true });

/**
 * An amount a member typed, in ten-thousandths, that must be at least `min`. Blank, zero,
 * negative or below the minimum gets the original app's own message for that screen (its screens match
 * on it, so it goes in `message` and `detail`); anything else that is not a 4-decimal amount
 * within the limit is a validation error naming the field, each with its code. Nothing is rounded
 * and nothing is tidied: " 100" and "0100" are not amounts (the one grammar, `shared/number-text.ts`).
 */
export function parseAmountAtLeast(input: string | undefined, min: bigint, belowCode: RefusalCode, belowMessage: string): bigint {
  const below = () => new ApiError(422, belowCode, belowMessage, { detail: belowMessage, errors: { amount: [belowMessage] } });
  const text = input ?? '';
  if (text === '') throw below();
  const value = parsePoints(text);
  if (value === undefined) {
    const match = anyDecimal.exec(text);
    if (match === null) throw fieldError('amount', 'amount_not_number', 'The amount must be a number.');
    if (text.startsWith('-')) throw below();
    if ((match[2] ?? '').length > amountDecimalsMax)
      throw fieldError('amount', 'amount_too_many_decimals', `The amount may have at most ${amountDecimalsMax} decimal places.`);
    throw fieldError('amount', 'amount_too_large', `The amount must not be greater than ${pointsMax / pointScale}.`);
  }
  if (value < min) throw below();
  return value;
}

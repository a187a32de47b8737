import type { RefusalCode } from '../../contract/refusals.ts';
import { ApiError, fieldError } from '../shared/errors.ts';
import { parsePoints, pointScale, pointsMax } from '../shared/money.ts';

const numberPattern = /^-?\d+(?:\.\d+)?$/;
const tooManyDecimalsPattern = /^\d+\.\d{5,}$/;

/**
 * An amount a member typed, in ten-thousandths, that must be at least `min`. Blank, zero,
 * negative or below the minimum gets the seed's own message for that screen (its screens match
 * on it, so it goes in `message` and `detail`); anything else that is not a 4-decimal amount
 * within the limit is a validation error naming the field, each with its code. Nothing is rounded.
 */
export function parseAmountAtLeast(input: string | undefined, min: bigint, belowCode: RefusalCode, belowMessage: string): bigint {
  const below = () => new ApiError(422, belowCode, belowMessage, { detail: belowMessage, errors: { amount: [belowMessage] } });
  const trimmed = (input ?? '').trim();
  if (trimmed === '') throw below();
  const value = parsePoints(trimmed);
  if (value === undefined) {
    if (trimmed.startsWith('-') && numberPattern.test(trimmed)) throw below();
    if (tooManyDecimalsPattern.test(trimmed))
      throw fieldError('amount', 'amount_too_many_decimals', 'The amount may have at most 4 decimal places.');
    if (numberPattern.test(trimmed))
      throw fieldError('amount', 'amount_too_large', `The amount must not be greater than ${pointsMax / pointScale}.`);
    throw fieldError('amount', 'amount_not_number', 'The amount must be a number.');
  }
  if (value < min) throw below();
  return value;
}

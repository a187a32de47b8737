import { ApiError, fieldError } from '../shared/errors.ts';
import { parsePoints, pointScale, pointsMax } from '../shared/money.ts';

/** The seed's least order: 100 points (its hint and default show 3000). */
export const orderAmountMin = 100n * pointScale;
export const leastAmountMessage = 'The least amount is 100';

const numberPattern = /^-?\d+(?:\.\d+)?$/;
const tooManyDecimalsPattern = /^\d+\.\d{5,}$/;

/**
 * The order amount from the request, in ten-thousandths. Missing, blank, zero, negative or below
 * 100 gets the seed's own message; anything else that is not a 4-decimal amount within the
 * limit is a validation error naming the field. Nothing is rounded.
 */
export function parseOrderAmount(input: string | undefined): bigint {
  const trimmed = (input ?? '').trim();
  if (trimmed === '') throw tooSmall();
  const value = parsePoints(trimmed);
  if (value === undefined) {
    if (trimmed.startsWith('-') && numberPattern.test(trimmed)) throw tooSmall();
    if (tooManyDecimalsPattern.test(trimmed)) throw fieldError('amount', 'The amount may have at most 4 decimal places.');
    if (numberPattern.test(trimmed)) throw fieldError('amount', `The amount must not be greater than ${pointsMax / pointScale}.`);
    throw fieldError('amount', 'The amount must be a number.');
  }
  if (value < orderAmountMin) throw tooSmall();
  return value;
}

function tooSmall(): ApiError {
  return new ApiError(422, leastAmountMessage, { detail: leastAmountMessage, errors: { amount: [leastAmountMessage] } });
}

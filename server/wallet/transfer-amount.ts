import { ApiError, fieldError } from '../shared/errors.ts';
import { parsePoints, pointScale, pointsMax } from '../shared/money.ts';

/** The seed's minimum for a transfer either way: 100 points. */
export const transferAmountMin = 100n * pointScale;
export const amountTooSmallMessage = 'Amount cannot be less than 100';

const numberPattern = /^-?\d+(?:\.\d+)?$/;
const tooManyDecimalsPattern = /^\d+\.\d{5,}$/;

/**
 * The transfer amount from the request's text, in ten-thousandths. A well-formed number below
 * 100 (zero and negatives included) gets the seed's own message, which its screens match on;
 * anything else that is not a 4-decimal amount within the limit is a validation error.
 */
export function parseTransferAmount(text: string): bigint {
  const trimmed = text.trim();
  const value = parsePoints(trimmed);
  if (value === undefined) {
    if (trimmed.startsWith('-') && numberPattern.test(trimmed)) throw tooSmall();
    if (tooManyDecimalsPattern.test(trimmed)) throw fieldError('amount', 'The amount may have at most 4 decimal places.');
    if (numberPattern.test(trimmed)) throw fieldError('amount', `The amount must not be greater than ${pointsMax / pointScale}.`);
    throw fieldError('amount', 'The amount must be a number.');
  }
  if (value < transferAmountMin) throw tooSmall();
  return value;
}

function tooSmall(): ApiError {
  return new ApiError(422, amountTooSmallMessage, { detail: amountTooSmallMessage, errors: { amount: [amountTooSmallMessage] } });
}

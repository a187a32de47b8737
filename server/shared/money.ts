import { amountDecimalsMax, decimalText } from './number-text.ts';

/**
 * Points are carried as integer ten-thousandths (BigInt) from the request parser to the
 * database and back. JSON carries them as numbers with at most 4 decimals; a number is
 * built from the exact decimal string, never by dividing a float.
 */
export const pointScale = 10_000n;

/** Shares of a product (orders.units_e8, income bases) count in hundred-millionths of a unit. */
export const unitScale = 100_000_000n;
const pointDecimals = amountDecimalsMax;

/**
 * Largest amount any request may carry: 100 billion points. Below 2^39 points a double still
 * tells every 4-decimal amount apart, so the JSON number round-trips exactly.
 */
export const pointsMax = 100_000_000_000n * pointScale;

/** Amounts in the one request grammar: up to 15 whole digits (above `pointsMax` anyway), four decimals. */
const decimalPattern = decimalText(amountDecimalsMax, { digitsMax: 15 });

/** Parses "123.45" (or the number 123.45) into 1234500n; undefined when it is not a valid amount (" 100" and "0100" are not). */
export function parsePoints(input: unknown): bigint | undefined {
  const text = typeof input === 'number' ? numberToDecimal(input) : typeof input === 'string' ? input : undefined;
  if (text === undefined) return undefined;
  const match = decimalPattern.exec(text);
  if (match === null) return undefined;
  const [, whole = '0', fraction = ''] = match;
  const value = BigInt(whole) * pointScale + BigInt(fraction.padEnd(pointDecimals, '0'));
  return value <= pointsMax ? value : undefined;
}

/** Formats 1234500n as the JSON number 123.45. */
export function pointsToNumber(value: bigint | string): number {
  return Number(pointsToDecimal(BigInt(value)));
}

/** Formats 1234500n as "123.4500". */
export function pointsToDecimal(value: bigint): string {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const whole = magnitude / pointScale;
  const fraction = (magnitude % pointScale).toString().padStart(pointDecimals, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

function numberToDecimal(value: number): string | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  // A JSON number's shortest round-trip text is the decimal the client meant to send.
  const text = String(value);
  return /e/i.test(text) ? undefined : text;
}

/** Hundred-millionths of a unit as the shortest decimal text: 150000000n is "1.5", 200000000n is "2". */
export function unitsToDecimal(unitsE8: bigint): string {
  const whole = unitsE8 / unitScale;
  const fraction = (unitsE8 % unitScale).toString().padStart(8, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
}

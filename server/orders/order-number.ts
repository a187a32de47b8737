import { randomInt } from 'node:crypto';

/** Random digits after the date: a million numbers a day, so a guess rarely names a real order. */
const randomDigits = 6;

/**
 * A short memo a member types into a bank transfer: "GS" + the business day (YYMMDD) + random
 * digits, e.g. GS261122048193. Never sequential, so it reveals nothing about sales; the column
 * is unique and the caller draws again on the rare collision.
 */
export function newOrderNumber(businessDay: string): string {
  const day = businessDay.replaceAll('-', '').slice(2);
  return `GS${day}${String(randomInt(10 ** randomDigits)).padStart(randomDigits, '0')}`;
}

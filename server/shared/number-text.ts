/**
 * The one grammar for numbers, ids and amounts read from a request, wherever they are read: plain
 * decimal digits, no spaces, no sign but a leading minus, no leading zeros ("0100"), no exponent,
 * no digit separators. `" 0100 "` is not 100: text that is not already canonical is refused, never
 * tidied into a number, so what the client sent and what the server moved can never differ.
 */

/** Decimals in an amount: ten-thousandths, the precision money is kept in. */
export const amountDecimalsMax = 4;

const whole = (digitsMax: number | undefined) => `(?:0|[1-9][0-9]${digitsMax === undefined ? '*' : `{0,${digitsMax - 1}}`})`;

/** A whole number, optionally negative ("-0" is not one). */
export const integerText = /^(?:0|-?[1-9][0-9]*)$/;

/**
 * A decimal with at most `decimals` decimals and, when given, at most `digitsMax` whole digits, optionally
 * signed with a leading minus. The whole part and the fraction are the first and second groups.
 */
export function decimalText(decimals: number, options: { digitsMax?: number; signed?: boolean } = {}): RegExp {
  const sign = options.signed === true ? '-?' : '';
  return new RegExp(`^${sign}(${whole(options.digitsMax)})(?:\\.([0-9]{1,${decimals}}))?$`);
}

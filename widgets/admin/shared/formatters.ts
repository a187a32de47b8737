import { htmlLang, type Locale } from '../../../locales/index.ts';

/**
 * An exact decimal from the API ("1234.5000", "-0.5000") in the operator's digit grouping, built
 * from its text: the whole part is grouped as a BigInt, the decimals are kept as they came.
 */
export function formatDecimal(text: string, locale: Locale): string {
  const negative = text.startsWith('-');
  const [whole = '0', fraction] = text.replace('-', '').split('.');
  const format = new Intl.NumberFormat(htmlLang[locale]);
  const separator = format.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  return `${negative ? '−' : ''}${format.format(BigInt(whole))}${fraction === undefined ? '' : `${separator}${fraction}`}`;
}

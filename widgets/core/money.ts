import { htmlLang, type Locale } from '../../locales/index.ts';

/** Balances are shown with exactly 4 decimals (as in the original app). */
const pointDecimals = 4;

const formatters = new Map<Locale, Intl.NumberFormat>();

/** Formats a points amount from the API (a JSON number with at most 4 decimals) for display. */
export function formatPoints(amount: number, locale: Locale): string {
  return pointsFormatter(locale).format(amount);
}

/** Formats points given as decimal text ("1000.5000", as the books send them) exactly, however large. */
export function formatDecimalPoints(amount: `${number}`, locale: Locale): string {
  return pointsFormatter(locale).format(amount);
}

function pointsFormatter(locale: Locale): Intl.NumberFormat {
  let formatter = formatters.get(locale);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(htmlLang[locale], {
      minimumFractionDigits: pointDecimals,
      maximumFractionDigits: pointDecimals,
    });
    formatters.set(locale, formatter);
  }
  return formatter;
}

import { htmlLang, type Locale } from '../../locales/index.ts';

/**
 * Dates and times in the member's language. Chinese screens read the 24-hour clock: zh-Hant-TW
 * otherwise names the part of the day ("清晨6:17", "凌晨"), which Taiwanese banking apps do not.
 */
export function dateTimeFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(htmlLang[locale], locale === 'eng' ? options : { ...options, hourCycle: 'h23' });
}

/** Today as the browser's calendar reads it, YYYY-MM-DD: what a date field starts at. */
export function localToday(now = new Date()): string {
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

import { htmlLang, type Locale } from '../../locales/index.ts';

/**
 * Dates and times in the member's language. Chinese screens read the 24-hour clock: zh-Hant-TW
 * otherwise names the part of the day ("清晨6:17", "凌晨"), which Taiwanese banking apps do not.
 */
export function dateTimeFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(htmlLang[locale], locale === 'eng' ? options : { ...options, hourCycle: 'h23' });
}

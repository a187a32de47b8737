import type { NotificationKind } from '../../contract/notifications.ts';
import eng from '../../locales/eng.json' with { type: 'json' };
import { htmlLang, type Locale } from '../../locales/index.ts';
import zhs from '../../locales/zhs.json' with { type: 'json' };
import zht from '../../locales/zht.json' with { type: 'json' };
import { pointsToDecimal } from '../shared/money.ts';
import type { NotificationParams } from './notifications.repository.ts';

const catalogues: Record<Locale, Record<string, string>> = { zhs, zht, eng };
const mailLocales: Locale[] = ['zhs', 'zht', 'eng'];

/**
 * A notice as an e-mail: the bell's own words (`notice_<kind>`), in each of the three languages
 * (a member has not told us which they read), amounts as points with their four decimals and
 * times in the business time zone.
 */
export function noticeMail(kind: NotificationKind, params: NotificationParams, timeZone: string): { subject: string; text: string } {
  const subject = mailLocales.map((locale) => catalogues[locale].notices_title).join(' / ');
  const text = mailLocales.map((locale) => worded(locale, kind, params, timeZone)).join('\n\n');
  return { subject, text };
}

function worded(locale: Locale, kind: NotificationKind, params: NotificationParams, timeZone: string): string {
  const values: NotificationParams = { ...params };
  if (typeof values.amount === 'string') values.amount = pointsToDecimal(BigInt(values.amount));
  if (typeof values.at === 'string') values.at = new Date(values.at).toLocaleString(htmlLang[locale], { timeZone });
  const template = catalogues[locale][`notice_${kind}`] ?? kind;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => String(values[name] ?? whole));
}

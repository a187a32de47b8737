import eng from '../../locales/eng.json' with { type: 'json' };
import { htmlLang, locales, type Locale } from '../../locales/index.ts';
import zhs from '../../locales/zhs.json' with { type: 'json' };
import zht from '../../locales/zht.json' with { type: 'json' };
import { pointsToDecimal } from '../shared/money.ts';
import type { AlertChannel, AlertSettings, WorkItem, WorkKind } from './alerts.repository.ts';

/** The back office's tab where each kind of work is done (widgets/admin/AdminApp.tsx). */
const workTab: Record<WorkKind, string> = {
  payment_notice: 'notices',
  verification: 'verifications',
  withdrawal: 'withdrawals',
  refund: 'reviews',
  adjustment: 'reviews',
};

export const placeOf = (publicUrl: string | undefined, kind: WorkKind) =>
  publicUrl === undefined ? null : `${publicUrl}/admin#${workTab[kind]}`;

export const alertCatalogues: Record<Locale, Record<string, string>> = { zhs, zht, eng };

/** The addresses written to alike: those in all three languages on `email`, those in one on `email:<locale>`. */
export interface MailGroup {
  channel: AlertChannel;
  to: string;
  locales: readonly Locale[];
}

export function mailGroups(settings: AlertSettings): MailGroup[] {
  const addresses = settings.alert_emails === '' ? [] : settings.alert_emails.split(', ');
  const languageOf = (address: string) => settings.alert_email_locales[address];
  const groups: MailGroup[] = [
    { channel: 'email', to: addresses.filter((address) => languageOf(address) === undefined).join(', '), locales },
    ...locales.map((locale) => ({
      channel: `email:${locale}` as const,
      to: addresses.filter((address) => languageOf(address) === locale).join(', '),
      locales: [locale],
    })),
  ];
  return groups.filter((group) => group.to !== '');
}

/** The e-mail: one line per item in each of `languages`, times in the business time zone and named so. */
export function alertMail(
  items: readonly WorkItem[],
  publicUrl: string | undefined,
  timeZone: string,
  languages: readonly Locale[] = locales,
): { subject: string; text: string } {
  const subject = languages
    .map((locale) => alertCatalogues[locale].alert_mail_subject?.replace('{{count}}', String(items.length)))
    .join(' / ');
  const text = languages
    .map((locale) => {
      const words = alertCatalogues[locale];
      const lines = items.map((item) => {
        const at = item.waiting_since.toLocaleString(htmlLang[locale], { timeZone, dateStyle: 'short', timeStyle: 'short' });
        const amount = item.amount === null ? '' : ` · ${pointsToDecimal(BigInt(item.amount))}`;
        const place = placeOf(publicUrl, item.kind);
        return `- ${words[`alert_kind_${item.kind}`] ?? item.kind}: ${item.label}${amount} · ${at} (${timeZone})${place === null ? '' : `\n  ${place}`}`;
      });
      return lines.join('\n');
    })
    .join('\n\n');
  return { subject, text };
}

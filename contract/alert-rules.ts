import { locales, type Locale } from '../locales/index.ts';
import { emailRule } from './contact-rules.ts';

/*
 * Who is told of new work (decision 064), checked alike by the back office's form and the server: a module of its
 * own, so only the alerts screen carries it.
 */

export const alertAddressesMax = 5;
const emailPattern = new RegExp(emailRule.pattern);

/**
 * The e-mail addresses as the setting keeps them (trimmed, each once, comma-separated; '' for none), or null when one
 * is not an address (the members' own e-mail rule) or there are more than five.
 */
export function alertEmails(text: string): string | null {
  const addresses = [...new Set(text.split(/[,;\s]+/).filter((address) => address !== ''))];
  if (addresses.length > alertAddressesMax) return null;
  if (addresses.some((address) => address.length > emailRule.max || !emailPattern.test(address))) return null;
  return addresses.join(', ');
}

/**
 * The webhook address as kept ('' for none), or null when it is not https (http only to this machine's loopback, for a
 * receiver beside the server), carries a user name, or is over 500 characters.
 */
export function alertWebhookUrl(text: string): string | null {
  const url = text.trim();
  if (url === '') return '';
  if (url.length > 500 || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  if (parsed.username !== '' || !(parsed.protocol === 'https:' || (parsed.protocol === 'http:' && loopback))) return null;
  return parsed.href;
}

/** The language an alert address is written to in: one of the product's, or all three (the default). */
export const alertLanguages = ['all', ...locales] as const;
export type AlertLanguage = (typeof alertLanguages)[number];

/**
 * The languages as the setting keeps them: address → locale for the addresses of `emails` (as `alertEmails` keeps
 * them) written to in one language; an address given `all`, or not given, is left out. Null when a value is not a
 * language.
 */
export function alertEmailLocales(emails: string, languages: Readonly<Record<string, string>>): Record<string, Locale> | null {
  if (Object.values(languages).some((language) => !(alertLanguages as readonly string[]).includes(language))) return null;
  const kept = emails === '' ? [] : emails.split(', ');
  return Object.fromEntries(
    kept.flatMap((address) => {
      const language = languages[address];
      return language === undefined || language === 'all' ? [] : [[address, language as Locale]];
    }),
  );
}

import type { Locale } from '../../locales/index.ts';

/**
 * The locale an HTML `lang` names: our own codes, or a language tag as a partner page writes it
 * (zh-TW, zh-Hant → zht; zh, zh-CN → zhs; en-* → eng). Undefined for anything else.
 */
export function localeOfLang(lang: string | null | undefined): Locale | undefined {
  const tag = (lang ?? '').trim().toLowerCase();
  // Checked here rather than with isLocale: the loader imports nothing the widgets' chunks share.
  if (tag === 'zhs' || tag === 'zht' || tag === 'eng') return tag;
  if (/^zh-(tw|hk|mo|hant)\b/.test(tag)) return 'zht';
  if (/^zh\b/.test(tag)) return 'zhs';
  if (/^en\b/.test(tag)) return 'eng';
  return undefined;
}

/** A widget's language: its own `lang` attribute, else the partner page's `<html lang>`. */
export function widgetLocale(element: Element): Locale | undefined {
  return localeOfLang(element.getAttribute('lang')) ?? localeOfLang(document.documentElement.lang);
}

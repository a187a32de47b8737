import { htmlLang, type Locale } from '../../../locales/index.ts';

/** A zone's offset and generic name as the browser words them in `locale`, or undefined where it cannot. */
function zonePart(zone: string, locale: Locale, style: 'longOffset' | 'longGeneric', at: Date): string | undefined {
  try {
    return new Intl.DateTimeFormat(htmlLang[locale], { timeZone: zone, timeZoneName: style })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
}

/**
 * A business time zone as an operator reads it: its offset today, its name in the operator's language, and the
 * zone's id, which tells apart zones sharing a name ("(UTC+08:00) 台北时间 · Asia/Taipei"). A zone the browser
 * does not know shows its id alone; one it names only in English, on a Chinese screen, its offset and id.
 */
export function zoneLabel(zone: string, locale: Locale, at = new Date()): string {
  const offset = zonePart(zone, locale, 'longOffset', at);
  const name = zonePart(zone, locale, 'longGeneric', at);
  if (offset === undefined || name === undefined) return zone;
  const utc = offset === 'GMT' ? 'UTC' : offset.replace(/^GMT/, 'UTC');
  // Where the browser has no Chinese name for a zone it spells its city in English ("Punta Arenas時間"): the id says as much.
  const untranslated = locale !== 'eng' && /[A-Za-z]/.test(name);
  return name === zone || name === offset || untranslated ? `(${utc}) ${zone}` : `(${utc}) ${name} · ${zone}`;
}

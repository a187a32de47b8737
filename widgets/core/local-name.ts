import type { Locale } from '../../locales/index.ts';

/** A name in each language, as the API gives products and engine rooms; any may be missing. */
export type LocalisedNames = Partial<Record<Locale, string>>;

/** A catalogue name in the member's language: its own where there is one, else the API's `name`. */
export function localName(item: { name: string; names?: LocalisedNames | undefined }, locale: Locale): string {
  return item.names?.[locale] || item.name;
}

/** An engine room's location in the member's language, else the API's `location`. */
export function localLocation(item: { location: string; locations?: LocalisedNames | undefined }, locale: Locale): string {
  return item.locations?.[locale] || item.location;
}

/** A country or certificate type (GET v1/country, v1/certificate) in the reader's language, else its English `type`. */
export function choiceName(choice: { type: string; names?: LocalisedNames | undefined }, locale: Locale): string {
  return choice.names?.[locale] || choice.type;
}

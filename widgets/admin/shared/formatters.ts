import type { LocalisedNames } from '../core/local-name.ts';
import { htmlLang, type Locale } from '../../locales/index.ts';
import { apiRequest } from '../core/api.ts';

/** An engine room as the public list gives it. */
export interface Room {
  id: number;
  name: string;
  /** The name in each language (shown with localName), as members see it. */
  names?: LocalisedNames;
}

/** The rooms, for the filters and forms of the Revenue tab. */
export const loadRooms = () => apiRequest<Room[]>('GET', '/v1/engineRoom', undefined, { anonymous: true });

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

/** Signed points with at most 4 decimals, as the corrections API reads them. */
export const signedPointsPattern = /^[-+]?\d{1,15}(\.\d{1,4})?$/;
/** Signed kilowatt-hours, 3 decimals at most. */
export const signedKwhPattern = /^[-+]?\d{1,12}(\.\d{1,3})?$/;
export const datePattern = /^\d{4}-\d{2}-\d{2}$/;

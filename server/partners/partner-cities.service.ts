import { recordAudit } from '../audit/audit.repository.ts';
import { encryptCardNumber } from '../cards/card-cipher.ts';
import type { Db } from '../db/database.ts';
import type { PartnerKind } from '../db/schema.ts';
import { notFound, validationError } from '../shared/errors.ts';
import {
  insertPartnerCity,
  lockPartnerCity,
  updatePartnerCity,
  type PartnerCityNames,
  type PartnerCityRow,
} from './partner-cities.repository.ts';

export const cityNotFoundMessage = 'Partner city not found';
export const nameNeededMessage = 'Enter the name in this language.';
export const baseUrlMessage = 'Enter the platform’s address, starting with https://';
export const apiKeyMessage = 'Enter the key id the platform gave.';
export const secretMessage = 'Enter the secret the platform gave.';
export const reasonMessage = 'The reason field is required.';

const locales = ['zhs', 'zht', 'eng'] as const;

/** The request's fields; every one optional on a change. */
export interface CityInput {
  name_zhs?: string;
  name_zht?: string;
  name_eng?: string;
  kind?: PartnerKind;
  base_url?: string;
  api_key?: string;
  /** Replaces the stored secret when given and not blank; never read back. */
  secret?: string;
}

export interface CityChange extends CityInput {
  enabled?: boolean;
  reason?: string;
}

/** What the screen and the audit log may see of a city: whether a secret is set, never the secret. */
export function cityView(row: PartnerCityRow) {
  return {
    id: row.id,
    name: row.name,
    names: row.names,
    kind: row.kind,
    enabled: row.disabled_at === null,
    disabled_reason: row.disabled_reason,
    base_url: row.base_url,
    api_key: row.api_key,
    secret_set: row.secret_cipher !== null,
  };
}

function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/**
 * Checks the merged settings and answers the columns to write, every fault named by its field;
 * nothing is written while any field is wrong. The English name is also the API's `name`.
 */
function checked(before: PartnerCityRow | undefined, input: CityInput, key: Buffer) {
  const errors: Record<string, string[]> = {};
  const names: PartnerCityNames = { ...before?.names };
  for (const locale of locales) {
    const typed = input[`name_${locale}`];
    if (typed !== undefined) names[locale] = typed.trim();
    if ((names[locale] ?? '') === '') errors[`name_${locale}`] = [nameNeededMessage];
  }
  const kind = input.kind ?? before?.kind ?? 'internal';
  const baseUrl = input.base_url === undefined ? (before?.base_url ?? null) : input.base_url.trim() || null;
  const apiKey = input.api_key === undefined ? (before?.api_key ?? null) : input.api_key.trim() || null;
  const secret = input.secret?.trim() ?? '';
  const secretSet = secret !== '' || (before?.secret_cipher ?? null) !== null;
  if (kind === 'external') {
    if (baseUrl === null || !isHttpsUrl(baseUrl)) errors.base_url = [baseUrlMessage];
    if (apiKey === null) errors.api_key = [apiKeyMessage];
    if (!secretSet) errors.secret = [secretMessage];
  } else if (baseUrl !== null && !isHttpsUrl(baseUrl)) errors.base_url = [baseUrlMessage];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return {
    name: names.eng ?? '',
    names,
    kind,
    base_url: baseUrl,
    api_key: apiKey,
    ...(secret === '' ? {} : { secret_cipher: encryptCardNumber(key, secret) }),
  };
}

export async function addPartnerCity(db: Db, key: Buffer, operatorId: number, input: CityInput) {
  const values = checked(undefined, input, key);
  return db.transaction().execute(async (trx) => {
    const city = await insertPartnerCity(trx, values);
    await recordAudit(trx, {
      operatorId,
      action: 'partner_city.add',
      subjectType: 'partner_city',
      subjectId: city.id,
      after: cityView(city),
    });
    return city;
  });
}

/**
 * Renames, changes the adapter settings, or disables (a reason is required) or enables a city; one
 * audited change. Disabling stops new transfers in; balances stay and can still be moved out.
 */
export async function changePartnerCity(db: Db, key: Buffer, operatorId: number, id: number, change: CityChange) {
  return db.transaction().execute(async (trx) => {
    const before = await lockPartnerCity(trx, id);
    if (before === undefined) throw notFound('partner_city_not_found', cityNotFoundMessage);
    const values = checked(before, change, key);
    const reason = (change.reason ?? '').trim();
    const disabling = change.enabled === false && before.disabled_at === null;
    if (disabling && reason === '') throw validationError({ reason: [reasonMessage] });
    const enabling = change.enabled === true && before.disabled_at !== null;
    const after = await updatePartnerCity(trx, id, {
      ...values,
      names: JSON.stringify(values.names),
      ...(disabling ? { disabled_at: new Date(), disabled_reason: reason } : {}),
      ...(enabling ? { disabled_at: null, disabled_reason: null } : {}),
      updated_at: new Date(),
    });
    await recordAudit(trx, {
      operatorId,
      action: disabling ? 'partner_city.disable' : enabling ? 'partner_city.enable' : 'partner_city.edit',
      subjectType: 'partner_city',
      subjectId: id,
      before: cityView(before),
      after: { ...cityView(after), ...(disabling ? { reason } : {}), ...(change.secret?.trim() ? { secret_replaced: true } : {}) },
    });
    return after;
  });
}

export { countPartnerCities, listPartnerCityRows } from './partner-cities.repository.ts';
export type { PartnerCityRow } from './partner-cities.repository.ts';

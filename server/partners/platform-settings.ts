import { decryptCardNumber } from '../cards/card-cipher.ts';
import type { Db } from '../db/database.ts';
import type { PlatformSettings } from './http-partner-platform.ts';
import { findPlatformSettings } from './partner-cities.repository.ts';

/** An external city's platform settings with its secret unsealed, or undefined while any is missing. */
export async function platformSettings(db: Db, key: Buffer, partnerCityId: number): Promise<PlatformSettings | undefined> {
  const row = await findPlatformSettings(db, partnerCityId);
  if (row?.base_url == null || row.api_key == null || row.secret_cipher == null) return undefined;
  return { baseUrl: row.base_url, keyId: row.api_key, secret: decryptCardNumber(key, row.secret_cipher) };
}

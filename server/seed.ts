import { seedCatalog } from './catalog/catalog.seed.ts';
import type { Db } from './db/database.ts';
import { seedSettings } from './income/settings.repository.ts';
import { seedPartnerCities } from './partners/partner-cities.repository.ts';

/**
 * Everything an empty database needs: the catalogue, the income settings and the partner cities.
 * Safe to run any number of times; rows already there, an operator's edits included, stay as they are.
 */
export async function seedDatabase(db: Db): Promise<void> {
  await seedCatalog(db);
  await seedSettings(db);
  await seedPartnerCities(db);
}

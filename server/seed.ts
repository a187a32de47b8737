import { seedCatalog } from './catalog/catalog.seed.ts';
import type { Db } from './db/database.ts';
import { seedSettings } from './income/settings.repository.ts';
import { seedPartnerCities } from './partners/partner-cities.repository.ts';
import { seedSiteContent } from './site/site-content.seed.ts';

/**
 * Everything an empty database needs: the catalogue, the income settings, the partner cities and the
 * brand site's content (from the repository's YAML).
 * Safe to run any number of times; rows already there, an operator's edits included, stay as they are.
 */
export async function seedDatabase(db: Db): Promise<void> {
  await seedCatalog(db);
  await seedSettings(db);
  await seedPartnerCities(db);
  await seedSiteContent(db);
}

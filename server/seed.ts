import { seedCatalog } from './catalogue/catalogue.seed.ts';
import type { Db } from './db/database.ts';
import { markSeed, seedMark } from './db/seed-marks.repository.ts';
import { seedSettings } from './revenue/income-settings.repository.ts';
import { seedPartnerCities } from './partners/partner-cities.repository.ts';
import { filesDigest } from './shared/files-digest.ts';
import { seedSiteContent } from './site/site-content.seed.ts';

/** The modules that hold the reference data below: a change to any of them applies the seed again. */
const referenceSeedSources = [
  'catalogue/catalogue.seed.ts',
  'catalogue/buying.seed.ts',
  'catalogue/solar-product.ts',
  'db/seeded-names.ts',
  'revenue/income-settings.repository.ts',
  'partners/partner-cities.repository.ts',
];
const referenceSeedMark = 'reference_data';

/**
 * Everything an empty database needs: the catalogue, the income settings, the partner cities and the
 * brand site's content (from the repository's YAML).
 * Safe to run any number of times; rows already there, an operator's edits included, stay as they are.
 * A start whose seeds are those applied last (migration 0023) only checks that they are.
 */
export async function seedDatabase(db: Db): Promise<void> {
  const digest = await filesDigest(import.meta.dirname, referenceSeedSources);
  if ((await seedMark(db, referenceSeedMark)) !== digest) {
    await seedCatalog(db);
    await seedSettings(db);
    await seedPartnerCities(db);
    await markSeed(db, referenceSeedMark, digest);
  }
  await seedSiteContent(db);
}

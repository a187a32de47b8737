import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { catalogSnapshot } from './site-catalog.ts';
import { seedCatalogEntries } from './site-content.seed.ts';

describe.each(databaseKinds())('the catalogue brand pages show, on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("is, on a new install, the repository's catalogue file, with the product's name in each language", async () => {
    const snapshot = await catalogSnapshot(testApp.database.db);
    expect(snapshot).toEqual(await seedCatalogEntries());
    // A Chinese product page names the product in Chinese, not by its stored English name.
    expect(snapshot[0]?.names).toMatchObject({ zhs: '石墨烯太阳能发电', zht: '石墨烯太陽能發電' });
  });
});

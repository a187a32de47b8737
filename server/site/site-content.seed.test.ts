import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { markSeed } from '../db/seed-marks.repository.ts';
import { listDrafts, saveDraft } from './site-content.repository.ts';
import { seedSiteContent } from './site-content.seed.ts';

describe('seeding the brand content', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('pglite');
  });
  afterAll(async () => {
    await testApp.close();
  });

  const shopping = async () =>
    (await listDrafts(testApp.database.db)).find((row) => row.section === 'shopping' && row.locale === 'eng')?.draft as Record<
      string,
      unknown
    >;

  it("keeps operators' edits, and adds a field the schema gained from a newer seed", async () => {
    const { catalogPrice, ...older } = await shopping();
    expect(typeof catalogPrice).toBe('string');
    await saveDraft(testApp.database.db, { section: 'shopping', locale: 'eng' }, { ...older, heading: 'Edited by an operator' }, null);
    // Seeded from the same files as last time: nothing is read or written.
    expect(await seedSiteContent(testApp.database.db)).toBe(0);
    expect(await shopping()).not.toHaveProperty('catalogPrice');
    // A database last seeded from older files gains what the newer seed added.
    await markSeed(testApp.database.db, 'site_content', 'an older seed');
    expect(await seedSiteContent(testApp.database.db)).toBe(0);
    expect(await shopping()).toMatchObject({ heading: 'Edited by an operator', catalogPrice });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { listPartnerCities, seedPartnerCities } from './partner-cities.repository.ts';

describe.each(databaseKinds())('partner cities on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('an empty database gets the original app’s store (1) and cinema (2), both kept in our own ledger', async () => {
    expect(await listPartnerCities(testApp.database.db)).toEqual([
      { id: 1, name: 'store', kind: 'internal', names: { zhs: '商城', zht: '商城', eng: 'Store' }, disabled: false },
      { id: 2, name: 'cinema', kind: 'internal', names: { zhs: '影城', zht: '影城', eng: 'Cinema' }, disabled: false },
    ]);
  });

  it('seeding again changes nothing, and keeps an operator’s rename', async () => {
    const { db } = testApp.database;
    await db.updateTable('partner_cities').set({ name: 'Graphene store' }).where('id', '=', 1).execute();
    await seedPartnerCities(db);
    await seedPartnerCities(db);
    const cities = await listPartnerCities(db);
    expect(cities).toHaveLength(2);
    expect(cities[0]?.name).toBe('Graphene store');
  });

  it('a city added later gets a fresh id rather than colliding with the seeded ones', async () => {
    const { db } = testApp.database;
    const added = await db
      .insertInto('partner_cities')
      .values({ name: 'arcade', kind: 'external' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(added.id).toBe(3);
  });

  it('refuses a kind other than internal or external', async () => {
    await expect(
      testApp.database.db
        .insertInto('partner_cities')
        .values({ name: 'bogus', kind: 'remote' as 'external' })
        .execute(),
    ).rejects.toThrow(/check/);
  });
});

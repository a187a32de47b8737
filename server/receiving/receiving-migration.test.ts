import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openUnmigratedDatabase } from '../../tests/helpers/test-app.ts';
import { migrateToLatest, migrator, type DatabaseHandle } from '../db/database.ts';
import { accountsForViewer } from './receiving.repository.ts';

/**
 * A database that ran before receiving accounts were managed: the seed's three placeholders, plus
 * an account someone wrote in by hand. Migration 0014 must mark only the placeholders demo, and
 * keep the original app's rule that no payment view shows the Taiwan account.
 */
describe.each(databaseKinds())('migration 0014 on an existing %s database', (kind) => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, close } = await openUnmigratedDatabase(kind));
    const { error } = await migrator(database.db).migrateTo('0012_partner_sites');
    expect(error).toBeUndefined();
    await sql`insert into remittance_accounts (id, bank_name, branch, account_holder, account_number, type) values
      (1, 'Bank of China', 'Shenzhen Futian (demo)', 'Graphene Solar Ltd', '6217000000000001', 'China'),
      (2, 'Vietcombank', 'Ho Chi Minh City (demo)', 'Graphene Solar Ltd', '0071000000002', 'Vietnam'),
      (3, 'Bank of Taiwan', 'Taipei Main (demo)', 'Graphene Solar Ltd', '004000000000003', 'Taiwan'),
      (4, 'Agricultural Bank of China', 'Xiamen', 'Graphene Solar Ltd', '6228480000001234', 'China')`.execute(database.db);
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await close();
  });

  it('marks the seeded placeholders demo, keeps a hand-written account real, and hides the Taiwan one on every site', async () => {
    const rows = await database.db
      .selectFrom('remittance_accounts')
      .select(['id', 'demo', 'enabled', 'locales', 'country_ids', 'position'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 1, demo: true, enabled: true, locales: ['zhs', 'zht', 'eng'], country_ids: [], position: 1 },
      { id: 2, demo: true, enabled: true, locales: ['zhs', 'zht', 'eng'], country_ids: [], position: 2 },
      { id: 3, demo: true, enabled: true, locales: [], country_ids: [], position: 3 },
      { id: 4, demo: false, enabled: true, locales: ['zhs', 'zht', 'eng'], country_ids: [], position: 4 },
    ]);
    const shown = async (demoMode: boolean, locale: string) =>
      (await accountsForViewer(database.db, { demoMode, locale, countryId: 1 })).map((account) => account.id);
    expect(await shown(false, 'zht')).toEqual([4]);
    expect(await shown(true, 'zht')).toEqual([1, 2, 4]);
    expect(await shown(true, 'eng')).toEqual([1, 2, 4]);
  });
});

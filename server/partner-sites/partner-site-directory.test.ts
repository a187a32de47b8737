import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, send, uniqueName } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { addSite, changeSite, frame, preflight, seededOrigin as seeded } from '../../tests/helpers/partner-sites.ts';
import { createScratchDatabase, databaseKinds, type DatabaseKind } from '../../tests/helpers/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/database.ts';
import type { ChannelHandlers } from '../db/listen-notify.ts';
import { seedDatabase } from '../seed.ts';
import { PartnerSiteDirectory } from './partner-site-directory.ts';
import { announcePartnerSitesChanged, insertPartnerSite, partnerSitesChangedChannel } from './partner-sites.repository.ts';

/** The allowed origins every process keeps in memory: a change made on one reaches the others without a restart. */

/** Two app instances on one database: PGlite's one handle shared, or two connections to one PostgreSQL database. */
async function twoInstances(kind: DatabaseKind) {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-test-data', CARD_NUMBER_KEY: '0f'.repeat(32) });
  const scratch = kind === 'postgres' ? await createScratchDatabase() : undefined;
  const first = await openDatabase(scratch === undefined ? { memory: true } : { databaseUrl: scratch.url });
  const second = scratch === undefined ? first : await openDatabase({ databaseUrl: scratch.url });
  await migrateToLatest(first.db);
  await seedDatabase(first.db);
  const apps = [await buildApp(config, first), await buildApp(config, second)] as const;
  await Promise.all(apps.map((instance) => instance.ready()));
  return {
    apps,
    first,
    close: async () => {
      await Promise.all(apps.map((instance) => instance.close()));
      await first.close();
      if (second !== first) await second.close();
      await scratch?.drop();
    },
  };
}

describe.each(databaseKinds())('two app instances on one %s database', (kind) => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    instances = await twoInstances(kind);
  }, 180_000);
  afterAll(async () => {
    await instances?.close();
  });

  it('a site added or disabled on one is allowed or refused by the other without a restart', async () => {
    const [one, other] = instances.apps;
    const operator = await operatorToken(one, instances.first.db);
    const origin = `https://${uniqueName('both')}.example`;
    expect((await preflight(other, origin)).headers['access-control-allow-origin']).toBeUndefined();

    const site = await addSite(one, operator, { origin, name: 'Both' });
    await expect.poll(async () => (await preflight(other, origin)).headers['access-control-allow-origin'], { timeout: 5_000 }).toBe(origin);
    await expect.poll(async () => (await frame(other, `?origin=${encodeURIComponent(origin)}`)).statusCode, { timeout: 5_000 }).toBe(200);

    await changeSite(one, operator, site.id, { enabled: false, reason: 'ended' });
    await expect
      .poll(async () => (await preflight(other, origin)).headers['access-control-allow-origin'], { timeout: 5_000 })
      .toBeUndefined();
    expect((await frame(other, `?origin=${encodeURIComponent(origin)}`)).statusCode).toBe(403);
  });

  it('disabling a site ends its open pages on the other process within 10 s; enabling it again needs a new login', async () => {
    const [one, other] = instances.apps;
    const operator = await operatorToken(one, instances.first.db);
    const origin = `https://${uniqueName('shut')}.example`;
    const site = await addSite(one, operator, { origin, name: 'Shut' });
    await expect.poll(async () => (await frame(other, `?origin=${encodeURIComponent(origin)}`)).statusCode, { timeout: 5_000 }).toBe(200);
    const through = { 'x-partner-origin': origin };
    const logIn = async (member: { username: string }, headers: Record<string, string> = {}) => {
      const response = await send(one, 'POST', 'v1/login', { body: { username: member.username, password: 'secret_123' }, headers });
      expect(response.statusCode, response.body).toBe(200);
      return String(response.json().detail.token);
    };
    const onPage = await registerMember(one);
    const onPageToken = await logIn(onPage, through);
    const elsewhere = await registerMember(one);
    const check = (token: string, headers: Record<string, string> = {}) => send(other, 'GET', 'v1/check', { token, headers });
    expect((await check(onPageToken, through)).statusCode).toBe(200);

    const disabledAt = Date.now();
    await changeSite(one, operator, site.id, { enabled: false, reason: 'ended' });
    await expect
      .poll(async () => (await check(onPageToken, through)).json().error_code, { timeout: 10_000, interval: 200 })
      .toBe('partner_site_not_allowed');
    expect(Date.now() - disabledAt).toBeLessThan(10_000);
    expect((await check(onPageToken, through)).statusCode).toBe(403);
    // Without the header the session is no use either: it was ended, not paused.
    expect((await check(onPageToken)).statusCode).toBe(401);
    // A session opened elsewhere is not the site's.
    expect((await check(elsewhere.token)).statusCode).toBe(200);

    await changeSite(one, operator, site.id, { enabled: true });
    await expect.poll(async () => (await check(onPageToken, through)).statusCode, { timeout: 10_000, interval: 200 }).toBe(401);
    expect((await check(await logIn(onPage, through), through)).statusCode).toBe(200);
  });

  it.skipIf(kind !== 'postgres')('a change made while the listeners were cut off is picked up when they reconnect', async () => {
    const [one, other] = instances.apps;
    const operator = await operatorToken(one, instances.first.db);
    const origin = `https://${uniqueName('cut')}.example`;
    // Every process's LISTEN connection drops (a failover, a restart of the database's connections).
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = ${`listen ${partnerSitesChangedChannel}`}`.execute(instances.first.db);
    await addSite(one, operator, { origin, name: 'Cut off' });
    await expect
      .poll(async () => (await preflight(other, origin)).headers['access-control-allow-origin'], { timeout: 10_000 })
      .toBe(origin);
  });
});

describe('the directory', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    await migrateToLatest(database.db);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it('reloads when its listener reconnects, so a change announced while it was down is not missed', async () => {
    let handlers: ChannelHandlers | undefined;
    // Notifications never reach this directory: only a reconnect can tell it of a change.
    const deaf: DatabaseHandle = {
      ...database,
      listen: (channel, given) => {
        handlers = given;
        return database.listen(channel, { ...given, onMessage: () => undefined });
      },
    };
    const directory = new PartnerSiteDirectory();
    await directory.start(deaf);
    const site = await insertPartnerSite(database.db, { origin: 'https://missed.example', name: 'Missed', referral_code: null });
    await announcePartnerSitesChanged(database.db, site.id);
    expect(directory.find('https://missed.example')).toBeUndefined();

    handlers?.onLost();
    handlers?.onListening();
    await expect.poll(() => directory.find('https://missed.example')?.id).toBe(site.id);
    await directory.stop();
  });

  it('answers a fresh list when asked, even when no notification arrives', async () => {
    const deaf: DatabaseHandle = {
      ...database,
      listen: (channel, given) => database.listen(channel, { ...given, onMessage: () => undefined }),
    };
    const directory = new PartnerSiteDirectory();
    await directory.start(deaf);
    const site = await insertPartnerSite(database.db, { origin: 'https://quiet.example', name: 'Quiet', referral_code: null });
    await directory.refresh();
    expect(directory.isDisabled(site.origin)).toBe(false);
    await database.db.updateTable('partner_sites').set({ enabled: false }).where('id', '=', site.id).execute();
    await directory.fresh(60_000);
    expect(directory.isDisabled(site.origin)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await directory.fresh(10);
    expect(directory.isDisabled(site.origin)).toBe(true);
    expect(directory.isDisabled('https://unknown.example')).toBe(false);
    await directory.stop();
  });

  it('is empty, not failing, while the database cannot be reached', async () => {
    const unreachable = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
    const directory = new PartnerSiteDirectory();
    await directory.start(unreachable);
    expect(directory.find(seeded)).toBeUndefined();
    await directory.stop();
    await unreachable.close();
  });
});

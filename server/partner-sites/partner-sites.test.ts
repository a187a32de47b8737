import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess, houseCode, registerMember, send, uniqueName } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { orderBody } from '../../tests/helpers/orders.ts';
import { createScratchDatabase, createTestApp, databaseKinds, type DatabaseKind, type TestApp } from '../../tests/helpers/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/database.ts';
import type { ChannelHandlers } from '../db/notifications.ts';
import { seedDatabase } from '../seed.ts';
import { normaliseOrigin } from './origin.ts';
import { PartnerSiteDirectory } from './partner-site-directory.ts';
import { announcePartnerSitesChanged, insertPartnerSite, partnerSitesChangedChannel } from './partner-sites.repository.ts';
import { seedPartnerSites } from './partner-sites.service.ts';

const seeded = 'https://seeded.example';
const ownHost = 'shop.example';

interface Site {
  id: number;
  origin: string;
  name: string;
  referral_code: string | null;
  enabled: boolean;
  members: number;
  orders: number;
}

/** A tiny widget build: the loader a partner page fetches with `<script type="module">`. */
function builtWidgets(): string {
  const widgetsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-widgets-'));
  fs.mkdirSync(path.join(widgetsDir, 'v1'));
  fs.writeFileSync(path.join(widgetsDir, 'v1', 'loader.js'), 'export {};');
  return widgetsDir;
}

function preflight(app: FastifyInstance, origin: string, method = 'PUT', url = '/api/v1/user/updateInfo/1') {
  return app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' },
  });
}

function frame(app: FastifyInstance, query: string) {
  return app.inject({ method: 'GET', url: `/widgets/v1/frame${query}`, headers: { host: ownHost } } satisfies InjectOptions);
}

function directive(policy: unknown, name: string): string[] | undefined {
  const found = String(policy ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/));
  return found.find(([directiveName]) => directiveName === name)?.slice(1);
}

async function addSite(app: FastifyInstance, operator: string, body: Record<string, unknown>): Promise<Site> {
  return expectSuccess(await send(app, 'POST', 'admin/v1/partner-sites', { token: operator, body, json: true }), 201) as Site;
}

async function changeSite(app: FastifyInstance, operator: string, id: number, body: Record<string, unknown>): Promise<Site> {
  return expectSuccess(await send(app, 'PUT', `admin/v1/partner-sites/${id}`, { token: operator, body, json: true })) as Site;
}

function registerThrough(app: FastifyInstance, partnerOrigin: string | undefined, parentCode: string) {
  const password = 'secret_123';
  return send(app, 'POST', 'v1/register', {
    body: { username: uniqueName(), password, password_confirmation: password, parent_code: parentCode },
    ...(partnerOrigin === undefined ? {} : { headers: { 'x-partner-origin': partnerOrigin } }),
  });
}

async function attributionOf(testApp: TestApp, table: 'users' | 'orders', id: number) {
  const row = await testApp.database.db
    .selectFrom(table)
    .select('partner_site_id')
    .where('id', '=', table === 'users' ? id : String(id))
    .executeTakeFirstOrThrow();
  return row.partner_site_id;
}

describe('origins', () => {
  it.each([
    ['https://partner.example', 'https://partner.example'],
    ['HTTPS://Partner.Example/', 'https://partner.example'],
    ['http://localhost:4321', 'http://localhost:4321'],
    ['https://partner.example:443', 'https://partner.example'],
    [' http://127.0.0.1:8080 ', 'http://127.0.0.1:8080'],
  ])('%s is the origin %s', (typed, origin) => {
    expect(normaliseOrigin(typed)).toBe(origin);
  });

  it.each([
    '',
    'partner.example',
    'https://partner.example/shop',
    'https://partner.example?x=1',
    'https://partner.example#top',
    'https://user:pass@partner.example',
    'ftp://partner.example',
    'javascript:alert(1)',
    'https://',
    `https://${'a'.repeat(300)}.example`,
  ])('%j is refused', (typed) => {
    expect(normaliseOrigin(typed)).toBeUndefined();
  });
});

describe.each(databaseKinds())('partner sites on %s', (kind) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let operator: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { CORS_ORIGINS: seeded, WIDGETS_DIR: builtWidgets() });
    app = testApp.app;
    operator = await operatorToken(app, testApp.database.db);
  }, 180_000);
  afterAll(async () => {
    await testApp.close();
  });

  it('a preflight from an enabled partner allows PUT and DELETE with the headers the widgets send', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const response = await preflight(app, seeded, method);
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe(seeded);
      const methods = String(response.headers['access-control-allow-methods']).split(/,\s*/);
      expect(methods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'POST', 'PUT', 'DELETE']));
      const headers = String(response.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
      expect(headers).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key', 'x-partner-origin']));
      expect(String(response.headers.vary)).toMatch(/origin/i);
    }
    const answer = await app.inject({ method: 'GET', url: '/api/v1/product', headers: { origin: seeded } });
    expect(answer.headers['access-control-allow-origin']).toBe(seeded);
  });

  it('an unknown origin gets no CORS headers; one added by an operator works at once, and is refused again once disabled', async () => {
    const origin = `https://${uniqueName('shop')}.example`;
    const before = await preflight(app, origin);
    expect(before.headers['access-control-allow-origin']).toBeUndefined();
    expect(before.headers['access-control-allow-methods']).toBeUndefined();

    const site = await addSite(app, operator, { origin, name: 'Sun shop' });
    const allowed = await preflight(app, origin, 'DELETE');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(origin);

    await changeSite(app, operator, site.id, { enabled: false, reason: 'contract ended' });
    for (const response of [
      await preflight(app, origin),
      await app.inject({ method: 'GET', url: '/api/v1/product', headers: { origin } }),
    ]) {
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-methods']).toBeUndefined();
    }
  });

  it('our own origin is always allowed', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/logout',
      headers: { host: ownHost, origin: `http://${ownHost}`, 'access-control-request-method': 'POST' },
    });
    expect(response.headers['access-control-allow-origin']).toBe(`http://${ownHost}`);
  });

  it('widget bundles are public code: any origin may load them as module scripts', async () => {
    for (const origin of ['https://anyone.example', seeded]) {
      const response = await app.inject({ method: 'GET', url: '/widgets/v1/loader.js', headers: { origin } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('CORS_ORIGINS only seeds: a seeded origin an operator disabled stays disabled when the seed runs again', async () => {
    const extra = `https://${uniqueName('seed')}.example`;
    expect(await seedPartnerSites(testApp.database.db, [extra])).toEqual([extra]);
    await app.partnerSites.refresh();
    const list = expectSuccess(await send(app, 'GET', 'admin/v1/partner-sites', { token: operator })) as { data: Site[] };
    const site = list.data.find((row) => row.origin === extra);
    expect(site).toMatchObject({ enabled: true, name: extra, referral_code: null });
    await changeSite(app, operator, site?.id ?? 0, { enabled: false, reason: 'not ours' });

    expect(await seedPartnerSites(testApp.database.db, [extra, seeded])).toEqual([]);
    await app.partnerSites.refresh();
    expect((await preflight(app, extra)).headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight(app, seeded)).headers['access-control-allow-origin']).toBe(seeded);
  });

  describe('the session frame', () => {
    it('answers an enabled partner with a page only that origin may frame', async () => {
      const response = await frame(app, `?origin=${encodeURIComponent(seeded)}&screen=login&lang=eng`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const policy = response.headers['content-security-policy'];
      expect(directive(policy, 'frame-ancestors')).toEqual([seeded]);
      expect(directive(policy, 'default-src')).toEqual(["'none'"]);
      expect(directive(policy, 'script-src')).toEqual(["'self'"]);
      expect(directive(policy, 'style-src')).toEqual(["'self'"]);
      expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
      expect(directive(policy, 'base-uri')).toEqual(["'none'"]);
      expect(directive(policy, 'form-action')).toEqual(["'none'"]);
      expect(String(policy)).not.toContain('unsafe-inline');
      expect(String(policy)).not.toContain('unsafe-eval');
      expect(response.headers['x-frame-options']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.body).toBe(
        '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
          '<meta name="viewport" content="width=device-width, initial-scale=1">' +
          `<meta name="gs-partner-origin" content="${seeded}"><meta name="gs-screen" content="login"><meta name="gs-locale" content="eng">` +
          '<title>Member sign-in</title><script type="module" src="/widgets/v1/frame.js"></script></head><body></body></html>',
      );
    });

    it('defaults to the session screen in simplified Chinese, and serves our own origin', async () => {
      const response = await frame(app, `?origin=${encodeURIComponent(`http://${ownHost}`)}`);
      expect(response.statusCode).toBe(200);
      expect(directive(response.headers['content-security-policy'], 'frame-ancestors')).toEqual([`http://${ownHost}`]);
      expect(response.body).toContain('<html lang="zh-CN">');
      expect(response.body).toContain('<meta name="gs-screen" content="session">');
      expect(response.body).toContain('<meta name="gs-locale" content="zhs">');
    });

    it('refuses a missing, malformed, unknown or disabled origin with 403 and the refusal code, framable so it can say so', async () => {
      const disabled = await addSite(app, operator, { origin: `https://${uniqueName('off')}.example`, name: 'Gone' });
      await changeSite(app, operator, disabled.id, { enabled: false, reason: 'gone' });
      for (const query of [
        '',
        '?origin=',
        `?origin=${encodeURIComponent('https://evil.example')}`,
        `?origin=${encodeURIComponent(`${seeded}/path`)}`,
        `?origin=${encodeURIComponent('"><script>alert(1)</script>')}`,
        `?origin=${encodeURIComponent(disabled.origin)}&lang=zht&screen=register`,
      ]) {
        const response = await frame(app, query);
        expect(response.statusCode, query).toBe(403);
        expect(response.body).toContain('<meta name="gs-refused" content="partner_site_not_allowed">');
        expect(response.body).not.toContain('gs-partner-origin');
        expect(response.body).not.toContain('<script>alert');
        expect(response.body).toContain('<script type="module" src="/widgets/v1/frame.js"></script>');
        const policy = response.headers['content-security-policy'];
        expect(directive(policy, 'frame-ancestors')).toEqual(['*']);
        expect(String(policy)).not.toContain('unsafe-inline');
        expect(response.headers['x-frame-options']).toBeUndefined();
        expect(response.headers['cache-control']).toBe('no-store');
      }
      const traditional = await frame(app, `?origin=${encodeURIComponent(disabled.origin)}&lang=zht&screen=register`);
      expect(traditional.body).toContain('<html lang="zh-TW">');
      expect(traditional.body).toContain('<meta name="gs-screen" content="register">');
    });

    it('leaves X-Frame-Options on every other answer', async () => {
      for (const url of ['/api/health', '/widgets/v1/loader.js']) {
        expect((await app.inject({ method: 'GET', url })).headers['x-frame-options'], url).toBe('DENY');
      }
    });
  });

  describe('attribution', () => {
    let partner: Site;
    let referrer: Awaited<ReturnType<typeof registerMember>>;
    beforeAll(async () => {
      referrer = await registerMember(app);
      partner = await addSite(app, operator, {
        origin: `https://${uniqueName('ref')}.example`,
        name: 'Referring partner',
        referral_code: referrer.referralCode.toLowerCase(),
      });
    });

    it('a registration through a partner records it, and a blank code defaults to the partner’s referral code', async () => {
      expect(partner.referral_code).toBe(referrer.referralCode);
      const member = expectSuccess(await registerThrough(app, partner.origin, ''), 201) as {
        user: { id: number; parent_referral_code: { user_referral_code: string } | null };
      };
      expect(member.user.parent_referral_code?.user_referral_code).toBe(referrer.referralCode);
      expect(await attributionOf(testApp, 'users', member.user.id)).toBe(partner.id);

      // A code the member typed wins over the partner's.
      const typed = expectSuccess(await registerThrough(app, partner.origin, houseCode), 201) as {
        user: { id: number; parent_referral_code: unknown };
      };
      expect(typed.user.parent_referral_code).toBeNull();
      expect(await attributionOf(testApp, 'users', typed.user.id)).toBe(partner.id);
    });

    it('a forged, unknown or disabled partner origin records nothing and supplies no code', async () => {
      const disabled = await addSite(app, operator, {
        origin: `https://${uniqueName('was')}.example`,
        name: 'Was',
        referral_code: referrer.referralCode,
      });
      await changeSite(app, operator, disabled.id, { enabled: false, reason: 'ended' });
      for (const claimed of ['https://forged.example', disabled.origin, `${partner.origin}/`, partner.origin.toUpperCase()]) {
        const member = expectSuccess(await registerThrough(app, claimed, houseCode), 201) as { user: { id: number } };
        expect(await attributionOf(testApp, 'users', member.user.id), claimed).toBeNull();
        const blank = expectFailure(await registerThrough(app, claimed, ''), 422);
        expect(blank.errors).toHaveProperty('parent_code');
      }
    });

    it('without a partner, a blank referral code is still refused', async () => {
      expect(expectFailure(await registerThrough(app, undefined, ''), 422).errors).toHaveProperty('parent_code');
    });

    it('an order placed through a partner records it; a forged origin records nothing', async () => {
      const member = await registerMember(app);
      const through = await send(app, 'POST', 'v1/order', {
        token: member.token,
        body: orderBody(),
        headers: { 'x-partner-origin': partner.origin },
      });
      const order = expectSuccess(through, 201) as { id: number };
      expect(await attributionOf(testApp, 'orders', order.id)).toBe(partner.id);
      const forged = await send(app, 'POST', 'v1/order', {
        token: member.token,
        body: orderBody(),
        headers: { 'x-partner-origin': 'https://forged.example' },
      });
      expect(await attributionOf(testApp, 'orders', (expectSuccess(forged, 201) as { id: number }).id)).toBeNull();

      const list = expectSuccess(await send(app, 'GET', 'admin/v1/partner-sites', { token: operator })) as { data: Site[] };
      expect(list.data.find((row) => row.id === partner.id)).toMatchObject({ members: 2, orders: 1 });
    });
  });

  describe('the operator API', () => {
    it('lists the sites, paged, with what each brought', async () => {
      const list = expectSuccess(await send(app, 'GET', 'admin/v1/partner-sites', { token: operator })) as {
        current_page: number;
        total: number;
        data: Site[];
      };
      expect(list.current_page).toBe(1);
      expect(list.total).toBeGreaterThanOrEqual(1);
      expect(list.data.find((row) => row.origin === seeded)).toMatchObject({ name: seeded, enabled: true, members: 0, orders: 0 });
    });

    it('adds a site with its origin normalised, and refuses a bad or listed origin by field', async () => {
      const host = `${uniqueName('add')}.example`;
      const site = await addSite(app, operator, { origin: `HTTPS://${host.toUpperCase()}/`, name: '  Solar shop ' });
      expect(site).toMatchObject({
        origin: `https://${host}`,
        name: 'Solar shop',
        referral_code: null,
        enabled: true,
        members: 0,
        orders: 0,
      });

      const duplicate = expectFailure(
        await send(app, 'POST', 'admin/v1/partner-sites', {
          token: operator,
          json: true,
          body: { origin: `https://${host}:443`, name: 'Again' },
        }),
        409,
      );
      expect(duplicate.error_code).toBe('partner_site_duplicate');
      expect(duplicate.errors).toHaveProperty('origin');

      for (const origin of ['https://partner.example/shop', 'partner.example', 'ftp://partner.example']) {
        const bad = expectFailure(
          await send(app, 'POST', 'admin/v1/partner-sites', { token: operator, json: true, body: { origin, name: 'Bad' } }),
          422,
        );
        expect(bad.error_code, origin).toBe('partner_site_origin_invalid');
        expect(bad.errors).toHaveProperty('origin');
      }
      const unknownCode = expectFailure(
        await send(app, 'POST', 'admin/v1/partner-sites', {
          token: operator,
          json: true,
          body: { origin: `https://${uniqueName('code')}.example`, name: 'Code', referral_code: 'NOSUCH99' },
        }),
        422,
      );
      expect(unknownCode.error_code).toBe('referrer_not_found');
      expect(unknownCode.errors).toHaveProperty('referral_code');
      const blankName = expectFailure(
        await send(app, 'POST', 'admin/v1/partner-sites', {
          token: operator,
          json: true,
          body: { origin: `https://${uniqueName('n')}.example`, name: ' ' },
        }),
        422,
      );
      expect(blankName.errors).toHaveProperty('name');
    });

    it('edits, disables with a reason and enables again, each change audited with before and after', async () => {
      const member = await registerMember(app);
      const site = await addSite(app, operator, { origin: `https://${uniqueName('edit')}.example`, name: 'Before' });
      const edited = await changeSite(app, operator, site.id, { name: 'After', referral_code: member.referralCode });
      expect(edited).toMatchObject({ name: 'After', referral_code: member.referralCode, enabled: true });
      expect((await changeSite(app, operator, site.id, { referral_code: null })).referral_code).toBeNull();

      const noReason = expectFailure(
        await send(app, 'PUT', `admin/v1/partner-sites/${site.id}`, { token: operator, json: true, body: { enabled: false, reason: ' ' } }),
        422,
      );
      expect(noReason.errors).toHaveProperty('reason');
      expect((await changeSite(app, operator, site.id, { enabled: false, reason: 'sells counterfeit panels' })).enabled).toBe(false);
      expect((await changeSite(app, operator, site.id, { enabled: true })).enabled).toBe(true);

      expectFailure(await send(app, 'PUT', `admin/v1/partner-sites/${site.id}`, { token: operator, json: true, body: {} }), 422);
      expect(
        expectFailure(await send(app, 'PUT', 'admin/v1/partner-sites/999999', { token: operator, json: true, body: { name: 'x' } }), 404)
          .error_code,
      ).toBe('partner_site_not_found');

      const audit = expectSuccess(await send(app, 'GET', 'admin/v1/audit', { token: operator })) as {
        data: { action: string; subject_type: string; subject_id: string; before: unknown; after: unknown }[];
      };
      const entries = audit.data.filter((row) => row.subject_type === 'partner_site' && row.subject_id === String(site.id));
      expect(entries.map((row) => row.action)).toEqual([
        'partner_site.enable',
        'partner_site.disable',
        'partner_site.edit',
        'partner_site.edit',
        'partner_site.add',
      ]);
      expect(entries[1]).toMatchObject({
        before: { enabled: true, name: 'After' },
        after: { enabled: false, name: 'After', reason: 'sells counterfeit panels' },
      });
      expect(entries[3]).toMatchObject({
        before: { name: 'Before', referral_code: null },
        after: { name: 'After', referral_code: member.referralCode },
      });
    });

    it('takes the back office’s form-encoded bodies: a blank referral code is none, enabled is the text true or false', async () => {
      const origin = `https://${uniqueName('form')}.example`;
      const added = expectSuccess(
        await send(app, 'POST', 'admin/v1/partner-sites', { token: operator, body: { origin, name: 'Form', referral_code: '' } }),
        201,
      ) as Site;
      expect(added).toMatchObject({ origin, name: 'Form', referral_code: null, enabled: true });
      const put = (body: Record<string, string>) => send(app, 'PUT', `admin/v1/partner-sites/${added.id}`, { token: operator, body });
      expect(expectSuccess(await put({ name: 'Form two', referral_code: '' }))).toMatchObject({ name: 'Form two', referral_code: null });
      expect(expectSuccess(await put({ enabled: 'false', reason: 'paused' }))).toMatchObject({ enabled: false });
      expect(expectSuccess(await put({ enabled: 'true' }))).toMatchObject({ enabled: true });
      expect(expectFailure(await put({ enabled: 'no' }), 422).errors).toHaveProperty('enabled');
    });

    it('is for operators only: no token 401, a member’s token 403', async () => {
      const member = await registerMember(app);
      const calls = [
        ['GET', 'admin/v1/partner-sites', undefined],
        ['POST', 'admin/v1/partner-sites', { origin: 'https://sneaky.example', name: 'Sneaky' }],
        ['PUT', 'admin/v1/partner-sites/1', { enabled: false, reason: 'sneaky' }],
      ] as const;
      for (const [method, url, body] of calls) {
        const options = body === undefined ? {} : { body, json: true };
        expect(expectFailure(await send(app, method, url, options), 401).error_code).toBe('session_expired');
        expect(expectFailure(await send(app, method, url, { ...options, token: member.token }), 403).error_code).toBe('operators_only');
      }
      expect((await preflight(app, 'https://sneaky.example')).headers['access-control-allow-origin']).toBeUndefined();
    });

    it('are in the API document', async () => {
      const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      expect(Object.keys(document.paths['/api/admin/v1/partner-sites'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
      expect(Object.keys(document.paths['/api/admin/v1/partner-sites/{id}'] ?? {})).toContain('put');
      expect(Object.keys(document.paths).some((route) => route.includes('frame'))).toBe(false);
    });
  });
});

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

  it('is empty, not failing, while the database cannot be reached', async () => {
    const unreachable = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
    const directory = new PartnerSiteDirectory();
    await directory.start(unreachable);
    expect(directory.find(seeded)).toBeUndefined();
    await directory.stop();
    await unreachable.close();
  });
});

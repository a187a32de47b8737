import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess, houseCode, registerMember, send, uniqueName } from '../../tests/helpers/members.ts';
import { orderBody } from '../../tests/helpers/orders.ts';
import {
  addSite,
  changeSite,
  directive,
  frame,
  ownHost,
  preflight,
  seededOrigin as seeded,
  startPartnerSitesApp,
  type Site,
} from '../../tests/helpers/partner-sites.ts';
import { databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { normaliseOrigin } from './origin.ts';
import { seedPartnerSites } from './partner-sites.service.ts';

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
    ({ testApp, app, operator } = await startPartnerSitesApp(kind));
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

    it('a forged or unknown partner origin records nothing and supplies no code; a disabled one is refused', async () => {
      const disabled = await addSite(app, operator, {
        origin: `https://${uniqueName('was')}.example`,
        name: 'Was',
        referral_code: referrer.referralCode,
      });
      await changeSite(app, operator, disabled.id, { enabled: false, reason: 'ended' });
      // The disabled site's open pages are refused (issue 34): the widgets there show the refusal.
      expect(expectFailure(await registerThrough(app, disabled.origin, houseCode), 403).error_code).toBe('partner_site_not_allowed');
      for (const claimed of ['https://forged.example', `${partner.origin}/`, partner.origin.toUpperCase()]) {
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
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess, registerMember, send, uniqueName } from '../../tests/helpers/members.ts';
import {
  addSite,
  changeSite,
  preflight,
  seededOrigin as seeded,
  startPartnerSitesApp,
  type Site,
} from '../../tests/helpers/partner-sites.ts';
import { databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';

/** The back office's partner sites (admin/v1/partner-sites): listing, adding, editing, disabling, and who may. */
describe.each(databaseKinds())('the operator API for partner sites on %s', (kind) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let operator: string;
  beforeAll(async () => {
    ({ testApp, app, operator } = await startPartnerSitesApp(kind));
  }, 180_000);
  afterAll(async () => {
    await testApp.close();
  });

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

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import { expectFailure, expectSuccess, registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';

interface City {
  id: number;
  name: string;
  names: Record<string, string>;
  kind: string;
  enabled: boolean;
  base_url: string | null;
  api_key: string | null;
  secret_set: boolean;
}

interface Wallet {
  id: number;
  name: string;
  names: Record<string, string>;
  disabled: boolean;
  balance: number;
}

const names = { name_zhs: '乐园', name_zht: '樂園', name_eng: 'Playland' };
const secret = 'sk_live_do-not-show-me-0123456789';

describe.each(databaseKinds())('partner-city wallets in the back office, on %s', (kind) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let operator: string;
  let member: Member;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    app = testApp.app;
    operator = await operatorToken(app, testApp.database.db);
    member = await registerMember(app);
    await fundMember(testApp.database.db, member.id, points(1000));
  });
  afterAll(async () => {
    await testApp.close();
  });

  const admin = (method: 'GET' | 'POST' | 'PUT', path: string, body?: Record<string, unknown>) =>
    send(app, method, `admin/v1/partner-cities${path}`, { token: operator, ...(body === undefined ? {} : { body, json: true }) });
  const listed = async () => (expectSuccess(await admin('GET', '')) as { data: City[] }).data;
  const wallets = async () => expectSuccess(await send(app, 'GET', 'v1/enjoycity', { token: member.token })) as Wallet[];
  const move = (id: number, type: 'deposit' | 'withdrawal', amount = '100') =>
    send(app, 'POST', `v1/enjoycity/${id}/${type}`, { token: member.token, body: { amount } });

  it('lists the seeded cities with their names in each locale', async () => {
    const cities = await listed();
    expect(cities.map((city) => [city.id, city.kind, city.names.eng, city.enabled])).toEqual([
      [1, 'internal', 'Store', true],
      [2, 'internal', 'Cinema', true],
    ]);
  });

  it('adds a city, refusing bad input field by field and writing nothing', async () => {
    const bad = expectFailure(
      await admin('POST', '', { ...names, name_zht: ' ', kind: 'external', base_url: 'http://partner.example' }),
      422,
    );
    expect(Object.keys(bad.errors).sort()).toEqual(['api_key', 'base_url', 'name_zht', 'secret']);
    expectFailure(await admin('POST', '', { ...names, kind: 'remote' }), 422);
    expect(await listed()).toHaveLength(2);

    const city = expectSuccess(await admin('POST', '', { ...names, kind: 'internal' }), 201) as City;
    expect(city).toMatchObject({
      name: 'Playland',
      names: { zhs: '乐园', zht: '樂園', eng: 'Playland' },
      enabled: true,
      secret_set: false,
    });
    expect((await wallets()).map((wallet) => wallet.id)).toContain(city.id);
  });

  it('a rename shows to members in their locale', async () => {
    expectSuccess(await admin('PUT', '/2', { name_zhs: '石墨烯影城', name_zht: '石墨烯影城', name_eng: 'Graphene Cinema' }));
    const cinema = (await wallets()).find((wallet) => wallet.id === 2);
    expect(cinema).toMatchObject({ name: 'Graphene Cinema', names: { zhs: '石墨烯影城', zht: '石墨烯影城', eng: 'Graphene Cinema' } });
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'partner_city.edit')
      .where('subject_id', '=', '2')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ names: { eng: 'Cinema' } });
    expect(audit.after).toMatchObject({ names: { eng: 'Graphene Cinema' } });
  });

  it('a disabled city refuses transfers in but lets its balance out; the reason is required', async () => {
    expectSuccess(await move(1, 'deposit', '300'), 201);
    expect(Object.keys(expectFailure(await admin('PUT', '/1', { enabled: false }), 422).errors)).toEqual(['reason']);
    expect((await listed())[0]?.enabled).toBe(true);
    expectSuccess(await admin('PUT', '/1', { enabled: false, reason: 'The store closes at the end of the month' }));

    expect(expectFailure(await move(1, 'deposit'), 409).error_code).toBe('partner_city_disabled');
    const store = (await wallets()).find((wallet) => wallet.id === 1);
    expect(store).toMatchObject({ disabled: true, balance: 300 });
    expectSuccess(await move(1, 'withdrawal', '200'), 201);
    expect((await wallets()).find((wallet) => wallet.id === 1)?.balance).toBe(100);

    expectSuccess(await admin('PUT', '/1', { enabled: true }));
    expectSuccess(await move(1, 'deposit'), 201);
    const actions = await testApp.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('subject_type', '=', 'partner_city')
      .where('subject_id', '=', '1')
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['partner_city.disable', 'partner_city.enable']);
    expect(actions[0]?.after).toMatchObject({ enabled: false, reason: 'The store closes at the end of the month' });
  });

  it('an external city’s secret is stored sealed and never returned, only whether it is set', async () => {
    const created = expectSuccess(
      await admin('POST', '', {
        ...names,
        name_eng: 'Arcade',
        kind: 'external',
        base_url: 'https://api.arcade.example/v2',
        api_key: 'arcade-key-1',
        secret,
      }),
      201,
    );
    expect(created).toMatchObject({
      kind: 'external',
      base_url: 'https://api.arcade.example/v2',
      api_key: 'arcade-key-1',
      secret_set: true,
    });
    const changed = await admin('PUT', `/${(created as City).id}`, { api_key: 'arcade-key-2', secret: '' });
    expect(expectSuccess(changed)).toMatchObject({ api_key: 'arcade-key-2', secret_set: true });
    for (const body of [JSON.stringify(created), changed.body, (await admin('GET', '')).body]) expect(body).not.toContain(secret);
    const stored = await testApp.database.db
      .selectFrom('partner_cities')
      .select('secret_cipher')
      .where('id', '=', (created as City).id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_cipher).not.toContain(secret);
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('subject_type', '=', 'partner_city')
      .execute();
    expect(JSON.stringify(audit)).not.toContain(secret);
    expectFailure(await admin('PUT', '/999999', { name_eng: 'Nowhere' }), 404);
  });

  it('is for operators only: 401 without a token, 403 with a member’s', async () => {
    for (const [method, path] of [
      ['GET', ''],
      ['POST', ''],
      ['PUT', '/1'],
    ] as const) {
      expectFailure(await send(app, method, `admin/v1/partner-cities${path}`, { body: { name_eng: 'x' } }), 401);
      expect(
        expectFailure(await send(app, method, `admin/v1/partner-cities${path}`, { token: member.token, body: { name_eng: 'x' } }), 403)
          .error_code,
      ).toBe('operators_only');
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationBody } from '../../tests/helpers/identity.ts';
import { expectFailure, expectSuccess, registerMember, send } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';

type Choice = { id: number; type: string; names: Record<string, string> };
type Managed = { id: number; type: string; name_zhs: string; name_zht: string; name_eng: string; enabled: boolean };

describe.each(databaseKinds())('countries and certificate types members choose from, on %s', (kind) => {
  let testApp: TestApp;
  let admin: string;
  let reviewer: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { REGISTRATIONS_PER_ADDRESS: '100000' });
    admin = await operatorToken(testApp.app, testApp.database.db);
    reviewer = await operatorToken(testApp.app, testApp.database.db, undefined, 'reviewer');
  });
  afterAll(async () => {
    await testApp.close();
  });

  const offered = async (path: string) => expectSuccess(await send(testApp.app, 'GET', path)) as Choice[];
  const manage = (method: 'POST' | 'PUT', path: string, body: Record<string, unknown>, token = admin) =>
    send(testApp.app, method, `admin/v1/verification-choices/${path}`, { token, json: true, body });

  it('offers the seeded ones named in every language, Taiwan included', async () => {
    expect(await offered('v1/country')).toEqual([
      { id: 1, type: 'China', names: { zhs: '中国', zht: '中國', eng: 'China' } },
      { id: 2, type: 'Vietnam', names: { zhs: '越南', zht: '越南', eng: 'Vietnam' } },
      { id: 3, type: 'Taiwan', names: { zhs: '台湾', zht: '臺灣', eng: 'Taiwan' } },
    ]);
    expect((await offered('v1/certificate')).map((choice) => choice.names.zht)).toEqual(['身分證', '護照']);
  });

  it('lets an administrator add one, rename it and switch it off: members then no longer choose it, and the log says who', async () => {
    const added = expectSuccess(
      await manage('POST', 'countries', { name_zhs: '马来西亚', name_zht: '馬來西亞', name_eng: 'Malaysia' }),
      201,
    ) as Managed;
    expect(added).toMatchObject({ type: 'Malaysia', name_zht: '馬來西亞', enabled: true });
    expect((await offered('v1/country')).at(-1)).toEqual({
      id: added.id,
      type: 'Malaysia',
      names: { zhs: '马来西亚', zht: '馬來西亞', eng: 'Malaysia' },
    });

    expect(expectSuccess(await manage('PUT', `countries/${added.id}`, { name_zhs: '马来西亚联邦' }))).toMatchObject({
      name_zhs: '马来西亚联邦',
      name_eng: 'Malaysia',
    });
    // Switched off as the back office sends it: form-encoded.
    expectSuccess(
      await send(testApp.app, 'PUT', `admin/v1/verification-choices/countries/${added.id}`, { token: admin, body: { enabled: 'false' } }),
    );
    expect((await offered('v1/country')).map((choice) => choice.id)).not.toContain(added.id);
    const listed = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/verification-choices', { token: admin })) as {
      countries: Managed[];
    };
    expect(listed.countries.find((choice) => choice.id === added.id)).toMatchObject({ enabled: false });

    // A member can no longer send it; another country goes through.
    const member = await registerMember(testApp.app);
    const body = await verificationBody(testApp.app, member, 'Lin Mei');
    const refused = expectFailure(
      await send(testApp.app, 'PUT', `v1/user/${member.id}`, {
        token: member.token,
        json: true,
        body: { ...body, countries_id: added.id },
      }),
      422,
    );
    expect(refused.errors).toHaveProperty('countries_id');
    expectSuccess(
      await send(testApp.app, 'PUT', `v1/user/${member.id}`, { token: member.token, json: true, body: { ...body, countries_id: 3 } }),
    );

    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select(['action', 'subject_type'])
      .where('subject_type', '=', 'country')
      .where('subject_id', '=', String(added.id))
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['verification_choice.add', 'verification_choice.edit', 'verification_choice.edit']);
  });

  it('refuses a blank name by field, an unknown list or id, and any reviewer, changing nothing', async () => {
    const before = await offered('v1/certificate');
    const blank = expectFailure(
      await manage('POST', 'certificate_types', { name_zhs: ' ', name_zht: '居留證', name_eng: 'Residence permit' }),
      422,
    );
    expect(Object.keys(blank.errors ?? {})).toEqual(['name_zhs']);
    expectFailure(await manage('POST', 'certificate_types', { name_zht: '居留證', name_eng: 'Residence permit' }), 422);
    expectFailure(await manage('POST', 'planets', { name_zhs: '火星', name_zht: '火星', name_eng: 'Mars' }), 422);
    expect(expectFailure(await manage('PUT', 'certificate_types/999', { enabled: false }), 404).error_code).toBe(
      'verification_choice_not_found',
    );
    expectFailure(await manage('PUT', 'certificate_types/1', { enabled: false }, reviewer), 403);
    expect(await offered('v1/certificate')).toEqual(before);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { expectFailure, expectSuccess, send, uniqueName } from '../../tests/helpers/members.ts';
import { operatorPassword, operatorToken, operatorWithTwoFactor } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';

/**
 * Requiring two-factor sign-in of every operator (decision 026) ends, there and then, every session of
 * every operator who has not set it up, on every process: none keeps reading the queues on a session
 * opened with the password alone.
 */
describe.each(databaseKinds())('requiring two-factor on %s', (kind) => {
  let testApp: TestApp;
  /** A second process on the same database, with its own memory. */
  let other: FastifyInstance;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    other = await buildApp(testApp.config, testApp.database);
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await testApp.close();
  });

  const require = (token: string, required: boolean) =>
    send(testApp.app, 'PUT', 'admin/v1/operator-settings', {
      token,
      json: true,
      body: { two_factor_required: required, reason: 'policy' },
    });
  const queue = (app: FastifyInstance, token: string) => send(app, 'GET', 'admin/v1/withdrawals', { token });
  const login = async (username: string) =>
    expectSuccess(await send(testApp.app, 'POST', 'admin/v1/login', { body: { username, password: operatorPassword } })) as {
      token: string;
      stage: string;
    };

  it('ends every session of operators without two-factor, on every process, and audits who was signed out', async () => {
    const db = testApp.database.db;
    const { token: admin } = await operatorWithTwoFactor(testApp.app, db, uniqueName('chief'));
    const { token: careful } = await operatorWithTwoFactor(testApp.app, db, uniqueName('careful'), 'reviewer');
    const lateName = uniqueName('late');
    const late = await operatorToken(testApp.app, db, lateName, 'reviewer');
    const lateOnPhone = (await login(lateName)).token;
    const lateAdmin = await operatorToken(testApp.app, db, uniqueName('lateboss'));
    for (const app of [testApp.app, other]) for (const token of [late, lateOnPhone, careful]) expectSuccess(await queue(app, token));

    expectSuccess(await require(admin, true));

    for (const app of [testApp.app, other]) {
      for (const token of [late, lateOnPhone, lateAdmin]) expectFailure(await queue(app, token), 401);
      expectSuccess(await queue(app, careful));
      expectSuccess(await send(app, 'GET', 'admin/v1/operator-settings', { token: admin }));
    }
    expect((await login(lateName)).stage).toBe('enrol');

    const ids = await db.selectFrom('operators').select('id').where('totp_enabled_at', 'is', null).orderBy('id').execute();
    const audit = await db
      .selectFrom('audit_log')
      .select(['after'])
      .where('action', '=', 'operator.settings')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.after).toEqual({
      two_factor_required: true,
      reason: 'policy',
      sessions_ended: 3,
      signed_out_operators: ids.map((row) => row.id),
    });
    expectSuccess(await require(admin, false));
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess, send, uniqueName } from '../../tests/helpers/members.ts';
import { operatorPassword, operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';

describe.each(databaseKinds())('an operator changes their own password on %s', (kind) => {
  let testApp: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    app = testApp.app;
  });
  afterAll(async () => {
    await testApp.close();
  });

  const change = (token: string, current_password: string, new_password: string) =>
    send(app, 'PUT', 'admin/v1/me/password', { token, json: true, body: { current_password, new_password } });
  const login = (username: string, password: string) => send(app, 'POST', 'admin/v1/login', { body: { username, password } });

  it('takes the current password and a new one, ends the other sessions, keeps this one, and audits it', async () => {
    const username = uniqueName('rev');
    const here = await operatorToken(app, testApp.database.db, username, 'reviewer');
    const elsewhere = (expectSuccess(await login(username, operatorPassword)) as { token: string }).token;

    expectSuccess(await change(here, operatorPassword, 'anotherpassword9'));
    expectSuccess(await send(app, 'GET', 'admin/v1/me', { token: here }));
    expectFailure(await send(app, 'GET', 'admin/v1/me', { token: elsewhere }), 401);
    expectFailure(await login(username, operatorPassword), 401);
    expectSuccess(await login(username, 'anotherpassword9'));
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .innerJoin('operators', 'operators.id', 'audit_log.operator_id')
      .select(['audit_log.action', 'audit_log.subject_id'])
      .where('operators.username', '=', username)
      .where('audit_log.action', '=', 'operator.password')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses a wrong current password, a short or same new one, by field, and changes nothing', async () => {
    const username = uniqueName('ops');
    const token = await operatorToken(app, testApp.database.db, username);
    const wrong = expectFailure(await change(token, 'notmypassword1', 'anotherpassword9'), 422);
    expect(wrong.error_code).toBe('operator_password_wrong');
    expect(wrong.errors).toHaveProperty('current_password');
    expect(expectFailure(await change(token, operatorPassword, 'short1'), 422).errors).toHaveProperty('new_password');
    expectSuccess(await login(username, operatorPassword));
    expectSuccess(await change(token, operatorPassword, 'firstchange2026'));
    const same = expectFailure(await change(token, 'firstchange2026', 'firstchange2026'), 422);
    expect(same.error_code).toBe('operator_password_same');
    expectFailure(await send(app, 'PUT', 'admin/v1/me/password', { json: true, body: { current_password: 'x', new_password: 'y' } }), 401);
  });

  it('counts wrong current passwords against the login limit: an open session is no way to guess it', async () => {
    const username = uniqueName('ops');
    const token = await operatorToken(app, testApp.database.db, username);
    const limit = testApp.config.limits.loginFailuresPerAccount;
    for (let attempt = 0; attempt < limit; attempt += 1)
      expectFailure(await change(token, `guess${attempt}password`, 'anotherpassword9'), 422);
    expect(expectFailure(await change(token, operatorPassword, 'anotherpassword9'), 429).error_code).toBeDefined();
  });

  it('an operator another operator added chooses their own password at first sign-in, before anything else opens', async () => {
    const admin = await operatorToken(app, testApp.database.db);
    const username = uniqueName('new');
    expectSuccess(
      await send(app, 'POST', 'admin/v1/operators', {
        token: admin,
        json: true,
        body: { username, password: 'givenpassword1', role: 'reviewer' },
      }),
      201,
    );
    const first = expectSuccess(await login(username, 'givenpassword1')) as { token: string; stage: string };
    expect(first.stage).toBe('password');
    expect(expectFailure(await send(app, 'GET', 'admin/v1/order-notices', { token: first.token }), 403).error_code).toBe(
      'sign_in_unfinished',
    );
    expect(expectSuccess(await send(app, 'GET', 'admin/v1/me', { token: first.token }))).toMatchObject({ stage: 'password' });

    expectSuccess(await change(first.token, 'givenpassword1', 'myownpassword7'));
    expect(expectSuccess(await send(app, 'GET', 'admin/v1/me', { token: first.token }))).toMatchObject({ stage: 'signed_in' });
    expectSuccess(await send(app, 'GET', 'admin/v1/order-notices', { token: first.token }));
    // Asked once: the next sign-in is an ordinary one.
    expect((expectSuccess(await login(username, 'myownpassword7')) as { stage: string }).stage).toBe('signed_in');
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess, send, uniqueName } from '../../tests/helpers/members.ts';
import { operatorPassword, operatorToken, operatorWithTwoFactor, totpCodeOf } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { resetTwoFactor } from './two-factor.service.ts';

describe.each(databaseKinds())('two-factor sign-in on %s', (kind) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let admin: string;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    app = testApp.app;
    // With two-factor on, so requiring it of everyone leaves this administrator signed in.
    admin = (await operatorWithTwoFactor(app, testApp.database.db, uniqueName('boss'))).token;
  });
  afterAll(async () => {
    await testApp.close();
  });

  const login = async (username: string) =>
    expectSuccess(await send(app, 'POST', 'admin/v1/login', { body: { username, password: operatorPassword } })) as {
      token: string;
      stage: string;
    };
  const enrol = async (token: string) => {
    const started = expectSuccess(await send(app, 'POST', 'admin/v1/me/two-factor', { token })) as {
      secret: string;
      uri: string;
      qr: { size: number; path: string };
    };
    return started;
  };
  const confirm = (token: string, code: string) => send(app, 'POST', 'admin/v1/me/two-factor/confirm', { token, body: { code } });
  const code = (token: string, typed: string) => send(app, 'POST', 'admin/v1/login/code', { token, body: { code: typed } });

  it('enrols with a QR code and the secret as text, switched on only by a current code; the secret is stored sealed', async () => {
    const username = uniqueName('enrol');
    const token = await operatorToken(app, testApp.database.db, username, 'reviewer');
    const started = await enrol(token);
    expect(started.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(started.uri).toContain(started.secret);
    expect(started.qr.path).toMatch(/^M/);
    const stored = await testApp.database.db
      .selectFrom('operators')
      .select('totp_pending_secret')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(stored.totp_pending_secret).not.toContain(started.secret);

    const wrong = expectFailure(await confirm(token, '000000' === totpCodeOf(started.secret) ? '111111' : '000000'), 422);
    expect(wrong.error_code).toBe('two_factor_code_wrong');
    expect((expectSuccess(await send(app, 'GET', 'admin/v1/me', { token })) as { two_factor: boolean }).two_factor).toBe(false);

    const codes = (expectSuccess(await confirm(token, totpCodeOf(started.secret))) as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(expectSuccess(await send(app, 'GET', 'admin/v1/me', { token }))).toMatchObject({ two_factor: true, recovery_codes_left: 10 });
    expect(expectFailure(await send(app, 'POST', 'admin/v1/me/two-factor', { token }), 409).error_code).toBe('two_factor_already_on');
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'operator.two_factor_on')
      .execute();
    expect(audit.at(-1)?.before).toEqual({ two_factor: false });
  });

  it('with two-factor on, login takes a code; a code is accepted once; a recovery code works once', async () => {
    const username = uniqueName('twostep');
    const first = await operatorToken(app, testApp.database.db, username, 'reviewer');
    const { secret } = await enrol(first);
    const enrolCode = totpCodeOf(secret);
    const recovery = (expectSuccess(await confirm(first, enrolCode)) as { recovery_codes: string[] }).recovery_codes;

    const half = await login(username);
    expect(half.stage).toBe('code');
    // Until the code is given the token opens nothing but the code step.
    expect(expectFailure(await send(app, 'GET', 'admin/v1/dashboard', { token: half.token }), 403).error_code).toBe('sign_in_unfinished');
    // The code that switched two-factor on cannot be used again.
    expect(expectFailure(await code(half.token, enrolCode), 422).error_code).toBe('two_factor_code_wrong');
    // The next step's code, kept: typed again below, it must be refused as a replay.
    const next = totpCodeOf(secret, 1);
    expectSuccess(await code(half.token, next));
    expectSuccess(await send(app, 'GET', 'admin/v1/dashboard', { token: half.token }));

    const replay = await login(username);
    expect(expectFailure(await code(replay.token, next), 422).error_code).toBe('two_factor_code_wrong');

    const [spare = ''] = recovery;
    expectSuccess(await code(replay.token, spare.toUpperCase()));
    expect(expectSuccess(await send(app, 'GET', 'admin/v1/me', { token: replay.token }))).toMatchObject({ recovery_codes_left: 9 });
    const again = await login(username);
    expect(expectFailure(await code(again.token, spare), 422).error_code).toBe('two_factor_code_wrong');
    expectFailure(await send(app, 'GET', 'admin/v1/me', { token: again.token }), 403);
  });

  it('wrong codes are limited like passwords', async () => {
    const username = uniqueName('guess');
    const first = await operatorToken(app, testApp.database.db, username);
    const { secret } = await enrol(first);
    expectSuccess(await confirm(first, totpCodeOf(secret)));
    const half = await login(username);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) statuses.push((await code(half.token, 'zzzz-zzzz-zzzz')).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status !== 429).every((status) => status === 422)).toBe(true);
  });

  it('when required for everyone, an operator without it must enrol after the password before any other route works', async () => {
    const username = uniqueName('late');
    await operatorToken(app, testApp.database.db, username, 'reviewer');
    const noReason = expectFailure(
      await send(app, 'PUT', 'admin/v1/operator-settings', { token: admin, json: true, body: { two_factor_required: true } }),
      422,
    );
    expect(Object.keys(noReason.errors ?? {})).toContain('reason');
    expectSuccess(
      await send(app, 'PUT', 'admin/v1/operator-settings', {
        token: admin,
        json: true,
        body: { two_factor_required: true, reason: 'policy' },
      }),
    );
    const half = await login(username);
    expect(half.stage).toBe('enrol');
    expect(expectSuccess(await send(app, 'GET', 'admin/v1/me', { token: half.token }))).toMatchObject({
      stage: 'enrol',
      two_factor_required: true,
    });
    expect(expectFailure(await send(app, 'GET', 'admin/v1/dashboard', { token: half.token }), 403).error_code).toBe('sign_in_unfinished');
    const { secret } = await enrol(half.token);
    expectSuccess(await confirm(half.token, totpCodeOf(secret)));
    expectSuccess(await send(app, 'GET', 'admin/v1/dashboard', { token: half.token }));
    expectSuccess(
      await send(app, 'PUT', 'admin/v1/operator-settings', {
        token: admin,
        json: true,
        body: { two_factor_required: false, reason: 'back' },
      }),
    );
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'operator.settings')
      .execute();
    expect(audit[0]).toMatchObject({ before: { two_factor_required: false }, after: { two_factor_required: true, reason: 'policy' } });
  });

  it('the command line turns a lost phone’s two-factor off and ends that operator’s sessions', async () => {
    const username = uniqueName('lost');
    const token = await operatorToken(app, testApp.database.db, username, 'reviewer');
    const { secret } = await enrol(token);
    expectSuccess(await confirm(token, totpCodeOf(secret)));
    expect(await resetTwoFactor(testApp.database.db, username)).toBe(true);
    expectFailure(await send(app, 'GET', 'admin/v1/me', { token }), 401);
    expect((await login(username)).stage).toBe('signed_in');
    expect(await resetTwoFactor(testApp.database.db, username)).toBe(false);
  });

  it('an administrator turns another operator’s lost two-factor off in the back office, with a reason; a reviewer cannot', async () => {
    const username = uniqueName('phone');
    const token = await operatorToken(app, testApp.database.db, username, 'reviewer');
    const { secret } = await enrol(token);
    expectSuccess(await confirm(token, totpCodeOf(secret)));
    const operator = await testApp.database.db
      .selectFrom('operators')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const reset = (by: string, body: Record<string, unknown> = { reason: 'Lost phone, checked by call' }) =>
      send(app, 'POST', `admin/v1/operators/${operator.id}/two-factor/reset`, { token: by, body, json: true });

    const reviewer = await operatorToken(app, testApp.database.db, uniqueName('peer'), 'reviewer');
    expectFailure(await reset(reviewer), 403);
    expectFailure(await reset(admin, { reason: ' ' }), 422);
    expectFailure(await reset(token), 403);
    expect((await login(username)).stage).toBe('code');

    expectSuccess(await reset(admin));
    expectFailure(await send(app, 'GET', 'admin/v1/me', { token }), 401);
    expect((await login(username)).stage).toBe('signed_in');
    expect(expectFailure(await reset(admin), 409).error_code).toBe('nothing_to_change');
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('subject_type', '=', 'operator')
      .where('subject_id', '=', String(operator.id))
      .where('action', '=', 'operator.two_factor_reset')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ two_factor: false, reason: 'Lost phone, checked by call' });
  });
});

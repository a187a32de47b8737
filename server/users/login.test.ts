import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  check,
  expectFailure,
  expectRateLimited,
  expectSuccess,
  expectUnauthorized,
  loginFailedMessage,
  login,
  loginToken,
  otherDeviceMessage,
  registerMember,
  send,
  tokenPattern,
  validationMessage,
  type Member,
} from '../../tests/helpers/members.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { tokenHash } from '../auth/tokens.ts';

const dayMs = 24 * 60 * 60 * 1000;

describe.each(databaseKinds())('POST v1/login and sessions on %s', (kind) => {
  let testApp: TestApp;
  /** Shared by tests that only read: each test that needs a working token logs in itself. */
  let member: Member;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    member = await registerMember(testApp.app);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const sessionRows = (userId: number) => testApp.database.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).execute();

  it.each([
    ['a blank name', { username: '', password: 'secret_123' }, 'username'],
    ['a blank password', { username: 'someone01', password: '' }, 'password'],
    ['a missing name', { password: 'secret_123' }, 'username'],
    ['a missing password', { username: 'someone01' }, 'password'],
  ])('refuses %s with 422 naming the field', async (_case, body, field) => {
    const response = await send(testApp.app, 'POST', 'v1/login', { body });
    expect(expectFailure(response, 422, validationMessage).errors).toHaveProperty(field);
  });

  it('a wrong password and an unknown name get the same 401 "Incorrect username or password"', async () => {
    const wrongPassword = await login(testApp.app, member.username, 'wrong_pass1');
    const unknownName = await login(testApp.app, 'nobody_by_that_name', member.password);
    expectUnauthorized(wrongPassword, loginFailedMessage);
    expectUnauthorized(unknownName, loginFailedMessage);
    expect(unknownName.json()).toEqual(wrongPassword.json());
  });

  it('logs in (JSON body) with a token and the user', async () => {
    const response = await send(testApp.app, 'POST', 'v1/login', {
      body: { username: member.username, password: member.password },
      json: true,
    });
    const detail = expectSuccess(response);
    expect(detail.token).toMatch(tokenPattern);
    expect(detail.user).toMatchObject({ id: member.id, username: member.username });
    expect(response.body).not.toMatch(/password|token_hash|argon2/);
  });

  it('treats the name case-insensitively (form-encoded body)', async () => {
    const detail = expectSuccess(await login(testApp.app, member.username.toUpperCase(), member.password));
    expect(detail.user.id).toBe(member.id);
  });

  it('keeps one session per member: a second login makes the first token "Logged in on another device"', async () => {
    const first = await loginToken(testApp.app, member);
    const second = await loginToken(testApp.app, member);
    expectUnauthorized(await check(testApp.app, first), otherDeviceMessage);
    const response = await check(testApp.app, second);
    expect(expectSuccess(response).id).toBe(member.id);
    expect(response.json().token).toBe(second);
  });

  it('logout revokes the token: it then gets 401 "Login has expired, please login again."', async () => {
    const token = await loginToken(testApp.app, member);
    expect(expectSuccess(await send(testApp.app, 'POST', 'v1/logout', { token }))).toBeNull();
    expectUnauthorized(await check(testApp.app, token));
    expectUnauthorized(await send(testApp.app, 'POST', 'v1/logout', { token }));
  });

  it.each([
    ['a token with one character changed', (token: string) => `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`],
    ['a truncated token', (token: string) => token.slice(0, 42)],
    ['a token with a character added', (token: string) => `${token}A`],
  ])('refuses %s with the expired message, while the real token works', async (_case, tamper) => {
    const token = await loginToken(testApp.app, member);
    expectUnauthorized(await check(testApp.app, tamper(token)));
    expectSuccess(await check(testApp.app, token));
  });

  it.each([
    ['the token without "Bearer"', (token: string) => token],
    ['"Bearer" with nothing after it', () => 'Bearer '],
    ['another scheme', (token: string) => `Basic ${token}`],
    ['garbage', () => "Bearer <script>'; drop table sessions;--"],
  ])('refuses an Authorization header of %s with the expired message', async (_case, header) => {
    const token = await loginToken(testApp.app, member);
    const response = await send(testApp.app, 'GET', 'v1/check', { headers: { authorization: header(token) } });
    expectUnauthorized(response);
  });

  it('expires a session idle for more than 30 days', async () => {
    const token = await loginToken(testApp.app, member);
    const { db } = testApp.database;
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 31 * dayMs) })
      .where('token_hash', '=', tokenHash(token))
      .execute();
    expectUnauthorized(await check(testApp.app, token));
  });

  it('keeps a session used within 30 days alive, and slides its expiry forward', async () => {
    const token = await loginToken(testApp.app, member);
    const { db } = testApp.database;
    const byToken = db.selectFrom('sessions').select('last_seen_at').where('token_hash', '=', tokenHash(token));
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 29 * dayMs) })
      .where('token_hash', '=', tokenHash(token))
      .execute();
    expectSuccess(await check(testApp.app, token));
    const { last_seen_at } = await byToken.executeTakeFirstOrThrow();
    expect(Date.now() - new Date(last_seen_at).getTime()).toBeLessThan(60_000);
  });

  it('five logins at once leave exactly one active session, and exactly one of the tokens works', async () => {
    const racer = await registerMember(testApp.app);
    const responses = await Promise.all(Array.from({ length: 5 }, () => login(testApp.app, racer.username, racer.password)));
    const tokens = responses.map((response) => expectSuccess(response).token as string);
    expect((await sessionRows(racer.id)).filter((row) => row.revoked_at === null)).toHaveLength(1);
    const checks = await Promise.all(tokens.map((token) => check(testApp.app, token)));
    expect(checks.filter((response) => response.statusCode === 200)).toHaveLength(1);
    for (const response of checks.filter((item) => item.statusCode !== 200)) expectUnauthorized(response, otherDeviceMessage);
  });
});

describe.each(databaseKinds())('login failure limits on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { LOGIN_FAILURES_PER_ACCOUNT: '3', LOGIN_FAILURES_PER_ADDRESS: '5' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  // Each test uses its own client address, so the per-address counts of one test never reach another.
  it('the 4th attempt on an account after 3 failures gets 429, even with the right password; other accounts still log in', async () => {
    const [target, bystander] = [await registerMember(testApp.app), await registerMember(testApp.app)];
    const from = '192.0.2.10';
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expectUnauthorized(await login(testApp.app, target.username, 'wrong_pass', from), loginFailedMessage);
    }
    expectRateLimited(await login(testApp.app, target.username, target.password, from));
    // The limit follows the account, whatever the address or the case of the name.
    expectFailure(await login(testApp.app, target.username.toUpperCase(), target.password, '192.0.2.11'), 429);
    expectSuccess(await login(testApp.app, bystander.username, bystander.password, from));
  });

  it('answers 429 with a retry-after header and detail.retry_after_seconds within the window', async () => {
    const target = await registerMember(testApp.app);
    const from = '192.0.2.20';
    for (let attempt = 1; attempt <= 3; attempt += 1) await login(testApp.app, target.username, 'wrong_pass', from);
    const response = await login(testApp.app, target.username, target.password, from);
    const body = expectFailure(response, 429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(body.detail.retry_after_seconds).toBe(retryAfter);
  });

  it('failures spread over different names from one address hit 429 after 5', async () => {
    const member = await registerMember(testApp.app);
    const from = '192.0.2.30';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expectUnauthorized(await login(testApp.app, `guess_${attempt}_name`, 'wrong_pass', from), loginFailedMessage);
    }
    expectFailure(await login(testApp.app, 'guess_6_name', 'wrong_pass', from), 429);
    expectFailure(await login(testApp.app, member.username, member.password, from), 429);
    expectSuccess(await login(testApp.app, member.username, member.password, '192.0.2.31'));
  });

  it('a successful login clears the account’s failures: 2 failures, success, 2 failures is not limited', async () => {
    const member = await registerMember(testApp.app);
    const from = '192.0.2.40';
    const fail = async () => expectUnauthorized(await login(testApp.app, member.username, 'wrong_pass', from), loginFailedMessage);
    await fail();
    await fail();
    expectSuccess(await login(testApp.app, member.username, member.password, from));
    await fail();
    await fail();
    expectSuccess(await login(testApp.app, member.username, member.password, from));
  });

  it('parallel guesses cannot exceed the per-account limit', async () => {
    const target = await registerMember(testApp.app);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => login(testApp.app, target.username, `guess_${index}`, '192.0.2.50')),
    );
    expect(responses.filter((response) => response.statusCode === 401).length).toBeLessThanOrEqual(3);
  });
});

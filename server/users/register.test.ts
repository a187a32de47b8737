import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countUsers,
  expectFailure,
  expectRateLimited,
  expectSuccess,
  houseCode,
  login,
  referrerNotFoundMessage,
  registerMember,
  send,
  tokenPattern,
  uniqueName,
  validationMessage,
} from '../../tests/helpers/members.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { tokenHash } from '../auth/tokens.ts';

describe.each(databaseKinds())('POST v1/register on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    // The per-address registration limit has its own describe below; here every attempt comes from one address.
    testApp = await createTestApp(kind, { REGISTRATIONS_PER_ADDRESS: '100000' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const register = (fields: Record<string, string>, json = false) => send(testApp.app, 'POST', 'v1/register', { body: fields, json });
  const validFields = (overrides: Record<string, string> = {}) => ({
    username: uniqueName(),
    password: 'secret_123',
    password_confirmation: 'secret_123',
    parent_code: houseCode,
    ...overrides,
  });

  it('registers a member with the house code (form-encoded) and opens a session', async () => {
    const fields = validFields();
    const response = await register(fields);
    const detail = expectSuccess(response, 201);
    expect(detail.token).toMatch(tokenPattern);
    expect(detail.user).toMatchObject({
      id: expect.any(Number),
      username: fields.username,
      countries_id: 1,
      parent_referral_code: null,
      user_referral_code: { user_referral_code: expect.stringMatching(/^[A-Z2-9]{8}$/) },
    });
    for (const secret of ['password', 'password_hash', 'token_hash', 'argon2', fields.password]) {
      expect(response.body).not.toContain(secret);
    }
    const checkResponse = await send(testApp.app, 'GET', 'v1/check', { token: detail.token });
    const checked = expectSuccess(checkResponse);
    expect(checked.id).toBe(detail.user.id);
    // The route's response schema drops what it does not name: the token beside the envelope and the whole user object stay.
    expect(checkResponse.json<{ token: string }>().token).toBe(detail.token);
    expect(checked).toEqual(detail.user);
  });

  it('accepts a JSON body and a chosen country', async () => {
    const detail = expectSuccess(await register({ ...validFields(), countries_id: '2' }, true), 201);
    expect(detail.user.countries_id).toBe(2);
  });

  it('stores the token only as a hash', async () => {
    const { id, token } = await registerMember(testApp.app);
    const { db } = testApp.database;
    expect(await db.selectFrom('sessions').selectAll().where('token_hash', '=', token).execute()).toEqual([]);
    const sessions = await db.selectFrom('sessions').selectAll().where('user_id', '=', id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.token_hash).toBe(tokenHash(token));
    expect(JSON.stringify(sessions)).not.toContain(token);
  });

  it.each([
    ['upper-case', (code: string) => code],
    ['lower-case', (code: string) => code.toLowerCase()],
  ])('a member registering with a referrer’s %s code gets that referrer as parent', async (_case, spell) => {
    const referrer = await registerMember(testApp.app);
    const detail = expectSuccess(await register(validFields({ parent_code: spell(referrer.referralCode) })), 201);
    expect(detail.user.parent_referral_code).toEqual({ user_referral_code: referrer.referralCode });
  });

  it('accepts the house code in lower case', async () => {
    const detail = expectSuccess(await register(validFields({ parent_code: houseCode.toLowerCase() })), 201);
    expect(detail.user.parent_referral_code).toBeNull();
  });

  it.each(['张三李四王五', 'wang王小明_01'])('accepts the Chinese-character name %s', async (username) => {
    const detail = expectSuccess(await register(validFields({ username })), 201);
    expect(detail.user.username).toBe(username);
    expect((await login(testApp.app, username, 'secret_123')).statusCode).toBe(200);
  });

  describe('refuses input the original app’s rules forbid, creating nothing', () => {
    it.each([
      ['a name under 6 characters', { username: 'abcde' }, 'username'],
      ['a blank name', { username: '' }, 'username'],
      ['a name with punctuation', { username: 'john.doe1' }, 'username'],
      ['a name with markup', { username: '<b>member</b>' }, 'username'],
      ['a name with an SQL fragment', { username: "x'; DROP TABLE users;--" }, 'username'],
      ['a name with a newline', { username: 'member\n01' }, 'username'],
      ['a name with a NUL character', { username: 'member\u000001' }, 'username'],
      ['a name of 10,000 characters', { username: 'a'.repeat(10_000) }, 'username'],
      ['a password under 6 characters', { password: 'abc12', password_confirmation: 'abc12' }, 'password'],
      ['a password over 12 characters', { password: 'abcdefgh12345', password_confirmation: 'abcdefgh12345' }, 'password'],
      ['a password with upper case', { password: 'Secret123', password_confirmation: 'Secret123' }, 'password'],
      ['a password with symbols', { password: 'secret!23', password_confirmation: 'secret!23' }, 'password'],
      ['a confirmation that differs', { password_confirmation: 'secret_124' }, 'password_confirmation'],
      ['a blank referral code', { parent_code: '' }, 'parent_code'],
      ['an unknown country', { countries_id: '3' }, 'countries_id'],
    ])('%s', async (_case, overrides, field) => {
      const fields = validFields(overrides);
      const before = await countUsers(testApp.database.db);
      const body = expectFailure(await register(fields), 422, validationMessage);
      expect(body.errors).toHaveProperty(field);
      expect(await countUsers(testApp.database.db)).toBe(before);
      expect((await login(testApp.app, fields.username, fields.password)).statusCode).not.toBe(200);
    });

    it.each(['username', 'password', 'password_confirmation', 'parent_code'])('a missing %s', async (field) => {
      const fields: Record<string, string> = validFields();
      delete fields[field];
      const before = await countUsers(testApp.database.db);
      const body = expectFailure(await register(fields, true), 422, validationMessage);
      expect(body.errors).toHaveProperty(field);
      expect(await countUsers(testApp.database.db)).toBe(before);
    });
  });

  it('refuses an unknown referral code with 404 "Find no such referrer."', async () => {
    const fields = validFields({ parent_code: 'NOSUCH99' });
    const before = await countUsers(testApp.database.db);
    expectFailure(await register(fields), 404, referrerNotFoundMessage);
    expect(await countUsers(testApp.database.db)).toBe(before);
    expect((await login(testApp.app, fields.username, fields.password)).statusCode).toBe(401);
  });

  it.each([
    ['the same name', (name: string) => name],
    ['the name in another case', (name: string) => name.toUpperCase()],
  ])('refuses %s again with 409 "name has been registered"', async (_case, spell) => {
    const first = await registerMember(testApp.app);
    const before = await countUsers(testApp.database.db);
    expectFailure(
      await register(validFields({ username: spell(first.username), password: 'other_pass1', password_confirmation: 'other_pass1' })),
      409,
      'name has been registered',
    );
    expect(await countUsers(testApp.database.db)).toBe(before);
    // The first member's password is untouched and the intruder's does not log in.
    expect((await login(testApp.app, first.username, first.password)).statusCode).toBe(200);
    expect((await login(testApp.app, first.username, 'other_pass1')).statusCode).toBe(401);
  });

  it('two registrations of one name at once: one 201, the other 409', async () => {
    const fields = validFields();
    const responses = await Promise.all([register(fields), register(fields)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });
});

describe.each(databaseKinds())('registration rate limit on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { REGISTRATIONS_PER_ADDRESS: '3' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('refuses the 4th registration from one address with 429 and a retry time; other addresses still register', async () => {
    const from = '203.0.113.7';
    for (let attempt = 1; attempt <= 3; attempt += 1) await registerMember(testApp.app, { from });
    const username = uniqueName();
    const fields = { username, password: 'secret_123', password_confirmation: 'secret_123', parent_code: houseCode };
    expectRateLimited(await send(testApp.app, 'POST', 'v1/register', { body: fields, from }));
    expect((await login(testApp.app, username, 'secret_123', '198.51.100.1')).statusCode).toBe(401);
    await registerMember(testApp.app, { from: '203.0.113.8' });
  });

  it('registrations sent at once cannot exceed the per-address limit', async () => {
    const from = '203.0.113.9';
    const attempts = Array.from({ length: 8 }, () => {
      const body = { username: uniqueName(), password: 'secret_123', password_confirmation: 'secret_123', parent_code: houseCode };
      return send(testApp.app, 'POST', 'v1/register', { body, from });
    });
    const responses = await Promise.all(attempts);
    expect(responses.filter((response) => response.statusCode === 201).length).toBeLessThanOrEqual(3);
  });
});

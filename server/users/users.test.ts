import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  check,
  expectFailure,
  expectSuccess,
  expectUnauthorized,
  login,
  randomToken,
  registerMember,
  send,
  validationMessage,
  type Member,
} from '../../tests/helpers/members.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { verifyPassword } from '../auth/password.ts';
import { tokenHash } from '../auth/tokens.ts';

describe.each(databaseKinds())('GET v1/user/{id} and password changes on %s', (kind) => {
  let testApp: TestApp;
  let owner: Member;
  let other: Member;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    owner = await registerMember(testApp.app);
    other = await registerMember(testApp.app, { parentCode: owner.referralCode });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const getUser = (id: number | string, token: string) => send(testApp.app, 'GET', `v1/user/${id}`, { token });
  const update = (member: Member, body: Record<string, string>, options: { id?: number; json?: boolean } = {}) =>
    send(testApp.app, 'PUT', `v1/user/updatePasswordAndParent/${options.id ?? member.id}`, {
      token: member.token,
      body,
      json: options.json ?? false,
    });

  describe('GET v1/user/{id}', () => {
    it('returns the member’s own user object as the contract lists it', async () => {
      const response = await getUser(owner.id, owner.token);
      const user = expectSuccess(response);
      expect(user).toMatchObject({
        id: owner.id,
        username: owner.username,
        realname: null,
        phone: null,
        email: null,
        countries_id: 1,
        certificates_id: null,
        certificate_number: null,
        certificate_front: null,
        certificate_back: null,
        certificate_handle: null,
        verification_status: 'none',
        user_wallets: { main_wallet: 0 },
        user_referral_code: { user_referral_code: owner.referralCode },
        parent_referral_code: null,
        devices: [],
      });
      expect(response.body).not.toMatch(/password|token|argon2/);
      expect(response.body).not.toContain(other.username);
    });

    it('shows the referrer’s code as parent_referral_code', async () => {
      const user = expectSuccess(await getUser(other.id, other.token));
      expect(user.parent_referral_code).toEqual({ user_referral_code: owner.referralCode });
    });

    it.each([
      ['another member’s id', () => other.id],
      ['an id nobody has', () => 999_999],
      ['an id beyond any record', () => 2_147_483_648],
    ])('answers 403 for %s, revealing nothing', async (_case, id) => {
      const response = await getUser(id(), owner.token);
      expectFailure(response, 403);
      expect(response.body).not.toContain(other.username);
      expect(response.body).not.toContain(other.referralCode);
    });

    it.each(['abc', '1.5', '-1', '0'])('answers 422 for the id %s', async (id) => {
      expect(expectFailure(await getUser(id, owner.token), 422, validationMessage).errors).toHaveProperty('id');
    });

    it('answers 401 without a token', async () => {
      expectUnauthorized(await send(testApp.app, 'GET', `v1/user/${owner.id}`));
    });
  });

  describe('PUT v1/user/updatePasswordAndParent/{id}: password', () => {
    /** Asserts which of two passwords logs the member in. The last login leaves the member's session replaced. */
    const expectPasswords = async (member: Member, works: string, fails: string) => {
      expect((await login(testApp.app, member.username, fails)).statusCode).toBe(401);
      expect((await login(testApp.app, member.username, works)).statusCode).toBe(200);
    };

    it('changes the password with the right old password; this session stays, other sessions end', async () => {
      const member = await registerMember(testApp.app);
      // A second device's session, made directly: a login would revoke this one.
      const otherDevice = randomToken();
      await testApp.database.db
        .insertInto('sessions')
        .values({ user_id: member.id, token_hash: tokenHash(otherDevice) })
        .execute();
      expectSuccess(await check(testApp.app, otherDevice));

      const response = await update(member, { old_password: member.password, password: 'new_pass_9', password_confirmation: 'new_pass_9' });
      expectSuccess(response);
      expectSuccess(await check(testApp.app, member.token));
      expectUnauthorized(await check(testApp.app, otherDevice));
      await expectPasswords(member, 'new_pass_9', member.password);
    });

    it('accepts the change as a JSON body too', async () => {
      const member = await registerMember(testApp.app);
      const body = { old_password: member.password, password: 'json_pass_1', password_confirmation: 'json_pass_1' };
      expectSuccess(await update(member, body, { json: true }));
      await expectPasswords(member, 'json_pass_1', member.password);
    });

    describe('refuses, leaving the password unchanged', () => {
      const old = 'old_pass_1';
      let member: Member;
      beforeAll(async () => {
        member = await registerMember(testApp.app, { password: old });
      });

      it.each([
        [
          'a wrong old password',
          { old_password: 'not_my_pass', password: 'fresh_pass1', password_confirmation: 'fresh_pass1' },
          'old_password',
        ],
        ['a missing old password', { password: 'fresh_pass1', password_confirmation: 'fresh_pass1' }, 'old_password'],
        ['a blank old password', { old_password: '', password: 'fresh_pass1', password_confirmation: 'fresh_pass1' }, 'old_password'],
        ['a new password under 6 characters', { old_password: old, password: 'abc12', password_confirmation: 'abc12' }, 'password'],
        [
          'a new password over 12 characters',
          { old_password: old, password: 'fresh_pass123', password_confirmation: 'fresh_pass123' },
          'password',
        ],
        [
          'a new password with upper case',
          { old_password: old, password: 'Fresh_pass1', password_confirmation: 'Fresh_pass1' },
          'password',
        ],
        ['a new password with symbols', { old_password: old, password: 'fresh-pass!1', password_confirmation: 'fresh-pass!1' }, 'password'],
        ['a new password without a digit', { old_password: old, password: 'fresh_pass', password_confirmation: 'fresh_pass' }, 'password'],
        [
          'a confirmation that differs',
          { old_password: old, password: 'fresh_pass1', password_confirmation: 'fresh_pass2' },
          'password_confirmation',
        ],
      ])('%s: 422 naming the field', async (_case, fields: Record<string, string>, field) => {
        const response = await update(member, fields);
        expect(expectFailure(response, 422, validationMessage).errors).toHaveProperty(field);
        expectSuccess(await check(testApp.app, member.token));
        const { db } = testApp.database;
        const user = await db.selectFrom('users').select('password_hash').where('id', '=', member.id).executeTakeFirstOrThrow();
        expect(await verifyPassword(old, user.password_hash)).toBe(true);
      });

      it('and the old password still logs in afterwards', async () => {
        await expectPasswords(member, member.password, 'fresh_pass1');
      });
    });

    it.each([
      ['an empty JSON body', {}, true],
      ['only blank fields', { password: '', password_confirmation: '', parent_code: '' }, false],
      ['only the old password', { old_password: 'secret_123' }, false],
    ])('refuses a request with nothing to change (%s) with 422', async (_case, body, json) => {
      expectFailure(await update(owner, body as Record<string, string>, { json }), 422, validationMessage);
    });

    it('answers 403 for another member’s id and changes nothing', async () => {
      const body = { old_password: other.password, password: 'taken_over1', password_confirmation: 'taken_over1', parent_code: 'SOLAR1' };
      expectFailure(await update(owner, body, { id: other.id }), 403);
      const user = expectSuccess(await getUser(other.id, other.token));
      expect(user.parent_referral_code).toEqual({ user_referral_code: owner.referralCode });
      expect((await login(testApp.app, other.username, 'taken_over1')).statusCode).toBe(401);
    });

    it('answers 401 without a token', async () => {
      const response = await send(testApp.app, 'PUT', `v1/user/updatePasswordAndParent/${owner.id}`, {
        body: { old_password: owner.password, password: 'no_token_1', password_confirmation: 'no_token_1' },
      });
      expectUnauthorized(response);
    });
  });
});

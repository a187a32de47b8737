import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  check,
  expectFailure,
  expectSuccess,
  referrerNotFoundMessage,
  registerMember,
  send,
  validationMessage,
  type Member,
} from '../../tests/helpers/members.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';

describe.each(databaseKinds())('PUT v1/user/updatePasswordAndParent/{id}: referrer on %s', (kind) => {
  let testApp: TestApp;
  /** A referred B, B referred C; D stands apart. Tests that succeed in changing a referrer use members of their own. */
  let a: Member;
  let b: Member;
  let c: Member;
  let d: Member;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    a = await registerMember(testApp.app);
    b = await registerMember(testApp.app, { parentCode: a.referralCode });
    c = await registerMember(testApp.app, { parentCode: b.referralCode });
    d = await registerMember(testApp.app);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const changeReferrer = (member: Member, parentCode: string, json = false) =>
    send(testApp.app, 'PUT', `v1/user/updatePasswordAndParent/${member.id}`, {
      token: member.token,
      body: { parent_code: parentCode },
      json,
    });
  /** The referrer code GET v1/check shows for a member, or null. */
  const parentOf = async (member: Member): Promise<string | null> =>
    expectSuccess(await check(testApp.app, member.token)).parent_referral_code?.user_referral_code ?? null;

  it('changes the referrer to an existing member’s code (form-encoded)', async () => {
    const member = await registerMember(testApp.app);
    expectSuccess(await changeReferrer(member, d.referralCode));
    expect(await parentOf(member)).toBe(d.referralCode);
  });

  it('accepts the code in lower case, as a JSON body', async () => {
    const member = await registerMember(testApp.app, { parentCode: a.referralCode });
    expectSuccess(await changeReferrer(member, d.referralCode.toLowerCase(), true));
    expect(await parentOf(member)).toBe(d.referralCode);
  });

  it('refuses an unknown code with 404 "Find no such referrer." and keeps the referrer', async () => {
    expectFailure(await changeReferrer(b, 'NOSUCH99'), 404, referrerNotFoundMessage);
    expect(await parentOf(b)).toBe(a.referralCode);
  });

  it('refuses the member’s own code with 422', async () => {
    const body = expectFailure(await changeReferrer(b, b.referralCode), 422, validationMessage);
    expect(body.errors).toHaveProperty('parent_code');
    expect(await parentOf(b)).toBe(a.referralCode);
  });

  it.each([
    ['a grandchild’s code (C)', () => c],
    ['a child’s code (B)', () => b],
  ])('refuses %s for A with 422: referrals never form a cycle', async (_case, descendant) => {
    const body = expectFailure(await changeReferrer(a, descendant().referralCode), 422, validationMessage);
    expect(body.errors).toHaveProperty('parent_code');
    expect(await parentOf(a)).toBeNull();
  });

  it('changes nothing when the password part of the same request fails', async () => {
    const response = await send(testApp.app, 'PUT', `v1/user/updatePasswordAndParent/${c.id}`, {
      token: c.token,
      body: { old_password: 'not_my_pass', password: 'fresh_pass1', password_confirmation: 'fresh_pass1', parent_code: d.referralCode },
    });
    expect(expectFailure(response, 422, validationMessage).errors).toHaveProperty('old_password');
    expect(await parentOf(c)).toBe(b.referralCode);
  });

  it('answers 403 when changing another member’s referrer, and changes nothing', async () => {
    const response = await send(testApp.app, 'PUT', `v1/user/updatePasswordAndParent/${c.id}`, {
      token: d.token,
      body: { parent_code: d.referralCode },
    });
    expectFailure(response, 403);
    expect(await parentOf(c)).toBe(b.referralCode);
  });

  it('two members setting each other as referrer at once never form a cycle', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 8 }, async () => [await registerMember(testApp.app), await registerMember(testApp.app)] as const),
    );
    const outcomes = await Promise.all(
      pairs.map(([x, y]) => Promise.all([changeReferrer(x, y.referralCode), changeReferrer(y, x.referralCode)])),
    );
    const bothAccepted = outcomes.filter(([first, second]) => first.statusCode === 200 && second.statusCode === 200);
    expect(bothAccepted).toHaveLength(0);
  });
});

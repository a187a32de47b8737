import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationBody, verifiedMember } from '../../tests/helpers/identity.ts';
import { expectFailure, expectSuccess, registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { contactNeedsVerificationMessage, contactPasswordWrongMessage } from './contact.service.ts';
import { oldPasswordFailuresMax } from './old-password-guard.ts';

/** Issue 36: a verified member changes the phone and e-mail approved with their identity, with their password. */
describe.each(databaseKinds())('PUT v1/user/contact/{id} on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { REGISTRATIONS_PER_ADDRESS: '100000' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const change = (member: Member, body: Record<string, string>, id = member.id) =>
    send(testApp.app, 'PUT', `v1/user/contact/${id}`, { token: member.token, body });
  const contactOf = async (member: Member) =>
    await testApp.database.db
      .selectFrom('users')
      .select(['phone', 'email', 'realname'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
  const noticesOf = async (member: Member) =>
    (await testApp.database.db.selectFrom('notifications').select('kind').where('user_id', '=', member.id).execute()).map(
      (row) => row.kind,
    );

  it('changes both with the right password, keeps the verified name, and tells the member in the app', async () => {
    const member = await verifiedMember(testApp.app, testApp.database.db, '王磊');
    expectSuccess(await change(member, { phone: '+886 987 654 321', email: 'new.address@example.com', password: member.password }));
    expect(await contactOf(member)).toEqual({ phone: '+886 987 654 321', email: 'new.address@example.com', realname: '王磊' });
    const shown = expectSuccess(await send(testApp.app, 'GET', `v1/user/${member.id}`, { token: member.token })) as Record<string, unknown>;
    expect(shown).toMatchObject({ phone: '+886 987 654 321', email: 'new.address@example.com', verification_status: 'approved' });
    expect(await noticesOf(member)).toContain('contact_changed');
  });

  it('refuses a wrong password, a malformed number or address, another member’s record, and before approval; nothing changes', async () => {
    const member = await verifiedMember(testApp.app, testApp.database.db);
    const before = await contactOf(member);
    const wrong = expectFailure(await change(member, { phone: '+886 900 000 000', email: 'x@example.com', password: 'wrong1234' }), 422);
    expect(wrong).toMatchObject({ error_code: 'password_wrong', errors: { password: [contactPasswordWrongMessage] } });
    const badPhone = expectFailure(await change(member, { phone: 'call me', email: 'x@example.com', password: member.password }), 422);
    expect(Object.keys(badPhone.errors ?? {})).toEqual(['phone']);
    const badEmail = expectFailure(
      await change(member, { phone: '+886 900 000 000', email: 'not-an-address', password: member.password }),
      422,
    );
    expect(Object.keys(badEmail.errors ?? {})).toEqual(['email']);
    expect(await contactOf(member)).toEqual(before);

    const other = await verifiedMember(testApp.app, testApp.database.db);
    expectFailure(await change(member, { phone: '+886 900 000 000', email: 'x@example.com', password: member.password }, other.id), 403);
    expect((await contactOf(other)).phone).toBe('+886 912 345 678');

    const waiting = await registerMember(testApp.app);
    const submitted = await send(testApp.app, 'PUT', `v1/user/${waiting.id}`, {
      token: waiting.token,
      body: await verificationBody(testApp.app, waiting, 'Lin Mei'),
    });
    expect(submitted.statusCode).toBe(200);
    const early = expectFailure(
      await change(waiting, { phone: '+886 900 000 000', email: 'x@example.com', password: waiting.password }),
      409,
    );
    expect(early).toMatchObject({ error_code: 'identity_not_verified', message: contactNeedsVerificationMessage });
  });

  it('counts wrong passwords with the password change’s: past the limit the session ends', async () => {
    const member = await verifiedMember(testApp.app, testApp.database.db);
    const body = { phone: '+886 900 000 000', email: 'x@example.com', password: 'wrong1234' };
    for (let attempt = 0; attempt < oldPasswordFailuresMax; attempt += 1) expectFailure(await change(member, body), 422);
    expectFailure(await change(member, body), 429);
    // The session that guessed is over: even the right password needs a new login now.
    expectFailure(await change(member, { ...body, password: member.password }), 401);
    expect((await contactOf(member)).email).toBe(`${member.username}@example.com`);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess, login, registerMember, send } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';

describe.each(databaseKinds())('customer service resets a lost password, on %s', (kind) => {
  let testApp: TestApp;
  let operator: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    operator = await operatorToken(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const issue = (memberId: number, reason = 'Called from the registered phone; ID number and last order checked', token = operator) =>
    send(testApp.app, 'POST', `admin/v1/members/${memberId}/password-reset`, { token, body: { reason } });
  const reset = (username: string, code: string, password = 'newpass9') =>
    send(testApp.app, 'POST', 'v1/password/reset', { body: { username, code, password, password_confirmation: password } });

  it('gives a one-time code that sets a new password, ends every session, and is audited and told to the member', async () => {
    const member = await registerMember(testApp.app);
    const issued = expectSuccess(await issue(member.id), 201) as { code: string; expires_at: string };
    expect(issued.code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    // The member's sessions end at once: whoever holds the account loses it.
    expect((await send(testApp.app, 'GET', 'v1/check', { token: member.token })).statusCode).toBe(401);
    const stored = await testApp.database.db.selectFrom('member_password_resets').select('code_hash').execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(issued.code);

    // Typed as a person types it: lower case, without the dash.
    expectSuccess(await reset(member.username, issued.code.toLowerCase().replace('-', '')));
    expect((await login(testApp.app, member.username, member.password)).statusCode).toBe(401);
    expect((await login(testApp.app, member.username, 'newpass9')).statusCode).toBe(200);
    // Used once.
    expect(expectFailure(await reset(member.username, issued.code, 'another9'), 422).error_code).toBe('reset_code_wrong');

    const actions = await testApp.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('subject_type', '=', 'user')
      .where('subject_id', '=', String(member.id))
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['member.password_reset', 'member.password_reset_used']);
    const notices = await testApp.database.db.selectFrom('notifications').select('kind').where('user_id', '=', member.id).execute();
    expect(notices.map((row) => row.kind)).toContain('password_reset');
  });

  it("refuses a wrong, earlier, expired or another member's code alike, and a reset without the identity check", async () => {
    const member = await registerMember(testApp.app);
    const other = await registerMember(testApp.app);
    const first = expectSuccess(await issue(member.id), 201) as { code: string };
    const latest = expectSuccess(await issue(member.id), 201) as { code: string };
    const others = expectSuccess(await issue(other.id), 201) as { code: string };
    for (const code of [first.code, others.code, 'ABCDE-FGHJK'])
      expect(expectFailure(await reset(member.username, code), 422).error_code).toBe('reset_code_wrong');
    await testApp.database.db
      .updateTable('member_password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect(expectFailure(await reset(member.username, latest.code), 422).error_code).toBe('reset_code_wrong');
    expect((await login(testApp.app, member.username, member.password)).statusCode).toBe(200);

    expect(Object.keys(expectFailure(await issue(member.id, '  '), 422).errors ?? {})).toContain('reason');
    const reviewer = await operatorToken(testApp.app, testApp.database.db, undefined, 'reviewer');
    expectFailure(await issue(member.id, 'checked', reviewer), 403);
    expectFailure(await issue(999_999), 404);
  });

  it('counts wrong codes against the account like failed logins', async () => {
    const member = await registerMember(testApp.app);
    let last = 0;
    for (let attempt = 0; attempt < testApp.config.limits.loginFailuresPerAccount + 1; attempt += 1)
      last = (await reset(member.username, 'WRONG-CODE2')).statusCode;
    expect(last).toBe(429);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertOperator } from '../operators/login.service.ts';
import { check, expectRateLimited, expectUnauthorized, login, loginToken, registerMember, send } from '../../tests/helpers/members.ts';
import { operatorPassword } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { oldPasswordFailuresMax } from '../users/old-password-guard.ts';

describe.each(databaseKinds())('limits that protect accounts on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { LOGIN_FAILURES_PER_ADDRESS: '3' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('a flood of failed member logins from one address does not lock an operator out', async () => {
    const address = '198.51.100.7';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(testApp.app, `nobody_${attempt}`, 'wrong1', address)).statusCode).toBe(401);
    }
    expectRateLimited(await login(testApp.app, 'nobody_x', 'wrong1', address));
    await upsertOperator(testApp.database.db, 'night_shift', operatorPassword);
    const operatorLogin = await send(testApp.app, 'POST', 'admin/v1/login', {
      body: { username: 'night_shift', password: operatorPassword },
      from: address,
    });
    expect(operatorLogin.statusCode, operatorLogin.body).toBe(200);
  });

  it('a session guessing the old password is limited, then ended; the account stays limited after a new login', async () => {
    const member = await registerMember(testApp.app);
    const change = (token: string, oldPassword: string) =>
      send(testApp.app, 'PUT', `v1/user/updatePasswordAndParent/${member.id}`, {
        token,
        body: { old_password: oldPassword, password: 'newpass9', password_confirmation: 'newpass9' },
      });
    for (let guess = 0; guess < oldPasswordFailuresMax; guess += 1) {
      const response = await change(member.token, `guess${guess}x`);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toHaveProperty('old_password');
    }
    expectRateLimited(await change(member.token, 'guess_last1'));
    expectUnauthorized(await check(testApp.app, member.token));

    // The member logs in again: guesses stay refused for the window, even the right one.
    const fresh = await loginToken(testApp.app, member);
    expectRateLimited(await change(fresh, member.password));
    expect((await login(testApp.app, member.username, member.password)).statusCode).toBe(200);
  });

  it('a right old password after a few wrong ones changes the password and clears the count', async () => {
    const member = await registerMember(testApp.app);
    const change = (oldPassword: string) =>
      send(testApp.app, 'PUT', `v1/user/updatePasswordAndParent/${member.id}`, {
        token: member.token,
        body: { old_password: oldPassword, password: 'newpass9', password_confirmation: 'newpass9' },
      });
    expect((await change('wrong_1')).statusCode).toBe(422);
    expect((await change('wrong_2')).statusCode).toBe(422);
    expect((await change(member.password)).statusCode).toBe(200);
    expect((await login(testApp.app, member.username, 'newpass9')).statusCode).toBe(200);
  });
});

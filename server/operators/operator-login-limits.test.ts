import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRateLimited, expectSuccess, send, uniqueName } from '../../tests/helpers/members.ts';
import { operatorPassword, operatorWithTwoFactor, totpCodeOf } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';

const perAddress = 20;
const perAccount = 4;

/**
 * Operator logins are limited per name and per address (decision 026): a flood of made-up names from one
 * address is refused there, yet never keeps a real operator with the right password and code out; guessing
 * one operator's password stays limited wherever the guesses come from.
 */
describe.each(databaseKinds())('operator login limits on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      LOGIN_FAILURES_PER_ADDRESS: String(perAddress),
      LOGIN_FAILURES_PER_ACCOUNT: String(perAccount),
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const login = (username: string, password: string, from: string) =>
    send(testApp.app, 'POST', 'admin/v1/login', { body: { username, password }, from });

  it('a flood of made-up names from one address is refused, and the right operator there still signs in with a code', async () => {
    const address = '203.0.113.50';
    const username = uniqueName('desk');
    const { secret } = await operatorWithTwoFactor(testApp.app, testApp.database.db, username);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < perAddress * 2; attempt += 1) {
      statuses.push((await login(`made_up_${attempt}`, 'not the password', address)).statusCode);
    }
    expect(statuses.slice(0, perAddress).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(perAddress).every((status) => status === 429)).toBe(true);
    // A real name with a wrong password is answered as a made-up one there, so the flood cannot sort names.
    expectRateLimited(await login(username, 'not the password', address));

    const half = expectSuccess(await login(username, operatorPassword, address)) as { token: string; stage: string };
    expect(half.stage).toBe('code');
    expectSuccess(await send(testApp.app, 'POST', 'admin/v1/login/code', { token: half.token, body: { code: totpCodeOf(secret, 1) } }));
    expectSuccess(await send(testApp.app, 'GET', 'admin/v1/withdrawals', { token: half.token }));
  });

  it('guessing one operator’s password is limited per account, from any number of addresses, the right password included', async () => {
    const username = uniqueName('target');
    await operatorWithTwoFactor(testApp.app, testApp.database.db, username);
    for (let guess = 0; guess < perAccount; guess += 1) {
      expect((await login(username, `guess number ${guess}`, `198.51.100.${guess + 1}`)).statusCode).toBe(401);
    }
    expectRateLimited(await login(username, 'guess number last', '198.51.100.99'));
    expectRateLimited(await login(username, operatorPassword, '198.51.100.100'));
  });
});

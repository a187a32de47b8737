import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCard, verifiedMember } from '../../tests/helpers/identity.ts';
import { looseAmounts } from '../../tests/helpers/hostile-values.ts';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import { expectFailure, expectSuccess, send, type Member } from '../../tests/helpers/members.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';

describe.each(databaseKinds())('one strict grammar for amounts and ids on %s', (kind) => {
  let testApp: TestApp;
  let member: Member;
  let cardId: number;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { WITHDRAWAL_COOLDOWN_HOURS: '0' });
    const verified = await verifiedMember(testApp.app, testApp.database.db);
    cardId = await addCard(testApp.app, verified);
    await fundMember(testApp.database.db, verified.id, points(10_000));
    member = verified;
  }, 180_000);
  afterAll(async () => {
    await testApp.close();
  });

  const mainWallet = async () =>
    expectSuccess(await send(testApp.app, 'GET', 'v1/userWallet', { token: member.token })).main_wallet as number;
  const withdraw = (payload: string, contentType = 'application/x-www-form-urlencoded') =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/withdraw',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': contentType },
      payload,
    });
  const deposit = (payload: string, contentType = 'application/x-www-form-urlencoded') =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/enjoycity/1/deposit',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': contentType },
      payload,
    });

  it('refuses loose amounts on withdraw and deposit, form and JSON, and moves nothing', async () => {
    const before = await mainWallet();
    const answers: string[] = [];
    const note = (what: string, response: LightMyRequestResponse) => {
      answers.push(`${what}: ${response.statusCode}`);
      if (response.statusCode !== 422) return;
      expect(expectFailure(response, 422).errors).toHaveProperty('amount');
    };
    for (const amount of looseAmounts) {
      note(
        `withdraw form ${JSON.stringify(amount)}`,
        await withdraw(new URLSearchParams({ bankcard_id: String(cardId), amount }).toString()),
      );
      note(`withdraw json ${JSON.stringify(amount)}`, await withdraw(JSON.stringify({ bankcard_id: cardId, amount }), 'application/json'));
      note(`deposit form ${JSON.stringify(amount)}`, await deposit(new URLSearchParams({ amount }).toString()));
      note(`deposit json ${JSON.stringify(amount)}`, await deposit(JSON.stringify({ amount }), 'application/json'));
    }
    expect(answers.filter((answer) => !answer.endsWith(': 422'))).toEqual([]);
    expect(await mainWallet()).toBe(before);
  });

  it('refuses an id with a leading zero or spaces', async () => {
    for (const id of ['01', ' 1', '1 ']) {
      const response = await withdraw(new URLSearchParams({ bankcard_id: id.replace('1', String(cardId)), amount: '100' }).toString());
      expect(expectFailure(response, 422).errors, id).toHaveProperty('bankcard_id');
    }
  });

  it('refuses a repeated form field or a duplicate JSON key with 400, and moves nothing', async () => {
    const before = await mainWallet();
    for (const response of [
      await withdraw(`bankcard_id=${cardId}&amount=100&amount=200`),
      await deposit('amount=100&amount=200'),
      await withdraw(`{"bankcard_id":${cardId},"amount":"100","amount":"250"}`, 'application/json'),
      await deposit('{"amount":"100","amount":"250"}', 'application/json'),
    ]) {
      expect(expectFailure(response, 400)).toMatchObject({ error_code: 'validation', errors: { amount: [expect.any(String)] } });
    }
    expect(await mainWallet()).toBe(before);
  });

  it('still takes the documented shapes: form text, JSON text and JSON numbers with up to four decimals', async () => {
    const before = await mainWallet();
    expect((await deposit('amount=100')).statusCode).toBeLessThan(300);
    expect((await deposit(JSON.stringify({ amount: '100.5' }), 'application/json')).statusCode).toBeLessThan(300);
    expect((await deposit(JSON.stringify({ amount: 100.1234 }), 'application/json')).statusCode).toBeLessThan(300);
    expect((await withdraw(JSON.stringify({ bankcard_id: cardId, amount: 100 }), 'application/json')).statusCode).toBe(201);
    expect(await mainWallet()).toBeCloseTo(before - 400.6234, 4);
  });
});

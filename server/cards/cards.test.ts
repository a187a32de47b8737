import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCard, verifiedMember } from '../../tests/helpers/identity.ts';
import { expectFailure, expectSuccess, registerMember, send, validationMessage } from '../../tests/helpers/members.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { duplicateCardMessage } from './cards.service.ts';
import { holderMismatchMessage, notVerifiedCardMessage } from './holder-name.ts';

interface Card {
  id: number;
  cardholder: string;
  card_number: string;
  card_last4: string;
  daily_quota: number | null;
  province: string | null;
}

describe.each(databaseKinds())('bank cards on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => {
    await testApp.close();
  });
  const verified = () => verifiedMember(testApp.app, testApp.database.db, 'Lin Mei');

  it('adds a card in the verified name; the list masks the number, the single card shows it whole', async () => {
    const member = await verified();
    const id = await addCard(testApp.app, member, { daily_quota: '5000', province: 'Taipei', card_number: '62258801234567' });
    const [listed] = expectSuccess(await send(testApp.app, 'GET', 'v1/bankcard', { token: member.token })) as Card[];
    expect(listed).toMatchObject({
      id,
      cardholder: 'Lin Mei',
      card_number: '**********4567',
      card_last4: '4567',
      daily_quota: 5000,
      province: 'Taipei',
    });
    const single = expectSuccess(await send(testApp.app, 'GET', `v1/bankcard/${id}`, { token: member.token })) as Card;
    expect(single.card_number).toBe('62258801234567');
  });

  it('keeps a 19-digit UnionPay number whole, never cut to the original app’s 14 digits', async () => {
    const member = await verified();
    const id = await addCard(testApp.app, member, { card_number: '6222021234567890123' });
    const single = expectSuccess(await send(testApp.app, 'GET', `v1/bankcard/${id}`, { token: member.token })) as Card;
    expect(single.card_number).toBe('6222021234567890123');
    const [listed] = expectSuccess(await send(testApp.app, 'GET', 'v1/bankcard', { token: member.token })) as Card[];
    expect(listed).toMatchObject({ card_number: '***************0123', card_last4: '0123' });
  });

  it('stores the number encrypted: the database holds neither the number nor anything that reveals it', async () => {
    const member = await verified();
    await addCard(testApp.app, member, { card_number: '98765432109876' });
    const rows = await testApp.database.db.selectFrom('bank_cards').selectAll().where('user_id', '=', member.id).execute();
    expect(JSON.stringify(rows)).not.toContain('98765432109876');
    expect(rows[0]?.card_number_cipher).toMatch(/^v1:/);
  });

  it('a card in another name is refused with 402 and the reason as detail; so is any card before verification', async () => {
    const member = await verified();
    const other = await send(testApp.app, 'POST', 'v1/bankcard', {
      token: member.token,
      body: { cardholder: 'Somebody Else', bank_name: 'Bank', card_number: '12345678', payment_name: 'Branch' },
    });
    expect(expectFailure(other, 402).detail).toBe(holderMismatchMessage);
    const unverified = await registerMember(testApp.app);
    const early = await send(testApp.app, 'POST', 'v1/bankcard', {
      token: unverified.token,
      body: { cardholder: 'Lin Mei', bank_name: 'Bank', card_number: '12345678', payment_name: 'Branch' },
    });
    expect(expectFailure(early, 402).detail).toBe(notVerifiedCardMessage);
  });

  it('names match as a clerk reads them: case and extra spaces do not count', async () => {
    const member = await verified();
    await addCard(testApp.app, member, { cardholder: '  lin   MEI ', card_number: '11112222333344' });
  });

  it('the same number twice for one member is 409', async () => {
    const member = await verified();
    await addCard(testApp.app, member, { card_number: '55556666777788' });
    const again = await send(testApp.app, 'POST', 'v1/bankcard', {
      token: member.token,
      body: { cardholder: 'Lin Mei', bank_name: 'Bank', card_number: '55556666777788', payment_name: 'Branch' },
    });
    expect(expectFailure(again, 409).message).toBe(duplicateCardMessage);
  });

  it.each([
    ['card_number', '1234abcd5678'],
    ['card_number', '62220212345678901234'],
    ['card_number', '12345'],
    ['card_number', ''],
    ['cardholder', ''],
    ['bank_name', ' '],
    ['payment_name', ''],
    ['daily_quota', '-5'],
    ['daily_quota', '50'],
    ['daily_quota', '1.12345'],
    ['bank_name', 'x'.repeat(10_000)],
  ] as const)('refuses %s = %j with 422 and writes nothing', async (field, value) => {
    const member = await verified();
    const body = { cardholder: 'Lin Mei', bank_name: 'Bank', card_number: '12345678', payment_name: 'Branch', [field]: value };
    const response = await send(testApp.app, 'POST', 'v1/bankcard', { token: member.token, body });
    expect(expectFailure(response, 422).message).toBe(validationMessage);
    expect(expectSuccess(await send(testApp.app, 'GET', 'v1/bankcard', { token: member.token }))).toEqual([]);
  });

  it('edits and deletes a card', async () => {
    const member = await verified();
    const id = await addCard(testApp.app, member);
    const edited = await send(testApp.app, 'PUT', `v1/bankcard/${id}`, {
      token: member.token,
      body: { cardholder: 'Lin Mei', bank_name: 'Mega Bank', card_number: '62258801234567', payment_name: 'Da-an branch', city: 'Taipei' },
    });
    expect(expectSuccess(edited)).toMatchObject({ id, bank_name: 'Mega Bank', city: 'Taipei' });
    expectSuccess(await send(testApp.app, 'DELETE', `v1/bankcard/${id}`, { token: member.token }));
    expectFailure(await send(testApp.app, 'GET', `v1/bankcard/${id}`, { token: member.token }), 404);
    expect(expectSuccess(await send(testApp.app, 'GET', 'v1/bankcard', { token: member.token }))).toEqual([]);
  });

  it('another member’s card: 403 on every call, never its data; no token: 401', async () => {
    const owner = await verified();
    const intruder = await verified();
    const id = await addCard(testApp.app, owner, { card_number: '44443333222211' });
    const body = { cardholder: 'Lin Mei', bank_name: 'Bank', card_number: '12345678', payment_name: 'Branch' };
    for (const [method, token] of [
      ['GET', intruder.token],
      ['PUT', intruder.token],
      ['DELETE', intruder.token],
    ] as const) {
      const response = await send(testApp.app, method, `v1/bankcard/${id}`, { token, ...(method === 'PUT' ? { body } : {}) });
      expectFailure(response, 403);
      expect(response.body).not.toContain('2211');
    }
    expectFailure(await send(testApp.app, 'GET', 'v1/bankcard'), 401);
    expect((expectSuccess(await send(testApp.app, 'GET', `v1/bankcard/${id}`, { token: owner.token })) as Card).card_last4).toBe('2211');
  });
});

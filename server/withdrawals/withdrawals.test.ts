import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCard, verifiedMember } from '../../tests/helpers/identity.ts';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import { expectFailure, expectSuccess, send, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import {
  belowMinimumMessage,
  coolingDownMessage,
  insufficientMessage,
  notAcceptedMessage,
  notVerifiedMessage,
  overQuotaMessage,
} from './withdrawals.service.ts';

interface Withdrawal {
  id: number;
  amount: number;
  status: number;
  reason: string | null;
  bankcard: { id: number; card_last4: string };
}

describe.each(databaseKinds())('withdrawals on %s', (kind) => {
  let testApp: TestApp;
  let operator: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { WITHDRAWAL_COOLDOWN_HOURS: '0' });
    operator = await operatorToken(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    const audit = await auditLedger(testApp.database.db);
    expect(audit).toMatchObject({ unbalancedJournals: [], driftedAccounts: [], negativeAccounts: [], total: 0n });
    await testApp.close();
  });

  /** A verified member with `balance` points and one card in their name. */
  async function withdrawer(balance: number, card: Record<string, string> = {}) {
    const member = await verifiedMember(testApp.app, testApp.database.db, 'Lin Mei');
    if (balance > 0) await fundMember(testApp.database.db, member.id, points(balance));
    const cardId = await addCard(testApp.app, member, card);
    return { member, cardId };
  }
  const withdraw = (member: Member, cardId: number, amount: string, key?: string) =>
    send(testApp.app, 'POST', 'v1/withdraw', {
      token: member.token,
      body: { bankcard_id: cardId, amount },
      ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
    });
  const mainWallet = async (member: Member) =>
    (expectSuccess(await send(testApp.app, 'GET', 'v1/userWallet', { token: member.token })) as { main_wallet: number }).main_wallet;

  it('holds the amount at once; the operator pays it out and the history shows it completed', async () => {
    const { member, cardId } = await withdrawer(1000);
    const held = expectSuccess(await withdraw(member, cardId, '100'), 201) as Withdrawal;
    expect(held).toMatchObject({ amount: 100, status: 1, bankcard: { id: cardId, card_last4: '4567' } });
    expect(await mainWallet(member)).toBe(900);

    const queue = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/withdrawals?status=accepted', { token: operator })) as {
      data: Withdrawal[];
    };
    expect(queue.data.map((row) => row.id)).toContain(held.id);
    const paid = expectSuccess(
      await send(testApp.app, 'POST', `admin/v1/withdrawals/${held.id}/pay`, { token: operator, body: { bank_reference: 'TX-1' } }),
    );
    expect(paid).toMatchObject({ id: held.id, status: 2 });
    expect(await mainWallet(member)).toBe(900);
    const history = expectSuccess(await send(testApp.app, 'GET', 'v1/withdraw', { token: member.token })) as { data: Withdrawal[] };
    expect(history.data[0]).toMatchObject({ id: held.id, status: 2 });
  });

  it('a rejected withdrawal returns the amount, with the reason the member reads', async () => {
    const { member, cardId } = await withdrawer(300);
    const held = expectSuccess(await withdraw(member, cardId, '250.5'), 201) as Withdrawal;
    expect(await mainWallet(member)).toBe(49.5);
    const rejected = expectSuccess(
      await send(testApp.app, 'POST', `admin/v1/withdrawals/${held.id}/reject`, {
        token: operator,
        body: { reason: 'Card closed at the bank' },
      }),
    );
    expect(rejected).toMatchObject({ status: 3, reason: 'Card closed at the bank' });
    expect(await mainWallet(member)).toBe(300);
    expect(
      expectFailure(
        await send(testApp.app, 'POST', `admin/v1/withdrawals/${held.id}/pay`, { token: operator, body: { bank_reference: 'x' } }),
        409,
      ).message,
    ).toBe(notAcceptedMessage);
  });

  it('refuses below 100, beyond the balance and without approved verification, moving nothing', async () => {
    const { member, cardId } = await withdrawer(150);
    expect(expectFailure(await withdraw(member, cardId, '99.9999'), 422).message).toBe(belowMinimumMessage);
    expect(expectFailure(await withdraw(member, cardId, '0'), 422).message).toBe(belowMinimumMessage);
    expect(expectFailure(await withdraw(member, cardId, '150.0001'), 422).message).toBe(insufficientMessage);
    expectFailure(await withdraw(member, cardId, 'abc'), 422);
    expectFailure(await withdraw(member, cardId, '100.12345'), 422);
    await testApp.database.db.updateTable('users').set({ verification_status: 'pending' }).where('id', '=', member.id).execute();
    expect(expectFailure(await withdraw(member, cardId, '100'), 422).message).toBe(notVerifiedMessage);
    expect(await mainWallet(member)).toBe(150);
    const history = expectSuccess(await send(testApp.app, 'GET', 'v1/withdraw', { token: member.token })) as { data: unknown[] };
    expect(history.data).toEqual([]);
  });

  it('honours the card’s daily quota, counting what is held and paid that day', async () => {
    const { member, cardId } = await withdrawer(2000, { daily_quota: '300' });
    expectSuccess(await withdraw(member, cardId, '200'), 201);
    expect(expectFailure(await withdraw(member, cardId, '100.0001'), 422).message).toBe(overQuotaMessage);
    expectSuccess(await withdraw(member, cardId, '100'), 201);
    expect(await mainWallet(member)).toBe(1700);
  });

  it('withdrawals racing for one daily quota never exceed it', async () => {
    const { member, cardId } = await withdrawer(5000, { daily_quota: '300' });
    const responses = await Promise.all(Array.from({ length: 8 }, () => withdraw(member, cardId, '100')));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(3);
    expect(await mainWallet(member)).toBe(4700);
  });

  it('withdrawals racing for one balance never take it below zero', async () => {
    const { member, cardId } = await withdrawer(500);
    const second = await addCard(testApp.app, member, { card_number: '11112222333344' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => withdraw(member, index % 2 === 0 ? cardId : second, '100')),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(5);
    for (const refused of responses.filter((response) => response.statusCode !== 201))
      expect(expectFailure(refused, 422).message).toBe(insufficientMessage);
    expect(await mainWallet(member)).toBe(0);
  });

  it('the same Idempotency-Key moves money once; reused for another amount it is 409', async () => {
    const { member, cardId } = await withdrawer(1000);
    const first = expectSuccess(await withdraw(member, cardId, '100', 'withdraw-key-1'), 201) as Withdrawal;
    const retries = await Promise.all([
      withdraw(member, cardId, '100', 'withdraw-key-1'),
      withdraw(member, cardId, '100', 'withdraw-key-1'),
    ]);
    for (const retry of retries) expect((expectSuccess(retry) as Withdrawal).id).toBe(first.id);
    expect(await mainWallet(member)).toBe(900);
    expectFailure(await withdraw(member, cardId, '200', 'withdraw-key-1'), 409);
  });

  it('two operators deciding one withdrawal at once: exactly one takes effect', async () => {
    const { member, cardId } = await withdrawer(400);
    const held = expectSuccess(await withdraw(member, cardId, '400'), 201) as Withdrawal;
    const other = await operatorToken(testApp.app, testApp.database.db);
    const [pay, reject] = await Promise.all([
      send(testApp.app, 'POST', `admin/v1/withdrawals/${held.id}/pay`, { token: operator, body: { bank_reference: 'TX-9' } }),
      send(testApp.app, 'POST', `admin/v1/withdrawals/${held.id}/reject`, { token: other, body: { reason: 'duplicate' } }),
    ]);
    expect([pay.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
    expect(await mainWallet(member)).toBe(pay.statusCode === 200 ? 0 : 400);
  });

  it('the operator reveals the whole card to pay it, each reveal audited; members and strangers cannot', async () => {
    const { member, cardId } = await withdrawer(1000, { card_number: '6222021234567890123', province: 'Taiwan', city: 'Taipei' });
    const held = expectSuccess(await withdraw(member, cardId, '200'), 201) as Withdrawal;
    const reveal = (token: string | undefined, id: number) =>
      send(testApp.app, 'POST', `admin/v1/withdrawals/${id}/card`, token === undefined ? {} : { token });
    const response = await reveal(operator, held.id);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(expectSuccess(response)).toEqual({
      withdrawal_id: held.id,
      cardholder: 'Lin Mei',
      bank_name: expect.any(String),
      branch: expect.any(String),
      province: 'Taiwan',
      city: 'Taipei',
      card_number: '6222021234567890123',
    });
    const audit = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/audit', { token: operator })) as {
      data: { action: string; subject_id: string; after: unknown }[];
    };
    const entry = audit.data.find((row) => row.action === 'withdrawal.card_reveal' && row.subject_id === String(held.id));
    expect(entry?.after).toEqual({ card_last4: '0123' });
    expect(JSON.stringify(audit.data)).not.toContain('6222021234567890123');
    expectFailure(await reveal(member.token, held.id), 403);
    expectFailure(await reveal(undefined, held.id), 401);
    expectFailure(await reveal(operator, 999_999_999), 404);
  });

  it('another member’s card is refused and nothing moves; members cannot reach the payout queue', async () => {
    const { cardId } = await withdrawer(0);
    const { member } = await withdrawer(500);
    expectFailure(await withdraw(member, cardId, '100'), 403);
    expect(await mainWallet(member)).toBe(500);
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/withdrawals', { token: member.token }), 403);
    expectFailure(await send(testApp.app, 'POST', 'v1/withdraw', { body: { bankcard_id: cardId, amount: '100' } }), 401);
  });
});

describe.each(databaseKinds())('the withdrawal wait after a new card or password on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { WITHDRAWAL_COOLDOWN_HOURS: '24' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('a new card waits 24 hours, and says until when', async () => {
    const member = await verifiedMember(testApp.app, testApp.database.db, 'Lin Mei');
    await fundMember(testApp.database.db, member.id, points(500));
    const cardId = await addCard(testApp.app, member);
    const response = await send(testApp.app, 'POST', 'v1/withdraw', { token: member.token, body: { bankcard_id: cardId, amount: '100' } });
    const body = expectFailure(response, 422);
    expect(body.message).toBe(coolingDownMessage);
    const availableAt = new Date((body.detail as { available_at: string }).available_at).getTime();
    expect(availableAt - Date.now()).toBeGreaterThan(23 * 3600_000);
    // The card list says the same before anyone tries, so the withdrawal screen can tell the member up front.
    const waitingUntil = async () => {
      const cards = expectSuccess(await send(testApp.app, 'GET', 'v1/bankcard', { token: member.token })) as {
        id: number;
        withdrawable_from: string | null;
      }[];
      return cards.find((card) => card.id === cardId)?.withdrawable_from;
    };
    expect(await waitingUntil()).toBe(new Date(availableAt).toISOString());

    // A day later the card is usable, until the password changes.
    await testApp.database.db
      .updateTable('bank_cards')
      .set({ number_changed_at: new Date(Date.now() - 25 * 3600_000) })
      .where('id', '=', cardId)
      .execute();
    expect(await waitingUntil()).toBeNull();
    expectSuccess(
      await send(testApp.app, 'POST', 'v1/withdraw', { token: member.token, body: { bankcard_id: cardId, amount: '100' } }),
      201,
    );
    expectSuccess(
      await send(testApp.app, 'PUT', `v1/user/updatePasswordAndParent/${member.id}`, {
        token: member.token,
        body: { old_password: member.password, password: 'newpass9', password_confirmation: 'newpass9' },
      }),
    );
    const after = await send(testApp.app, 'POST', 'v1/withdraw', { token: member.token, body: { bankcard_id: cardId, amount: '100' } });
    expect(expectFailure(after, 422).message).toBe(coolingDownMessage);
    expect(await waitingUntil()).toBe((expectFailure(after, 422).detail as { available_at: string }).available_at);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCard, verifiedMember } from '../../tests/helpers/identity.ts';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import { expectFailure, expectSuccess, send } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { notifyPayment, placeOrder } from '../../tests/helpers/orders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { suspendedMessage } from '../orders/order.service.ts';
import { notSuspendedMessage } from './members.service.ts';

describe.each(databaseKinds())('suspension pending review, and reinstatement, on %s', (kind) => {
  let testApp: TestApp;
  let operator: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { WITHDRAWAL_COOLDOWN_HOURS: '0' });
    operator = await operatorToken(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('a payment from someone else does not suspend the member; suspension is its own reasoned step, undone by reinstating', async () => {
    const member = await verifiedMember(testApp.app, testApp.database.db, 'Lin Mei');
    await fundMember(testApp.database.db, member.id, points(500));
    const cardId = await addCard(testApp.app, member);
    const order = await placeOrder(testApp.app, member);
    await notifyPayment(testApp.app, member, order.id);
    const mismatch = await send(testApp.app, 'POST', `admin/v1/orders/${order.id}/confirm`, {
      token: operator,
      body: {
        payer_name: 'Somebody Else',
        bank_reference: 'R-1',
        different_payer: true,
        different_payer_reason: 'Paid from a third party account',
        payer_bank: 'First Bank',
        payer_account: '12345',
      },
    });
    expectSuccess(mismatch);

    const withdraw = () => send(testApp.app, 'POST', 'v1/withdraw', { token: member.token, body: { bankcard_id: cardId, amount: '100' } });
    // Decision 050: the different payer alone suspends nobody.
    expectSuccess(await withdraw(), 201);
    expectSuccess(
      await send(testApp.app, 'POST', `admin/v1/members/${member.id}/suspend`, {
        token: operator,
        body: { reason: 'Third-party payments need a review' },
      }),
    );
    expect(expectFailure(await withdraw(), 403).message).toBe(suspendedMessage);

    const queue = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/members?status=suspended', { token: operator })) as {
      data: { id: number; account_status: string }[];
    };
    expect(queue.data.map((row) => row.id)).toContain(member.id);

    expectFailure(
      await send(testApp.app, 'POST', `admin/v1/members/${member.id}/reinstate`, { token: operator, body: { note: ' ' } }),
      422,
    );
    expectSuccess(
      await send(testApp.app, 'POST', `admin/v1/members/${member.id}/reinstate`, {
        token: operator,
        body: { note: 'payer was the spouse; refunded' },
      }),
    );
    expect(
      expectFailure(
        await send(testApp.app, 'POST', `admin/v1/members/${member.id}/reinstate`, { token: operator, body: { note: 'again' } }),
        409,
      ).message,
    ).toBe(notSuspendedMessage);
    expectSuccess(await withdraw(), 201);

    const audit = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/audit', { token: operator })) as { data: { action: string }[] };
    expect(audit.data.map((row) => row.action)).toContain('member.reinstate');
  });

  it('members cannot see the review list or reinstate anyone', async () => {
    const member = await verifiedMember(testApp.app, testApp.database.db, 'Lin Mei');
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/members', { token: member.token }), 403);
    expectFailure(
      await send(testApp.app, 'POST', `admin/v1/members/${member.id}/reinstate`, { token: member.token, body: { note: 'me' } }),
      403,
    );
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCard, verifiedMember } from '../../tests/helpers/identity.ts';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import { check, expectFailure, expectSuccess, registerMember, send, uniqueName, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { orderBody, placeOrder } from '../../tests/helpers/orders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { suspendedMessage } from '../orders/order.service.ts';

interface Found {
  id: number;
  username: string;
  account_status: string;
}

interface Page {
  id: number;
  username: string;
  account_status: string;
  verification: { status: string };
  wallets: { main: string; partners: { id: number; balance: string }[] };
  cards: Record<string, unknown>[];
  sessions: { last_seen_at: string }[];
}

describe.each(databaseKinds())('members in the back office, on %s', (kind) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let operator: string;
  let lin: Member & { realname: string };
  let other: Member;
  let orderNumber: string;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    app = testApp.app;
    operator = await operatorToken(app, testApp.database.db);
    lin = await verifiedMember(app, testApp.database.db, 'Zhang Xiaolin');
    other = await registerMember(app, { username: uniqueName('other') });
    await testApp.database.db.updateTable('users').set({ phone: '+886 912 345 678' }).where('id', '=', lin.id).execute();
    await fundMember(testApp.database.db, lin.id, points(500));
    await fundMember(testApp.database.db, other.id, points(9));
    await addCard(app, lin);
    orderNumber = (await placeOrder(app, lin)).order_number;
    await placeOrder(app, other);
    expectSuccess(await send(app, 'POST', 'v1/enjoycity/1/deposit', { token: lin.token, body: { amount: '120' } }), 201);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const admin = (method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) =>
    send(app, method, `admin/v1/members${path}`, { token: operator, ...(body === undefined ? {} : { body, json: true }) });
  const search = async (q: string) =>
    (expectSuccess(await admin('GET', `?q=${encodeURIComponent(q)}`)) as { data: Found[]; total: number }).data.map((row) => row.id);
  const page = async (id: number) => expectSuccess(await admin('GET', `/${id}`)) as Page;

  it('finds a member by any part of the username, real name, phone or order number, in any case', async () => {
    expect(await search(lin.username.slice(7).toUpperCase())).toEqual([lin.id]);
    expect(await search('xiaolin')).toEqual([lin.id]);
    expect(await search('912 345')).toEqual([lin.id]);
    expect(await search(orderNumber.slice(-6).toLowerCase())).toEqual([lin.id]);
    expect(await search('nobody-by-this-name')).toEqual([]);
  });

  it('takes wildcards and quotes as plain text: no injection, no match-all', async () => {
    expect(await search('%')).toEqual([]);
    // Unescaped, "_" would match the space in "Zhang Xiaolin".
    expect(await search('Zhang_Xiaolin')).toEqual([]);
    expect(await search("' or 1=1 --")).toEqual([]);
    const count = await testApp.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThan(1);
  });

  it('pages the results on the server', async () => {
    const answer = expectSuccess(await admin('GET', '?q=member_&page=1')) as { per_page: number; current_page: number };
    expect(answer).toMatchObject({ current_page: 1, per_page: 15 });
  });

  it('a member’s page shows only their own orders, wallets, ledger, masked cards and sessions', async () => {
    const shown = await page(lin.id);
    expect(shown).toMatchObject({ id: lin.id, username: lin.username, account_status: 'active', verification: { status: 'approved' } });
    expect(shown.wallets.main).toBe('380.0000');
    expect(shown.wallets.partners.find((wallet) => wallet.id === 1)?.balance).toBe('120.0000');
    expect(shown.cards).toHaveLength(1);
    expect(shown.cards[0]).toMatchObject({ bank_name: 'Bank of Taiwan', last4: '4567' });
    expect(JSON.stringify(shown.cards)).not.toContain('62258801234567');
    expect(shown.sessions.length).toBeGreaterThan(0);

    const orders = expectSuccess(await admin('GET', `/${lin.id}/orders`)) as { data: { order_number: string }[] };
    expect(orders.data.map((order) => order.order_number)).toEqual([orderNumber]);
    const ledger = expectSuccess(await admin('GET', `/${lin.id}/ledger`)) as { data: { kind: string; amount: string }[]; total: number };
    expect(ledger.total).toBe(3);
    expect(ledger.data.map((line) => line.amount)).toContain('-120.0000');
    const theirs = await page(other.id);
    expect(theirs.wallets.main).toBe('9.0000');
    expect(theirs.cards).toEqual([]);
    expectFailure(await admin('GET', '/999999'), 404);
    expectFailure(await admin('GET', '/999999/ledger'), 404);
  });

  it('suspends with a reason only, keeps what suspension already meant, and reinstates with a reason; both audited', async () => {
    const target = await registerMember(app);
    const bad = expectFailure(await admin('POST', `/${target.id}/suspend`, { reason: '  ' }), 422);
    expect(Object.keys(bad.errors)).toEqual(['reason']);
    expectFailure(await admin('POST', `/${target.id}/suspend`, {}), 422);
    expect((await page(target.id)).account_status).toBe('active');

    expectSuccess(await admin('POST', `/${target.id}/suspend`, { reason: 'Chargeback reported by the bank' }));
    expect(expectFailure(await admin('POST', `/${target.id}/suspend`, { reason: 'again' }), 409).error_code).toBe(
      'member_already_suspended',
    );
    expect((await page(target.id)).account_status).toBe('suspended');
    // As before: still logged in, but no new order.
    expectSuccess(await check(app, target.token));
    const order = await send(app, 'POST', 'v1/order', { token: target.token, body: orderBody() });
    expect(expectFailure(order, 403).message).toBe(suspendedMessage);

    expectFailure(await admin('POST', `/${target.id}/reinstate`, { note: '' }), 422);
    expectSuccess(await admin('POST', `/${target.id}/reinstate`, { note: 'Bank withdrew the claim' }));
    expect((await page(target.id)).account_status).toBe('active');

    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('subject_id', '=', String(target.id))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['member.suspend', 'member.reinstate']);
    expect(audit[0]?.before).toEqual({ account_status: 'active' });
    expect(audit[0]?.after).toEqual({ account_status: 'suspended', reason: 'Chargeback reported by the bank' });
  });

  it('ending a member’s sessions refuses their tokens at once; a reason is required', async () => {
    const target = await registerMember(app);
    expectSuccess(await check(app, target.token));
    expectFailure(await admin('POST', `/${target.id}/sessions/revoke`, { reason: '' }), 422);
    expectSuccess(await check(app, target.token));
    const ended = expectSuccess(await admin('POST', `/${target.id}/sessions/revoke`, { reason: 'Phone reported stolen' })) as {
      ended: number;
    };
    expect(ended.ended).toBe(1);
    expect(expectFailure(await check(app, target.token), 401).error_code).toBe('session_expired');
    expect((await page(target.id)).sessions).toEqual([]);
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('subject_id', '=', String(target.id))
      .where('action', '=', 'member.sessions_end')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ before: { open_sessions: 1 }, after: { open_sessions: 0, reason: 'Phone reported stolen' } });
  });

  it('is for operators only: 401 without a token, 403 with a member’s', async () => {
    for (const [method, path] of [
      ['GET', '?q=a'],
      ['GET', `/${lin.id}`],
      ['GET', `/${lin.id}/orders`],
      ['GET', `/${lin.id}/ledger`],
      ['POST', `/${lin.id}/suspend`],
      ['POST', `/${lin.id}/sessions/revoke`],
    ] as const) {
      const body = method === 'POST' ? { reason: 'x' } : undefined;
      expectFailure(await send(app, method, `admin/v1/members${path}`, { ...(body ? { body } : {}) }), 401);
      expect(
        expectFailure(await send(app, method, `admin/v1/members${path}`, { token: lin.token, ...(body ? { body } : {}) }), 403).error_code,
      ).toBe('operators_only');
    }
    expect((await page(lin.id)).account_status).toBe('active');
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess, registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { notifyPayment, placeOrder } from '../../tests/helpers/orders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';

interface Account {
  id: number;
  position: number;
  bank_name: string;
  account_number: string;
  type: string;
  locales: string[];
  countries_id: number[];
  enabled: boolean;
  disabled_reason: string | null;
  demo: boolean;
}

interface Shown {
  id: number;
  bank_name: string;
  demo: boolean;
  remittance_account_type: { type: string };
}

const realAccount = {
  bank_name: 'Cathay United Bank',
  branch: 'Xinyi',
  account_holder: 'Graphene Solar Co., Ltd.',
  account_number: '0130-5012-3456',
  type: 'Taiwan',
};

const tronAddress = 'TXyZ9h3bVd1aQfJ4u8mKc2rPzN7sLwE5gT';

describe.each(databaseKinds())('receiving accounts, not in demo mode, on %s', (kind) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let operator: string;
  let member: Member;

  beforeAll(async () => {
    testApp = await createTestApp(kind, { DEMO_MODE: 'false' });
    app = testApp.app;
    operator = await operatorToken(app, testApp.database.db);
    // A real install offers a seeded sample room only once an operator confirms its capacity (decision 052).
    expectSuccess(
      await send(app, 'PUT', 'admin/v1/engine-rooms/1/capacity', {
        token: operator,
        body: { capacity_units: 23, reason: 'counted on site' },
      }),
    );
    member = await registerMember(app);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const admin = (method: 'GET' | 'POST' | 'PUT', path: string, body?: Record<string, unknown>) =>
    send(app, method, `admin/v1/receiving-accounts${path}`, { token: operator, ...(body === undefined ? {} : { body, json: true }) });
  const shown = async (query = '', token?: string) =>
    expectSuccess(await send(app, 'GET', `v1/remittanceAccount${query}`, { token })) as Shown[];
  const listed = async () => (expectSuccess(await admin('GET', '')) as { data: Account[] }).data;
  const add = async (fields: Record<string, unknown> = {}) =>
    expectSuccess(await admin('POST', '', { ...realAccount, ...fields }), 201) as Account;
  const auditOf = (subjectId: number | string, action: string) =>
    testApp.database.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after', 'operator_id'])
      .where('subject_id', '=', String(subjectId))
      .where('action', '=', action)
      .execute();

  it('is for operators only: 401 without a token, 403 with a member’s', async () => {
    for (const [method, path] of [
      ['GET', ''],
      ['POST', ''],
      ['PUT', '/1'],
      ['POST', '/1/move'],
      ['GET', '/virtual-currency'],
      ['PUT', '/virtual-currency'],
    ] as const) {
      expectFailure(await send(app, method, `admin/v1/receiving-accounts${path}`, { body: {} }), 401);
      expect(
        expectFailure(await send(app, method, `admin/v1/receiving-accounts${path}`, { token: member.token, body: {} }), 403).error_code,
      ).toBe('operators_only');
    }
  });

  it('a fresh install shows members no account, refuses a payment notice, and lists the seeded ones to operators as demo', async () => {
    expect(await shown()).toEqual([]);
    expect(await shown('?locale=zhs', member.token)).toEqual([]);
    const order = await placeOrder(app, member);
    expect(expectFailure(await notifyPayment(app, member, order.id), 409).error_code).toBe('payments_not_open');
    const accounts = await listed();
    expect(accounts.map((account) => [account.type, account.demo, account.locales])).toEqual([
      ['China', true, ['zhs', 'zht', 'eng']],
      ['Vietnam', true, ['zhs', 'zht', 'eng']],
      ['Taiwan', true, []],
    ]);
    // Naming a demo account does not get round it.
    expect(expectFailure(await notifyPayment(app, member, order.id, { remittance_account_id: 1 }), 422).error_code).toBe(
      'receiving_account_unavailable',
    );
  });

  it('refuses bad input field by field and writes nothing', async () => {
    const before = (await listed()).length;
    const blank = expectFailure(await admin('POST', '', { ...realAccount, bank_name: ' ', branch: '' }), 422);
    expect(Object.keys(blank.errors).sort()).toEqual(['bank_name', 'branch']);
    for (const [fields, field, code] of [
      [{ account_number: '12' }, 'account_number', 'receiving_account_number_invalid'],
      [{ account_number: 'ABCD-EFGH' }, 'account_number', 'receiving_account_number_invalid'],
      [{ account_number: '1234<script>' }, 'account_number', 'receiving_account_number_invalid'],
      [{ locales: 'zhs,fr' }, 'locales', 'validation'],
      [{ countries_id: '1,99' }, 'countries_id', 'validation'],
      [{ countries_id: 'China' }, 'countries_id', 'validation'],
    ] as const) {
      const body = expectFailure(await admin('POST', '', { ...realAccount, ...fields }), 422);
      expect(body.error_code).toBe(code);
      expect(Object.keys(body.errors)).toEqual([field]);
    }
    expect(await listed()).toHaveLength(before);
    expectFailure(await admin('PUT', '/999999', { enabled: false, reason: 'gone' }), 404);
    expect(expectFailure(await admin('PUT', '/1', { account_number: '6222020000001111' }), 409).error_code).toBe(
      'receiving_account_demo_fixed',
    );
  });

  it('a real account is shown to members and taken for payment; disabled, it is hidden but stays on the old order', async () => {
    const account = await add({ locales: 'zhs, zht ,eng' });
    expect(account).toMatchObject({ demo: false, enabled: true, locales: ['zhs', 'zht', 'eng'], countries_id: [] });
    expect((await shown('?locale=zht', member.token)).map((item) => [item.id, item.demo])).toEqual([[account.id, false]]);

    const order = await placeOrder(app, member);
    expectSuccess(await notifyPayment(app, member, order.id), 201);
    const paid = expectSuccess(await send(app, 'GET', `v1/order/${order.id}`, { token: member.token })) as {
      order_notice: { remittance_account: { id: number; demo: boolean } | null };
    };
    expect(paid.order_notice.remittance_account).toMatchObject({ id: account.id, bank_name: realAccount.bank_name, demo: false });

    expect(Object.keys(expectFailure(await admin('PUT', `/${account.id}`, { enabled: false }), 422).errors)).toEqual(['reason']);
    const disabled = expectSuccess(
      await admin('PUT', `/${account.id}`, { enabled: false, reason: 'Account closed by the bank' }),
    ) as Account;
    expect(disabled).toMatchObject({ enabled: false, disabled_reason: 'Account closed by the bank' });
    expect(await shown('?locale=zht', member.token)).toEqual([]);
    const later = expectSuccess(await send(app, 'GET', `v1/order/${order.id}`, { token: member.token })) as typeof paid;
    expect(later.order_notice.remittance_account).toMatchObject({ id: account.id });
    // The operator checks that account's statement: the queue names it, disabled or not.
    const queue = expectSuccess(await send(app, 'GET', 'admin/v1/order-notices?status=pending', { token: operator })) as {
      data: { order: { id: number }; remittance_account: unknown }[];
    };
    expect(queue.data.find((notice) => notice.order.id === order.id)?.remittance_account).toEqual({
      id: account.id,
      bank_name: realAccount.bank_name,
      account_number: realAccount.account_number,
      demo: false,
    });

    const [added] = await auditOf(account.id, 'receiving_account.add');
    expect(added?.after).toMatchObject({ bank_name: realAccount.bank_name, demo: false });
    const [off] = await auditOf(account.id, 'receiving_account.disable');
    expect(off?.before).toMatchObject({ enabled: true });
    expect(off?.after).toMatchObject({ enabled: false, reason: 'Account closed by the bank' });
    expect(off?.operator_id).toEqual(expect.any(Number));

    const on = expectSuccess(await admin('PUT', `/${account.id}`, { enabled: true })) as Account;
    expect(on).toMatchObject({ enabled: true, disabled_reason: null });
    await admin('PUT', `/${account.id}`, { enabled: false, reason: 'Keep the next tests apart' });
  });

  it('each account is shown on the sites and to the member countries the operator chose', async () => {
    const zhtOnly = await add({ account_number: '0130-5012-0001', locales: 'zht' });
    const vietnamese = await add({ account_number: '0130-5012-0002', countries_id: '2' });
    const nowhere = await add({ account_number: '0130-5012-0003', locales: '' });
    const ids = async (query: string, token?: string) => (await shown(query, token)).map((item) => item.id);

    expect(await ids('?locale=zht')).toEqual([zhtOnly.id]);
    expect(await ids('?locale=zhs')).toEqual([]);
    expect(await ids('')).toEqual([zhtOnly.id]);
    expect(await ids('?locale=eng', member.token)).toEqual([]);
    const vietnam = await registerMember(app);
    await testApp.database.db.updateTable('users').set({ countries_id: 2 }).where('id', '=', vietnam.id).execute();
    expect(await ids('?locale=eng', vietnam.token)).toEqual([vietnamese.id]);
    expect(await ids('?locale=zht', vietnam.token)).toEqual([zhtOnly.id, vietnamese.id]);
    // A stale token is a visitor, not a 401: the list is public.
    expect(await ids('?locale=eng', 'not-a-live-token')).toEqual([]);
    expect(await ids('?locale=zht', member.token)).not.toContain(nowhere.id);

    // Reordering moves the account in the members' list and is audited.
    const moved = expectSuccess(await admin('POST', `/${vietnamese.id}/move`, { direction: 'up' })) as Account;
    expect(await ids('?locale=zht', vietnam.token)).toEqual([vietnamese.id, zhtOnly.id]);
    expect((await auditOf(vietnamese.id, 'receiving_account.move'))[0]?.after).toEqual({ position: moved.position });
    expectFailure(await admin('POST', `/${vietnamese.id}/move`, { direction: 'left' }), 422);

    // Editing who sees it is audited with before and after.
    expectSuccess(await admin('PUT', `/${zhtOnly.id}`, { locales: 'zhs' }));
    expect(await ids('?locale=zht')).toEqual([]);
    const [edit] = await auditOf(zhtOnly.id, 'receiving_account.edit');
    expect(edit?.before).toMatchObject({ locales: ['zht'] });
    expect(edit?.after).toMatchObject({ locales: ['zhs'] });
    for (const account of [zhtOnly, vietnamese, nowhere]) await admin('PUT', `/${account.id}`, { enabled: false, reason: 'done' });
  });

  it('virtual currency becomes available with its address, network and QR code once an operator sets them', async () => {
    const method = async () =>
      ((await (expectSuccess(await send(app, 'GET', 'v1/paymentMethod')) as Record<string, unknown>[])) ?? []).find(
        (item) => item.id === 2,
      );
    expect(await method()).toMatchObject({ available: false, serial_number: null, qr: null });
    expect(expectFailure(await send(app, 'POST', 'v1/order', { token: member.token, body: orderFields(2) }), 422).errors).toHaveProperty(
      'payment_method_id',
    );

    expect(expectFailure(await admin('PUT', '/virtual-currency', { address: 'short', network: 'TRC-20' }), 422).error_code).toBe(
      'virtual_currency_address_invalid',
    );
    expect(Object.keys(expectFailure(await admin('PUT', '/virtual-currency', { address: tronAddress }), 422).errors)).toEqual(['network']);
    expect(expectFailure(await admin('PUT', '/virtual-currency', { enabled: true }), 422).error_code).toBe(
      'virtual_currency_address_invalid',
    );

    const set = expectSuccess(await admin('PUT', '/virtual-currency', { address: tronAddress, network: 'TRC-20' })) as Record<
      string,
      unknown
    >;
    expect(set).toMatchObject({ address: tronAddress, network: 'TRC-20', enabled: true });
    const available = await method();
    expect(available).toMatchObject({ available: true, serial_number: tronAddress, network: 'TRC-20' });
    const qr = available?.qr as { size: number; path: string };
    expect(qr.size).toBeGreaterThanOrEqual(21 + 8);
    expect(qr.path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);

    const order = expectSuccess(await send(app, 'POST', 'v1/order', { token: member.token, body: orderFields(2) }), 201) as { id: number };
    expectSuccess(await notifyPayment(app, member, order.id), 201);

    expect(Object.keys(expectFailure(await admin('PUT', '/virtual-currency', { enabled: false }), 422).errors)).toEqual(['reason']);
    expectSuccess(await admin('PUT', '/virtual-currency', { enabled: false, reason: 'Wallet moved' }));
    expect(await method()).toMatchObject({ available: false, serial_number: null, qr: null });
    const audit = await auditOf(2, 'virtual_currency.disable');
    expect(audit[0]?.after).toMatchObject({ enabled: false, address: tronAddress, reason: 'Wallet moved' });
  });
});

describe.each(databaseKinds())('receiving accounts in demo mode on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { DEMO_MODE: 'true' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('members see the demo accounts labelled demo, may pay against one, and an operator sees them as demo', async () => {
    const { app } = testApp;
    const member = await registerMember(app);
    const accounts = expectSuccess(await send(app, 'GET', 'v1/remittanceAccount?locale=zht', { token: member.token })) as Shown[];
    expect(accounts.map((account) => [account.remittance_account_type.type, account.demo])).toEqual([
      ['China', true],
      ['Vietnam', true],
    ]);
    const order = await placeOrder(app, member);
    expectSuccess(await notifyPayment(app, member, order.id, { remittance_account_id: accounts[0]?.id }), 201);
    const operator = await operatorToken(app, testApp.database.db);
    const listed = expectSuccess(await send(app, 'GET', 'admin/v1/receiving-accounts', { token: operator })) as { data: Account[] };
    expect(listed.data.every((account) => account.demo)).toBe(true);
  });
});

function orderFields(paymentMethodId: number): Record<string, unknown> {
  return {
    'item_content[0][product_id]': 1,
    'item_content[0][count]': 1,
    delivery_method_id: 1,
    engine_room_id: 1,
    payment_method_id: paymentMethodId,
    amount: '3000',
  };
}

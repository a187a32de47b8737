import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatus } from '../../contract/statuses.ts';
import { verifiedMember } from '../../tests/helpers/identity.ts';
import { expectFailure, expectSuccess, registerMember, send } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { notifyPayment, placeOrder } from '../../tests/helpers/orders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { businessDate } from '../db/business-day.ts';

interface Listed {
  id: number;
  order_number: string;
  member: { id: number; username: string; realname: string | null };
  product: { name: string };
  engine_room: { id: number; name: string } | null;
  units: string;
  amount: string;
  order_status: number;
  paid_at: string | null;
  payer_name: string | null;
  bank_reference: string | null;
}
interface Page {
  total: number;
  data: Listed[];
}

/** The back office's orders index (issue 35, item 3): every order, narrowed on the server, and the same list as CSV. */
describe.each(databaseKinds())('the orders index on %s', (kind) => {
  let testApp: TestApp;
  let operator: string;
  let today: string;
  const numbers: Record<'paid' | 'waiting' | 'open', string> = { paid: '', waiting: '', open: '' };
  let payerName = '';

  const list = async (query = '', token = operator) =>
    expectSuccess(await send(testApp.app, 'GET', `admin/v1/orders${query}`, { token })) as Page;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    const { app, database } = testApp;
    operator = await operatorToken(app, database.db);
    today = await businessDate(database.db, new Date());

    // A paid order (payer and bank reference recorded), one waiting for confirmation, one not yet paid.
    const payer = await verifiedMember(app, database.db, '陳大文');
    payerName = payer.realname;
    const paid = await placeOrder(app, payer, { amount: '1000.5' });
    expectSuccess(await notifyPayment(app, payer, paid.id), 201);
    expectSuccess(
      await send(app, 'POST', `admin/v1/orders/${paid.id}/confirm`, {
        token: operator,
        body: { payer_name: '陳大文', bank_reference: 'REMIT-IDX-7' },
      }),
    );
    const waiting = await placeOrder(app, payer, { amount: '3000' });
    expectSuccess(await notifyPayment(app, payer, waiting.id), 201);
    const other = await registerMember(app);
    const open = await placeOrder(app, other, { amount: '100' });
    Object.assign(numbers, { paid: paid.order_number, waiting: waiting.order_number, open: open.order_number });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('lists every order newest first, with the member, room, units and decimal amounts', async () => {
    const page = await list();
    const ours = page.data.filter((order) => Object.values(numbers).includes(order.order_number));
    expect(ours.map((order) => order.order_number)).toEqual([numbers.open, numbers.waiting, numbers.paid]);
    const paid = ours[2];
    expect(paid).toMatchObject({
      amount: '1000.5000',
      order_status: orderStatus.paidOff,
      member: { realname: payerName },
      engine_room: { id: 1 },
      payer_name: '陳大文',
      bank_reference: 'REMIT-IDX-7',
    });
    expect(paid?.paid_at).not.toBeNull();
    expect(Number(paid?.units)).toBeGreaterThan(0);
  });

  it('narrows by status, text (order number, real name, bank reference) and business days', async () => {
    const waiting = await list(`?status=${orderStatus.waitingConfirmation}`);
    expect(waiting.data.map((order) => order.order_number)).toContain(numbers.waiting);
    expect(waiting.data.every((order) => order.order_status === orderStatus.waitingConfirmation)).toBe(true);

    expect((await list('?q=remit-idx')).data.map((order) => order.order_number)).toEqual([numbers.paid]);
    expect((await list(`?q=${encodeURIComponent('大文')}`)).data.map((order) => order.order_number)).toEqual([
      numbers.waiting,
      numbers.paid,
    ]);
    expect((await list(`?q=${numbers.open.slice(-6)}`)).data.map((order) => order.order_number)).toEqual([numbers.open]);
    // A wildcard typed is taken literally.
    expect((await list('?q=%25')).total).toBe(0);

    const todays = await list(`?from=${today}&to=${today}&status=${orderStatus.paidOff}`);
    expect(todays.data.map((order) => order.order_number)).toContain(numbers.paid);
    expect((await list(`?from=2020-01-01&to=2020-01-31`)).total).toBe(0);
    expect((await list(`?room=1&q=${numbers.paid}`)).total).toBe(1);
    expect((await list(`?room=999&q=${numbers.paid}`)).total).toBe(0);
  });

  it('refuses days that are not real or out of order, and a reviewer', async () => {
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/orders?from=2026-02-30', { token: operator }), 422);
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/orders?from=2026-03-02&to=2026-03-01', { token: operator }), 422);
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/orders?status=9', { token: operator }), 422);
    const reviewer = await operatorToken(testApp.app, testApp.database.db, undefined, 'reviewer');
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/orders', { token: reviewer }), 403);
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/orders'), 401);
  });

  it('exports what the filters find as CSV an accountant can open', async () => {
    const response = await send(testApp.app, 'GET', `admin/v1/orders.csv?q=${encodeURIComponent('大文')}`, { token: operator });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toMatch(/^\uFEFForder_number,username,realname,/);
    expect(lines).toHaveLength(3);
    const paidLine = lines.find((line) => line.startsWith(numbers.paid)) ?? '';
    expect(paidLine).toContain(',1000.5000,');
    expect(paidLine).toContain('REMIT-IDX-7');
  });
});

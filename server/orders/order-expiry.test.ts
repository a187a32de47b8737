import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess, registerMember, send } from '../../tests/helpers/members.ts';
import { notifyPayment, placeOrder, type OrderDetail } from '../../tests/helpers/orders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { expireOrders, startOrderExpiry } from './order-expiry.ts';
import { notPendingMessage, soldOutMessage } from './order.service.ts';

const dayMs = 24 * 60 * 60 * 1000;

describe.each(databaseKinds())('order expiry on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { ORDER_EXPIRY_DAYS: '3' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const backdate = async (id: number, days: number) =>
    testApp.database.db
      .updateTable('orders')
      .set({ pending_since: new Date(Date.now() - days * dayMs) })
      .where('id', '=', String(id))
      .execute();

  it('cancels orders unpaid for longer than ORDER_EXPIRY_DAYS, once, releasing their share; others stay', async () => {
    const { db } = testApp.database;
    const product = await db
      .insertInto('products')
      .values({ name: 'Expiry panel', price: 10_000_000n, quantity: 1, rated_capacity_watts: 1_000n })
      .returning('id')
      .executeTakeFirstOrThrow();
    const member = await registerMember(testApp.app);
    const old = await placeOrder(testApp.app, member, { 'item_content[0][product_id]': product.id, amount: '600' });
    const fresh = await placeOrder(testApp.app, member, { 'item_content[0][product_id]': product.id, amount: '200' });
    const waiting = await placeOrder(testApp.app, member, { 'item_content[0][product_id]': product.id, amount: '200' });
    expectSuccess(await notifyPayment(testApp.app, member, waiting.id), 201);
    await backdate(old.id, 3.01);
    await backdate(fresh.id, 2.9);
    await backdate(waiting.id, 10);
    expectFailure(
      await send(testApp.app, 'POST', 'v1/order', {
        token: member.token,
        body: { 'item_content[0][product_id]': product.id, delivery_method_id: 1, engine_room_id: 1, payment_method_id: 1, amount: '500' },
      }),
      422,
      soldOutMessage,
    );

    expect(await Promise.all([expireOrders(db, testApp.config), expireOrders(db, testApp.config)])).toEqual(expect.arrayContaining([1, 0]));
    expect(await expireOrders(db, testApp.config)).toBe(0);
    const status = async (id: number) =>
      (expectSuccess(await send(testApp.app, 'GET', `v1/order/${id}`, { token: member.token })) as OrderDetail).order_status;
    expect([await status(old.id), await status(fresh.id), await status(waiting.id)]).toEqual([4, 1, 2]);
    expect(
      expectFailure(await send(testApp.app, 'PUT', `v1/order/${old.id}`, { token: member.token, body: { amount: '300' } }), 409).message,
    ).toBe(notPendingMessage);
    expectFailure(await notifyPayment(testApp.app, member, old.id), 409);
    await placeOrder(testApp.app, member, { 'item_content[0][product_id]': product.id, amount: '500' });
    const audit = await db
      .selectFrom('audit_log')
      .select(['operator_id', 'after'])
      .where('action', '=', 'order.expire')
      .where('subject_id', '=', String(old.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.operator_id).toBeNull();
  });

  it('counts from when the order became payable again (a rejected notice), not from its creation', async () => {
    const { db } = testApp.database;
    const member = await registerMember(testApp.app);
    const order = await placeOrder(testApp.app, member);
    // Created ten days ago, payable again since now (what rejecting a notice does).
    await sql`update orders set created_at = now() - interval '10 days', pending_since = now() where id = ${String(order.id)}`.execute(db);
    const status = async () =>
      (await db.selectFrom('orders').select('status').where('id', '=', String(order.id)).executeTakeFirstOrThrow()).status;
    await expireOrders(db, testApp.config, new Date(Date.now() + 2 * dayMs));
    expect(await status()).toBe(1);
    await expireOrders(db, testApp.config, new Date(Date.now() + 3 * dayMs + 60_000));
    expect(await status()).toBe(4);
  });

  it('runs on a timer and stops cleanly', async () => {
    const member = await registerMember(testApp.app);
    const order = await placeOrder(testApp.app, member);
    await backdate(order.id, 4);
    const logged: unknown[] = [];
    const log = { info: (...args: unknown[]) => logged.push(args), error: (...args: unknown[]) => logged.push(args) };
    const job = startOrderExpiry(testApp.database.db, { orderExpiryMs: 3 * dayMs, orderExpiryCheckMs: 20 }, log as never);
    for (let waited = 0; waited < 5_000; waited += 20) {
      const row = await testApp.database.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', String(order.id))
        .executeTakeFirstOrThrow();
      if (row.status === 4) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await job.stop();
    const row = await testApp.database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', String(order.id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(4);
    expect(logged.length).toBeGreaterThan(0);
  });
});

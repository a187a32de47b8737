import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess, registerMember, send, validationMessage, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { orderBody, placeOrder, type OrderDetail } from '../../tests/helpers/orders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { leastAmountMessage } from './order-amount.ts';
import { notPendingMessage, oneProductMessage, soldOutMessage, suspendedMessage } from './order.service.ts';

describe.each(databaseKinds())('orders on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { REGISTRATIONS_PER_ADDRESS: '100000' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const create = (member: Member, fields: Record<string, unknown> = {}, json = false) =>
    send(testApp.app, 'POST', 'v1/order', { token: member.token, body: orderBody(fields), json });
  const update = (member: Member, id: number, body: Record<string, unknown>) =>
    send(testApp.app, 'PUT', `v1/order/${id}`, { token: member.token, body });
  const get = async (member: Member, id: number) =>
    expectSuccess(await send(testApp.app, 'GET', `v1/order/${id}`, { token: member.token })) as OrderDetail;
  const orderCount = async () =>
    Number(
      (
        await testApp.database.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates a hosted order (form, the original app’s nested fields) waiting for payment, with the contract’s order object', async () => {
    const member = await registerMember(testApp.app);
    const order = await placeOrder(testApp.app, member);
    expect(order).toMatchObject({
      order_status: 1,
      total_amount: 3000,
      units: 0.0002,
      item_content: [{ product_id: 1, count: 1, product: { id: 1, name: 'Graphene solar power' } }],
      delivery_method: { id: 1 },
      engine_room: { id: 1, type: expect.any(String), name: expect.any(String) },
      delivery_content: { address: null },
      order_notice: null,
      payment_method_id: 1,
      reject_reason: null,
      paid_at: null,
    });
    expect(order.order_number).toMatch(/^GS\d{12}$/);
    expect(new Date(order.created_at).toISOString()).toBe(order.created_at);
    expect(await get(member, order.id)).toEqual(order);
  });

  it('accepts JSON too, and a home delivery keeps the address and no room', async () => {
    const member = await registerMember(testApp.app);
    const response = await send(testApp.app, 'POST', 'v1/order', {
      token: member.token,
      json: true,
      body: {
        item_content: [{ product_id: 1, count: 1 }],
        delivery_method_id: 2,
        engine_room_id: 1,
        payment_method_id: 1,
        amount: 150.1234,
        delivery_content: { address: '  No. 7, Section 1, Zhongshan Rd, Taipei  ' },
      },
    });
    const order = expectSuccess(response, 201) as OrderDetail;
    expect(order).toMatchObject({
      total_amount: 150.1234,
      delivery_method: { id: 2 },
      engine_room: null,
      delivery_content: { address: 'No. 7, Section 1, Zhongshan Rd, Taipei' },
    });
    const viaForm = await placeOrder(testApp.app, member, { delivery_method_id: 2, delivery_content: 'Hanoi, Ba Dinh 12' });
    expect(viaForm.delivery_content).toEqual({ address: 'Hanoi, Ba Dinh 12' });
    const nested = await placeOrder(testApp.app, member, { delivery_method_id: 2, 'delivery_content[address]': 'Hue, Le Loi 3' });
    expect(nested).toMatchObject({ delivery_content: { address: 'Hue, Le Loi 3' }, engine_room: null });
  });

  it('order numbers are unique, short and not sequential', async () => {
    const member = await registerMember(testApp.app);
    const numbers: string[] = [];
    for (let index = 0; index < 6; index += 1) numbers.push((await placeOrder(testApp.app, member, { amount: '100' })).order_number);
    expect(new Set(numbers).size).toBe(numbers.length);
    const tails = numbers.map((number) => Number(number.slice(-6)));
    const consecutive = tails.slice(1).every((tail, index) => tail === (tails[index] ?? 0) + 1);
    expect(consecutive).toBe(false);
    for (const number of numbers) expect(number.length).toBeLessThanOrEqual(14);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['zero', '0'],
    ['negative', '-500'],
    ['99.9999', '99.9999'],
  ])('an amount %s gets "The least amount is 100" and writes nothing', async (_name, amount) => {
    const member = await registerMember(testApp.app);
    const before = await orderCount();
    const fields = orderBody();
    if (amount === undefined) delete fields.amount;
    else fields.amount = amount;
    const body = expectFailure(await send(testApp.app, 'POST', 'v1/order', { token: member.token, body: fields }), 422, leastAmountMessage);
    expect(body.errors).toEqual({ amount: [leastAmountMessage] });
    expect(await orderCount()).toBe(before);
  });

  it.each([
    ['amount', '100.12345'],
    ['amount', '1e5'],
    ['amount', 'abc'],
    ['amount', '99999999999999999999'],
    ['amount', "100'; drop table orders; --"],
    ['delivery_method_id', ''],
    ['delivery_method_id', 9],
    ['delivery_method_id', 'x'],
    ['payment_method_id', 7],
    ['payment_method_id', 2],
    ['engine_room_id', 99],
    ['item_content[0][product_id]', 42],
    ['item_content[0][product_id]', 'abc'],
    ['item_content[0][count]', 0],
    ['delivery_content', 'x'.repeat(301)],
  ])('refuses %s = %j with 422 and the field named, writing nothing', async (field, value) => {
    const member = await registerMember(testApp.app);
    const before = await orderCount();
    const delivery = field === 'delivery_content' ? { delivery_method_id: 2 } : {};
    const body = expectFailure(await create(member, { ...delivery, [field]: value }), 422);
    const named = Object.keys(body.errors as object).join(' ');
    expect(named).toContain(
      field
        .replace(/\[(\d+)\]\[(\w+)\]/, '.$1.$2')
        .replace('[0][', '.0.')
        .replace(']', ''),
    );
    expect(await orderCount()).toBe(before);
  });

  it('hosting needs a room; home delivery needs an address; methods are required', async () => {
    const member = await registerMember(testApp.app);
    const noRoom = orderBody();
    delete noRoom.engine_room_id;
    expect(
      Object.keys(expectFailure(await send(testApp.app, 'POST', 'v1/order', { token: member.token, body: noRoom }), 422).errors),
    ).toEqual(['engine_room_id']);
    const home = expectFailure(await create(member, { delivery_method_id: 2, delivery_content: '   ' }), 422);
    expect(Object.keys(home.errors)).toEqual(['delivery_content']);
    const noMethods = orderBody();
    delete noMethods.delivery_method_id;
    delete noMethods.payment_method_id;
    const missing = expectFailure(
      await send(testApp.app, 'POST', 'v1/order', { token: member.token, body: noMethods }),
      422,
      validationMessage,
    );
    expect(Object.keys(missing.errors).sort()).toEqual(['delivery_method_id', 'payment_method_id']);
    const two = expectFailure(
      await create(member, { 'item_content[1][product_id]': 1, 'item_content[1][count]': 1 }),
      422,
      validationMessage,
    );
    expect(two.errors).toEqual({ item_content: [oneProductMessage] });
  });

  it('updates a pending order (edit mode), keeps fields left out, and refuses once it is no longer pending', async () => {
    const member = await registerMember(testApp.app);
    const order = await placeOrder(testApp.app, member);
    const changed = expectSuccess(
      await update(member, order.id, { delivery_method_id: 2, payment_method_id: 1, amount: '4500.5', delivery_content: 'Da Nang 5' }),
    ) as OrderDetail;
    expect(changed).toMatchObject({
      id: order.id,
      order_number: order.order_number,
      total_amount: 4500.5,
      delivery_method: { id: 2 },
      engine_room: null,
      delivery_content: { address: 'Da Nang 5' },
      order_status: 1,
    });
    const methodOnly = expectSuccess(await update(member, order.id, { payment_method_id: 1 })) as OrderDetail;
    expect(methodOnly).toMatchObject({ total_amount: 4500.5, delivery_content: { address: 'Da Nang 5' } });
    const back = expectSuccess(await update(member, order.id, { delivery_method_id: 1, engine_room_id: 2 })) as OrderDetail;
    expect(back).toMatchObject({ delivery_method: { id: 1 }, engine_room: { id: 2 }, delivery_content: { address: null } });
    expect(expectFailure(await update(member, order.id, { amount: '50' }), 422).message).toBe(leastAmountMessage);
    expectFailure(await update(member, order.id, { engine_room_id: 77 }), 422);
    expect((await get(member, order.id)).total_amount).toBe(4500.5);

    await testApp.database.db.updateTable('orders').set({ status: 2 }).where('id', '=', String(order.id)).execute();
    expect(expectFailure(await update(member, order.id, { amount: '5000' }), 409).message).toBe(notPendingMessage);
    await testApp.database.db.updateTable('orders').set({ status: 4 }).where('id', '=', String(order.id)).execute();
    expectFailure(await update(member, order.id, { amount: '5000' }), 409);
  });

  it('lists the member’s own orders newest first, paged', async () => {
    const member = await registerMember(testApp.app);
    const other = await registerMember(testApp.app);
    await placeOrder(testApp.app, other);
    const ids: number[] = [];
    for (let index = 0; index < 17; index += 1) ids.push((await placeOrder(testApp.app, member, { amount: String(100 + index) })).id);
    const first = expectSuccess(await send(testApp.app, 'GET', 'v1/order', { token: member.token })) as {
      data: OrderDetail[];
      total: number;
      last_page: number;
      current_page: number;
    };
    expect(first).toMatchObject({ total: 17, last_page: 2, current_page: 1 });
    expect(first.data.map((order) => order.id)).toEqual(ids.slice().reverse().slice(0, 15));
    const second = expectSuccess(await send(testApp.app, 'GET', 'v1/order?page=2', { token: member.token })) as { data: OrderDetail[] };
    expect(second.data.map((order) => order.id)).toEqual(ids.slice(0, 2).reverse());
    const past = expectSuccess(await send(testApp.app, 'GET', 'v1/order?page=9', { token: member.token })) as { data: OrderDetail[] };
    expect(past.data).toEqual([]);
  });

  it('another member’s order is 403 on every call and reveals nothing; unknown is 404; no token is 401', async () => {
    const owner = await registerMember(testApp.app);
    const stranger = await registerMember(testApp.app);
    const order = await placeOrder(testApp.app, owner);
    for (const response of [
      await send(testApp.app, 'GET', `v1/order/${order.id}`, { token: stranger.token }),
      await update(stranger, order.id, { amount: '9000' }),
      await send(testApp.app, 'POST', 'v1/orderNotice', {
        token: stranger.token,
        body: { order_id: order.id, account_back_five: '12345', image: 1 },
      }),
    ]) {
      const body = expectFailure(response, 403);
      expect(response.body).not.toContain(order.order_number);
      expect(body.detail).toBeNull();
    }
    expect((await get(owner, order.id)).total_amount).toBe(3000);
    expectFailure(await send(testApp.app, 'GET', 'v1/order/999999', { token: owner.token }), 404);
    expectFailure(await send(testApp.app, 'GET', 'v1/order/9999999999', { token: owner.token }), 404);
    expectFailure(await send(testApp.app, 'GET', 'v1/order'), 401);
    expectFailure(await send(testApp.app, 'GET', `v1/order/${order.id}`), 401);
    expectFailure(await send(testApp.app, 'POST', 'v1/order', { body: orderBody() }), 401);
    expectFailure(await send(testApp.app, 'PUT', `v1/order/${order.id}`, { body: { amount: '200' } }), 401);
    const operator = await operatorToken(testApp.app, testApp.database.db);
    expectFailure(await send(testApp.app, 'GET', 'v1/order', { token: operator }), 403);
  });

  it('a suspended member may read orders but not place, change or notify them', async () => {
    const member = await registerMember(testApp.app);
    const order = await placeOrder(testApp.app, member);
    await testApp.database.db.updateTable('users').set({ account_status: 'suspended' }).where('id', '=', member.id).execute();
    expect(expectFailure(await create(member), 403).message).toBe(suspendedMessage);
    expect(expectFailure(await update(member, order.id, { amount: '200' }), 403).message).toBe(suspendedMessage);
    expect((await get(member, order.id)).id).toBe(order.id);
    expectSuccess(await send(testApp.app, 'GET', 'v1/order', { token: member.token }));
  });

  it('never sells more than the product’s quantity; cancelled orders give their share back', async () => {
    const { db } = testApp.database;
    // A small product of its own: 3 units at 1,000 points, so 3,000 points in all.
    const product = await db
      .insertInto('products')
      .values({ name: 'Test panel', price: 10_000_000n, quantity: 3, rated_capacity_watts: 1_000n })
      .returning('id')
      .executeTakeFirstOrThrow();
    const member = await registerMember(testApp.app);
    const first = await placeOrder(testApp.app, member, { 'item_content[0][product_id]': product.id, amount: '2000' });
    const over = expectFailure(
      await create(member, { 'item_content[0][product_id]': product.id, amount: '1000.0001' }),
      422,
      soldOutMessage,
    );
    expect(over.detail).toEqual({ amount_left: 1000, units_left: 1 });
    // Growing an order is checked the same way, counting everything but the order itself.
    expectFailure(await update(member, first.id, { amount: '3000.0001' }), 422, soldOutMessage);
    expectSuccess(await update(member, first.id, { amount: '3000' }));
    expectFailure(await create(member, { 'item_content[0][product_id]': product.id, amount: '100' }), 422, soldOutMessage);
    await db.updateTable('orders').set({ status: 4 }).where('id', '=', String(first.id)).execute();
    await placeOrder(testApp.app, member, { 'item_content[0][product_id]': product.id, amount: '3000' });
  });

  it('orders racing for the last units never exceed the quantity', async () => {
    const { db } = testApp.database;
    const product = await db
      .insertInto('products')
      .values({ name: 'Race panel', price: 10_000_000n, quantity: 5, rated_capacity_watts: 1_000n })
      .returning('id')
      .executeTakeFirstOrThrow();
    const members = await Promise.all(Array.from({ length: 4 }, () => registerMember(testApp.app)));
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        create(members[index % members.length] as Member, { 'item_content[0][product_id]': product.id, amount: '700' }),
      ),
    );
    const created = responses.filter((response) => response.statusCode === 201);
    expect(created).toHaveLength(7);
    for (const response of responses.filter((r) => r.statusCode !== 201)) expectFailure(response, 422, soldOutMessage);
    const held = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<string>('units_e8').as('units'))
      .where('product_id', '=', product.id)
      .where('status', 'in', [1, 2, 3])
      .executeTakeFirstOrThrow();
    expect(BigInt(held.units)).toBeLessThanOrEqual(5n * 100_000_000n);
  });

  it('the original app’s product refuses more than its 23 units', async () => {
    const member = await registerMember(testApp.app);
    const body = expectFailure(await create(member, { amount: '345000000.0001' }), 422, soldOutMessage);
    expect((body.detail as { units_left: number }).units_left).toBeLessThanOrEqual(23);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayAgo, dayStart, paidOrder } from '../../tests/helpers/income.ts';
import { expectFailure, expectSuccess, registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { distributeIncome } from '../distribution/distribution.service.ts';

const names = { zhs: '测试机房', zht: '測試機房', eng: 'Test room' };
const room = { names, locations: { zhs: '台南', zht: '台南', eng: 'Tainan' }, types: { zhs: '阵列', zht: '陣列', eng: 'Array' } };

/** Engine rooms' capacity and states (decision 052), on each database. */
describe.each(databaseKinds())('engine room capacity and states on %s', (kind) => {
  let testApp: TestApp;
  let operator: string;
  let reviewer: string;
  let unitPoints: string;
  beforeAll(async () => {
    // Days recorded here are shared at once: the hold (decision 049) has its own tests.
    testApp = await createTestApp(kind, { REVENUE_HOLD_MINUTES: '0' });
    operator = await operatorToken(testApp.app, testApp.database.db);
    reviewer = await operatorToken(testApp.app, testApp.database.db, undefined, 'reviewer');
    const product = await testApp.database.db.selectFrom('products').select('price').where('id', '=', 1).executeTakeFirstOrThrow();
    unitPoints = (BigInt(product.price) / 10_000n).toString();
  });
  afterAll(async () => {
    await testApp.close();
  });

  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, body?: Record<string, unknown>, token = operator) =>
    send(testApp.app, method, `admin/v1/${url}`, { token, ...(body === undefined ? {} : { body }), json: true });
  const addRoom = async (capacity: number): Promise<number> =>
    (expectSuccess(await admin('POST', 'catalogue/engine-rooms', { ...room, capacity_units: capacity }), 201) as { id: number }).id;
  const order = (member: Member, roomId: number, amount = unitPoints, productId = 1) =>
    send(testApp.app, 'POST', 'v1/order', {
      token: member.token,
      body: {
        'item_content[0][product_id]': productId,
        'item_content[0][count]': 1,
        delivery_method_id: 1,
        engine_room_id: roomId,
        payment_method_id: 1,
        amount,
      },
    });
  const roomRow = (id: number) =>
    testApp.database.db
      .selectFrom('engine_rooms')
      .select(['capacity_units', 'state', 'names'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const audits = (action: string) =>
    testApp.database.db
      .selectFrom('audit_log')
      .select(['subject_id', 'before', 'after'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  it('never lowers a capacity below the units live orders hold (the issue’s 1 for 2), and asks why it changes', async () => {
    const roomId = await addRoom(23);
    const member = await registerMember(testApp.app);
    await paidOrder(testApp.database.db, member.id, roomId, 1000, new Date(), 1000);
    await paidOrder(testApp.database.db, member.id, roomId, 1000, new Date(), 1000);
    const setCapacity = (capacity_units: number, reason?: string, token = operator) =>
      admin('PUT', `engine-rooms/${roomId}/capacity`, { capacity_units, ...(reason === undefined ? {} : { reason }) }, token);

    const refused = expectFailure(await setCapacity(1, 'typo'), 409);
    expect(refused.error_code).toBe('engine_room_capacity_below_held');
    expect(refused.message).toContain('capacity 1, held 2');
    expect(refused.detail).toEqual({ capacity_units: 1, units_held: '2' });
    // Through the room form too: nothing saved, not even the new names.
    const viaForm = await admin('PUT', `catalogue/engine-rooms/${roomId}`, {
      ...room,
      names: { ...names, eng: 'Renamed' },
      capacity_units: 1,
      reason: 'typo',
    });
    expect(expectFailure(viaForm, 409).error_code).toBe('engine_room_capacity_below_held');
    expect(await roomRow(roomId)).toMatchObject({ capacity_units: 23, names: { eng: 'Test room' } });

    // A change needs a reason; another role may not change it at all.
    expect(expectFailure(await setCapacity(2), 422).errors).toHaveProperty('reason');
    expect(expectFailure(await setCapacity(2, '   '), 422).errors).toHaveProperty('reason');
    expectFailure(await setCapacity(2, 'survey', reviewer), 403);
    expect((await roomRow(roomId)).capacity_units).toBe(23);

    expect(expectSuccess(await setCapacity(2, 'survey'))).toMatchObject({ capacity_units: 2, state: 'offered' });
    expect((await audits('engine_room.capacity')).at(-1)).toMatchObject({
      subject_id: String(roomId),
      before: { capacity_units: 23 },
      after: { capacity_units: 2, reason: 'survey' },
    });
    const listed = expectSuccess(await admin('GET', 'catalogue/engine-rooms')) as { data: { id: number; units_held: string }[] };
    expect(listed.data.find((row) => row.id === roomId)?.units_held).toBe('2');
  });

  it('sells exactly the capacity to racing orders for the last units, never more', async () => {
    const roomId = await addRoom(3);
    const members = await Promise.all(Array.from({ length: 6 }, () => registerMember(testApp.app)));
    const answers = await Promise.all(members.map((member) => order(member, roomId)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 422, 422, 422]);
    for (const answer of answers.filter((one) => one.statusCode === 422)) {
      const body = expectFailure(answer, 422);
      expect(body.error_code).toBe('engine_room_full');
      expect(body.detail).toMatchObject({ units_left: 0, amount_left: 0 });
    }
    const held = await testApp.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<string>('units_e8').as('units'))
      .where('engine_room_id', '=', roomId)
      .executeTakeFirstOrThrow();
    expect(BigInt(held.units)).toBe(300_000_000n);
  });

  it('sells the last unit of a room once to racing orders for two different products', async () => {
    const roomId = await addRoom(1);
    const { price, quantity } = await testApp.database.db
      .selectFrom('products')
      .select(['price', 'quantity'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const other = await testApp.database.db
      .insertInto('products')
      .values({ name: 'Second package', price, quantity, rated_capacity_watts: '450', names: JSON.stringify({ eng: 'Second package' }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [first, second] = await Promise.all([registerMember(testApp.app), registerMember(testApp.app)]);
    const answers = await Promise.all([order(first, roomId), order(second, roomId, unitPoints, other.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(
      expectFailure(
        answers.find((answer) => answer.statusCode === 422)!,
        422,
      ).error_code,
    ).toBe('engine_room_full');
  });

  it('a capacity lowered while an order takes the last unit: one of the two wins, never both', async () => {
    for (let round = 0; round < 4; round += 1) {
      const roomId = await addRoom(3);
      const holder = await registerMember(testApp.app);
      await paidOrder(testApp.database.db, holder.id, roomId, 1000, new Date(), 1000);
      await paidOrder(testApp.database.db, holder.id, roomId, 1000, new Date(), 1000);
      const buyer = await registerMember(testApp.app);
      const [lowered, ordered] = await Promise.all([
        admin('PUT', `engine-rooms/${roomId}/capacity`, { capacity_units: 2, reason: 'resurvey' }),
        order(buyer, roomId),
      ]);
      const { capacity_units } = await roomRow(roomId);
      if (lowered.statusCode === 200) {
        expect(expectFailure(ordered, 422).error_code).toBe('engine_room_full');
        expect(capacity_units).toBe(2);
      } else {
        expect(expectFailure(lowered, 409).error_code).toBe('engine_room_capacity_below_held');
        expect(ordered.statusCode).toBe(201);
        expect(capacity_units).toBe(3);
      }
    }
  });

  it('offers members only offered rooms: a hidden or retired room is neither listed nor ordered into', async () => {
    const roomId = await addRoom(10);
    const member = await registerMember(testApp.app);
    const listed = async () =>
      (expectSuccess(await send(testApp.app, 'GET', 'v1/engineRoom')) as { id: number }[]).some((row) => row.id === roomId);
    expect(await listed()).toBe(true);
    for (const state of ['hidden', 'retired'] as const) {
      expect(expectFailure(await admin('PUT', `engine-rooms/${roomId}/state`, { state }), 422).errors).toHaveProperty('reason');
      expectFailure(await admin('PUT', `engine-rooms/${roomId}/state`, { state, reason: 'closing' }, reviewer), 403);
      expect(expectSuccess(await admin('PUT', `engine-rooms/${roomId}/state`, { state, reason: 'closing' }))).toMatchObject({ state });
      expect(await listed()).toBe(false);
      const refused = expectFailure(await order(member, roomId), 422);
      expect(refused.error_code).toBe('engine_room_not_offered');
    }
    expect((await audits('engine_room.state')).at(-1)).toMatchObject({
      before: { state: 'hidden' },
      after: { state: 'retired', reason: 'closing' },
    });
    expectSuccess(await admin('PUT', `engine-rooms/${roomId}/state`, { state: 'offered', reason: 'reopened' }));
    expectSuccess(await order(member, roomId), 201);
  });

  it('keeps a retired room’s orders earning from its revenue, and moves them with a reason to a room with room', async () => {
    const db = testApp.database.db;
    const [retiring, small, roomy] = [await addRoom(4), await addRoom(1), await addRoom(10)];
    const member = await registerMember(testApp.app);
    const day = dayAgo(2);
    const before = new Date((await dayStart(db, day)).getTime() - 3_600_000);
    const orders = [
      await paidOrder(db, member.id, retiring, 1000, before, 1000),
      await paidOrder(db, member.id, retiring, 1000, before, 1000),
    ];
    expectSuccess(await admin('PUT', `engine-rooms/${retiring}/state`, { state: 'retired', reason: 'lease ends' }));
    expectSuccess(
      await admin('POST', `engine-rooms/${retiring}/revenue`, { business_date: day, kwh: '100', revenue: '1000', evidence: 'meter' }),
      201,
    );
    const move = (to: number, reason: string | undefined, from = retiring) =>
      admin('POST', `engine-rooms/${from}/move-orders`, { to_engine_room_id: to, ...(reason === undefined ? {} : { reason }) });
    // Its recorded day is owed to its orders: nothing moves before it is shared.
    expect(expectFailure(await move(roomy, 'lease ends'), 409).error_code).toBe('engine_room_days_unshared');

    await distributeIncome(db, testApp.config);
    const earned = await db.selectFrom('income_records').select(['order_id', 'amount']).where('engine_room_id', '=', retiring).execute();
    // 1000 less the 10 % fee is 900; each order holds 1 unit of 4.
    expect(earned.map((row) => [row.order_id, BigInt(row.amount)]).sort()).toEqual(orders.map((id) => [id, 2_250_000n]).sort());

    expect(expectFailure(await move(roomy, undefined), 422).errors).toHaveProperty('reason');
    expect(expectFailure(await move(small, 'lease ends'), 409).error_code).toBe('engine_room_full');
    expect(expectFailure(await move(retiring, 'lease ends', roomy), 409).error_code).toBe('engine_room_not_retired');
    expectFailure(await admin('POST', `engine-rooms/${retiring}/move-orders`, { to_engine_room_id: roomy, reason: 'x' }, reviewer), 403);
    const still = await db.selectFrom('orders').select('engine_room_id').where('id', 'in', orders).execute();
    expect(still.map((row) => row.engine_room_id)).toEqual([retiring, retiring]);

    expect(expectSuccess(await move(roomy, 'lease ends'))).toEqual({ orders: 2, units: '2' });
    const moved = await db.selectFrom('orders').select('engine_room_id').where('id', 'in', orders).execute();
    expect(moved.map((row) => row.engine_room_id)).toEqual([roomy, roomy]);
    expect((await audits('engine_room.move_orders')).at(-1)).toMatchObject({
      subject_id: String(retiring),
      after: { engine_room_id: roomy, units: '2', reason: 'lease ends' },
    });
  });

  it('does not offer a sample room nobody confirmed on a real install until an operator confirms it', async () => {
    const real = await createTestApp(kind, { DEMO_MODE: 'false' });
    try {
      const member = await registerMember(real.app);
      const token = await operatorToken(real.app, real.database.db);
      const listed = async () => (expectSuccess(await send(real.app, 'GET', 'v1/engineRoom')) as { id: number }[]).map((row) => row.id);
      expect(await listed()).toEqual([]);
      const body = {
        'item_content[0][product_id]': 1,
        'item_content[0][count]': 1,
        delivery_method_id: 1,
        engine_room_id: 1,
        payment_method_id: 1,
        amount: unitPoints,
      };
      const refused = expectFailure(await send(real.app, 'POST', 'v1/order', { token: member.token, body }), 422);
      expect(refused.error_code).toBe('engine_room_not_offered');
      // Setting its real capacity confirms it: it is offered from then on.
      const set = await send(real.app, 'PUT', 'admin/v1/engine-rooms/1/capacity', { token, body: { capacity_units: 23 }, json: true });
      expect(expectSuccess(set)).toMatchObject({ state: 'offered' });
      expect(await listed()).toEqual([1]);
    } finally {
      await real.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayAgo, dayStart, paidOrder } from '../../tests/helpers/income.ts';
import { expectFailure, expectSuccess, registerMember, send } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { distributeIncome } from '../distribution/distribution.service.ts';

interface Holding {
  id: number;
  order_number: string;
  engine_room: { id: number; name: string; capacity_units: number | null } | null;
  total_amount: number;
  units: number;
  capacity_percent: number | null;
  income_total: number;
  income_recent: number;
  room_kwh_recent: number | null;
}

describe.each(databaseKinds())('GET v1/holdings and GET v1/engineRoom/{id}/recent on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    // Days recorded here are shared at once: the hold (decision 049) has its own tests.
    testApp = await createTestApp(kind, { REVENUE_HOLD_MINUTES: '0' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('lists only the member’s own paid orders, with exact income and the room’s recorded energy', async () => {
    const db = testApp.database.db;
    const operator = await operatorToken(testApp.app, db);
    const { id: roomId } = await db
      .insertInto('engine_rooms')
      .values({ name: 'Holdings room', type: 'test', location: 'Test', capacity_units: 4 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [member, other] = [await registerMember(testApp.app), await registerMember(testApp.app)];
    const [old, dayOne, dayTwo] = [dayAgo(40), dayAgo(3), dayAgo(2)];
    const before = new Date((await dayStart(db, old)).getTime() - 3_600_000);
    // One unit and half a unit of four for the member, two for the other member.
    const whole = await paidOrder(db, member.id, roomId, 1000, before, 1000);
    const half = await paidOrder(db, member.id, roomId, 500, new Date(before.getTime() + 60_000), 1000);
    await paidOrder(db, other.id, roomId, 2000, before, 1000);
    // An order not paid yet is no holding.
    await db
      .updateTable('orders')
      .set({ status: 1, paid_at: null })
      .where('id', '=', await paidOrder(db, member.id, roomId, 700, before, 1000))
      .execute();
    const record = (day: string, revenue: string, kwh: string) =>
      send(testApp.app, 'POST', `admin/v1/engine-rooms/${roomId}/revenue`, {
        token: operator,
        body: { business_date: day, kwh, revenue, evidence: `meter ${day}` },
      });
    expectSuccess(await record(old, '100', '500'), 201);
    expectSuccess(await record(dayOne, '400', '1000'), 201);
    expectSuccess(await record(dayTwo, '800', '2000.5'), 201);
    await distributeIncome(db, testApp.config);

    expect(expectFailure(await send(testApp.app, 'GET', 'v1/holdings'), 401)).toBeDefined();
    const response = await send(testApp.app, 'GET', 'v1/holdings', { token: member.token });
    const page = expectSuccess(response) as { total: number; per_page: number; data: Holding[] };
    expect(page.total).toBe(2);
    // Pools after the 10 % fee: 90, 360 and 720; a unit of four earns a quarter of each, half a unit an eighth.
    expect(page.data).toMatchObject([
      {
        id: Number(half),
        engine_room: { id: roomId, name: 'Holdings room', capacity_units: 4 },
        total_amount: 500,
        units: 0.5,
        capacity_percent: 12.5,
        income_total: 146.25,
        income_recent: 135,
        room_kwh_recent: 3000.5,
      },
      {
        id: Number(whole),
        total_amount: 1000,
        units: 1,
        capacity_percent: 25,
        income_total: 292.5,
        income_recent: 270,
        room_kwh_recent: 3000.5,
      },
    ]);
    // The other member sees their own order only, never this member's.
    const theirs = expectSuccess(await send(testApp.app, 'GET', 'v1/holdings', { token: other.token })) as { data: Holding[] };
    expect(theirs.data.map((row) => row.total_amount)).toEqual([2000]);
    expect(theirs.data.map((row) => row.id)).not.toContain(Number(whole));

    // The cart's range: what 3,000 points of product 1 would have earned on the room's shared days of the last 30.
    const product = await db.selectFrom('products').select('price').where('id', '=', 1).executeTakeFirstOrThrow();
    const share = (pool: bigint) => (pool * 30_000_000n * 100_000_000n) / (BigInt(product.price) * 400_000_000n);
    const recent = await send(testApp.app, 'GET', `v1/engineRoom/${roomId}/recent?product_id=1&amount=3000`);
    expect(expectSuccess(recent)).toEqual({
      days: 30,
      shared_days: 2,
      low: Number(share(3_600_000n)) / 10_000,
      high: Number(share(7_200_000n)) / 10_000,
    });
  });

  it('says there is no history for a room with no shared day, and refuses an unknown room or a small amount', async () => {
    const db = testApp.database.db;
    const { id: roomId } = await db
      .insertInto('engine_rooms')
      .values({ name: 'New room', type: 'test', location: 'Test', capacity_units: 10 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recent = await send(testApp.app, 'GET', `v1/engineRoom/${roomId}/recent?product_id=1&amount=3000`);
    expect(expectSuccess(recent)).toEqual({ days: 30, shared_days: 0, low: null, high: null });
    const unknown = await send(testApp.app, 'GET', `v1/engineRoom/999999/recent?product_id=1&amount=3000`);
    expect(expectFailure(unknown, 404).error_code).toBe('engine_room_not_found');
    const small = await send(testApp.app, 'GET', `v1/engineRoom/${roomId}/recent?product_id=1&amount=1`);
    expect(expectFailure(small, 422).error_code).toBe('order_amount_below_minimum');
    // A member with nothing paid holds nothing.
    const member = await registerMember(testApp.app);
    expect(expectSuccess(await send(testApp.app, 'GET', 'v1/holdings', { token: member.token }))).toMatchObject({ total: 0, data: [] });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayAgo, dayStart, paidOrder } from '../../tests/helpers/income.ts';
import { expectFailure, expectSuccess, registerMember, send } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { incomeWorld } from '../../tests/helpers/income-world.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { points } from '../../tests/helpers/ledger.ts';
import { distributeIncome } from './distribution.service.ts';
import { dayNotStartedMessage, dayRecordedMessage, roomShortMessage } from '../revenue/revenue.service.ts';

const hourMs = 3_600_000;
/** The test orders' price of one whole unit, in points: 1,000 points buy one unit. */
const unitPrice = 1000;
const roomCapacities = [1, 10, 1, 3, 1, 6, 1000, 1, 1, null, 40, 1];

describe.each(databaseKinds())('income from recorded revenue on %s', (kind) => {
  const world = incomeWorld(kind, roomCapacities, 'Test room');
  const { db, room, record, mainWallet, roomBalance } = world;

  it('records a day once; a second record is 409, a day not yet begun 422, bad figures 422', async () => {
    const day = dayAgo(1);
    const created = expectSuccess(await record(room(0), day, '100'), 201);
    expect(created).toMatchObject({ engine_room_id: room(0), business_date: day, kwh: 1250.5, revenue: 100 });
    expect(expectFailure(await record(room(0), day, '50'), 409).message).toBe(dayRecordedMessage);
    expect(expectFailure(await record(room(0), dayAgo(-2), '50'), 422).message).toBe(dayNotStartedMessage);
    for (const [field, value] of [
      ['revenue', '-1'],
      ['revenue', '1.12345'],
      ['revenue', 'abc'],
      ['kwh', '1.2345'],
      ['business_date', '2026-02-30'],
    ] as const) {
      const body = { business_date: dayAgo(2), kwh: '1', revenue: '1', evidence: 'x', [field]: value };
      expectFailure(
        await send(world.testApp.app, 'POST', `admin/v1/engine-rooms/${room(0)}/revenue`, { token: world.operator, body }),
        422,
      );
    }
    expectFailure(await record(999_999, day, '1'), 404);
    expect(await roomBalance(room(0))).toBe(100);
  });

  it('shares the day by ownership: each order earns its units over the room’s capacity, less the fee; the rest stays in the room', async () => {
    const day = dayAgo(3);
    const start = await dayStart(db(), day);
    const [a, b, late, elsewhere] = [
      await registerMember(world.testApp.app),
      await registerMember(world.testApp.app),
      await registerMember(world.testApp.app),
      await registerMember(world.testApp.app),
    ];
    // Room 1 holds 10 units: a owns 3, b owns 1; late was paid after the day ended.
    await paidOrder(db(), a.id, room(1), 3000, new Date(start.getTime() - 10 * hourMs), unitPrice);
    await paidOrder(db(), b.id, room(1), 1000, new Date(start.getTime() + 20 * hourMs), unitPrice);
    await paidOrder(db(), late.id, room(1), 2000, new Date(start.getTime() + 30 * hourMs), unitPrice);
    await paidOrder(db(), elsewhere.id, room(2), 5000, new Date(start.getTime() - hourMs), unitPrice);
    expectSuccess(await record(room(1), day, '100'), 201);

    const result = expectSuccess(
      await send(world.testApp.app, 'POST', 'admin/v1/income/distribute', { token: world.operator, body: { business_date: day } }),
    ) as {
      orders_credited: number;
      total: number;
    };
    // 100 less the 10 % fee is 90; 3/10 and 1/10 of it.
    expect(result).toMatchObject({ orders_credited: 2, total: 36 });
    expect(await mainWallet(a)).toBe(27);
    expect(await mainWallet(b)).toBe(9);
    expect(await mainWallet(late)).toBe(0);
    expect(await mainWallet(elsewhere)).toBe(0);
    expect(await roomBalance(room(1))).toBe(64);

    const again = expectSuccess(
      await send(world.testApp.app, 'POST', 'admin/v1/income/distribute', { token: world.operator, body: { business_date: day } }),
    ) as {
      total: number;
    };
    expect(again.total).toBe(0);
    expect(await mainWallet(a)).toBe(27);

    const income = await send(world.testApp.app, 'GET', 'v1/interest', { token: a.token });
    const body = income.json() as {
      detail: { data: { interest_record_number: string; amount: number; business_date: string }[] };
      wallet: unknown;
    };
    expect(body.detail.data).toHaveLength(1);
    expect(body.detail.data[0]).toMatchObject({ amount: 27, business_date: day });
    expect(body.detail.data[0]?.interest_record_number).toMatch(/^IR\d{8}-\d+$/);
    expect(body.wallet).toEqual({ original_price: 15_000_000, interest_rate: 3 });
  });

  it('rounds each share down to 4 decimals and keeps the remainder in the room', async () => {
    const day = dayAgo(4);
    const start = await dayStart(db(), day);
    const members = [
      await registerMember(world.testApp.app),
      await registerMember(world.testApp.app),
      await registerMember(world.testApp.app),
    ];
    for (const member of members) await paidOrder(db(), member.id, room(3), 1000, new Date(start.getTime() - hourMs), unitPrice);
    expectSuccess(
      await send(world.testApp.app, 'PUT', 'admin/v1/settings', {
        token: world.operator,
        body: { operator_fee_percent: 0, reason: 'Promotion month' },
        json: true,
      }),
    );
    try {
      expectSuccess(await record(room(3), day, '10'), 201);
      await distributeIncome(db(), world.testApp.config, { date: day });
    } finally {
      expectSuccess(
        await send(world.testApp.app, 'PUT', 'admin/v1/settings', {
          token: world.operator,
          body: { operator_fee_percent: 10, reason: 'Promotion over' },
          json: true,
        }),
      );
    }
    for (const member of members) expect(await mainWallet(member)).toBe(3.3333);
    expect(await roomBalance(room(3))).toBe(0.0001);
  });

  it('the schedule catches up on every ended day and leaves today for later', async () => {
    const member = await registerMember(world.testApp.app);
    const longAgo = await dayStart(db(), dayAgo(10));
    await paidOrder(db(), member.id, room(4), 1000, longAgo, unitPrice);
    for (const days of [5, 6, 7]) expectSuccess(await record(room(4), dayAgo(days), '10'), 201);
    expectSuccess(await record(room(4), dayAgo(0), '10'), 201);
    await distributeIncome(db(), world.testApp.config);
    expect(await mainWallet(member)).toBe(27);
    await distributeIncome(db(), world.testApp.config, { date: dayAgo(0) });
    expect(await mainWallet(member)).toBe(36);
  });

  it('two runs at once credit each order once', async () => {
    const day = dayAgo(8);
    const start = await dayStart(db(), day);
    const members = await Promise.all(Array.from({ length: 6 }, () => registerMember(world.testApp.app)));
    for (const member of members) await paidOrder(db(), member.id, room(5), 500, new Date(start.getTime() - hourMs), 500);
    expectSuccess(await record(room(5), day, '60'), 201);
    await Promise.all([
      distributeIncome(db(), world.testApp.config, { date: day }),
      distributeIncome(db(), world.testApp.config, { date: day }),
    ]);
    for (const member of members) expect(await mainWallet(member)).toBe(9);
    const records = await db().selectFrom('income_records').select('id').where('engine_room_id', '=', room(5)).execute();
    expect(records).toHaveLength(6);
  });

  it('shares among many orders in batches, each order once; an oversold room shares by the units sold, never more than the pool', async () => {
    const day = dayAgo(9);
    const start = await dayStart(db(), day);
    const member = await registerMember(world.testApp.app);
    for (let index = 0; index < 1_200; index += 1)
      await paidOrder(db(), member.id, room(6), 100 + (index % 7), new Date(start.getTime() - hourMs), 100);
    expectSuccess(await record(room(6), day, '12345.6789'), 201);
    const progress: number[] = [];
    const summary = await distributeIncome(db(), world.testApp.config, {
      date: day,
      batchSize: 500,
      progress: (step) => progress.push(step.ordersCredited),
    });
    expect(summary.ordersCredited).toBe(1_200);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    const pool = (123456789n * 9000n) / 10000n;
    expect(summary.amountCredited <= pool).toBe(true);
    expect(pool - summary.amountCredited < 1_200n).toBe(true);
  });

  it('a correction is a new audited entry; it can never take back more than the room still holds', async () => {
    const day = dayAgo(11);
    const start = await dayStart(db(), day);
    const member = await registerMember(world.testApp.app);
    await paidOrder(db(), member.id, room(7), 1000, new Date(start.getTime() - hourMs), unitPrice);
    expectSuccess(await record(room(7), day, '100'), 201);
    await distributeIncome(db(), world.testApp.config, { date: day });
    const adjust = (delta: string) =>
      send(world.testApp.app, 'POST', `admin/v1/engine-rooms/${room(7)}/revenue-adjustments`, {
        token: world.operator,
        body: { business_date: day, revenue_delta: delta, reason: 'meter re-read' },
      });
    expect(expectFailure(await adjust('-50'), 409).message).toBe(roomShortMessage);
    expectSuccess(await adjust('-10'), 201);
    expect(await roomBalance(room(7))).toBe(0);
    expectFailure(
      await send(world.testApp.app, 'POST', `admin/v1/engine-rooms/${room(7)}/revenue-adjustments`, {
        token: world.operator,
        body: { business_date: dayAgo(30), revenue_delta: '5', reason: 'x' },
      }),
      404,
    );
    const audit = expectSuccess(await send(world.testApp.app, 'GET', 'admin/v1/audit', { token: world.operator })) as {
      data: { action: string }[];
    };
    expect(audit.data.map((row) => row.action)).toContain('revenue.adjust');
  });

  it('a room without a capacity shares nothing: the day waits, and is shared once an operator sets one', async () => {
    const day = dayAgo(12);
    const start = await dayStart(db(), day);
    const member = await registerMember(world.testApp.app);
    await paidOrder(db(), member.id, room(9), 1000, new Date(start.getTime() - hourMs), unitPrice);
    expectSuccess(await record(room(9), day, '100'), 201);
    const distribute = async () =>
      expectSuccess(
        await send(world.testApp.app, 'POST', 'admin/v1/income/distribute', { token: world.operator, body: { business_date: day } }),
      ) as {
        total: number;
        days: { engine_room_id: number; waiting?: string }[];
      };
    const waiting = await distribute();
    expect(waiting.total).toBe(0);
    expect(waiting.days).toContainEqual(expect.objectContaining({ engine_room_id: room(9), waiting: 'capacity_not_set' }));
    expect(await mainWallet(member)).toBe(0);
    expect(await roomBalance(room(9))).toBe(100);

    const setCapacity = (token: string, id: number, body: Record<string, unknown>) =>
      send(world.testApp.app, 'PUT', `admin/v1/engine-rooms/${id}/capacity`, { token, body, json: true });
    expectFailure(await setCapacity(member.token, room(9), { capacity_units: 2 }), 403);
    expectFailure(await setCapacity(world.operator, room(9), { capacity_units: 0 }), 422);
    expectFailure(await setCapacity(world.operator, room(9), { capacity_units: 1.5 }), 422);
    expectFailure(await setCapacity(world.operator, 999_999, { capacity_units: 2 }), 404);
    expect(expectSuccess(await setCapacity(world.operator, room(9), { capacity_units: 2 }))).toMatchObject({
      id: room(9),
      capacity_units: 2,
    });

    const shared = await distribute();
    expect(shared.total).toBe(45);
    expect(await mainWallet(member)).toBe(45);
    const audit = expectSuccess(await send(world.testApp.app, 'GET', 'admin/v1/audit', { token: world.operator })) as {
      data: { action: string }[];
    };
    expect(audit.data.map((row) => row.action)).toContain('engine_room.capacity');
  });

  it('two members in a room of 40 units receive exactly their shares, and one early buyer never the whole room', async () => {
    const day = dayAgo(13);
    const start = await dayStart(db(), day);
    const [owner, small] = [await registerMember(world.testApp.app), await registerMember(world.testApp.app)];
    await paidOrder(db(), owner.id, room(10), 2000, new Date(start.getTime() - hourMs), unitPrice);
    await paidOrder(db(), small.id, room(10), 500, new Date(start.getTime() - hourMs), unitPrice);
    expectSuccess(await record(room(10), day, '8000'), 201);
    await distributeIncome(db(), world.testApp.config, { date: day });
    // 8,000 less 10 % is 7,200: 2/40 of it and 0.5/40 of it; 37.5 units nobody owns keep theirs in the room.
    expect(await mainWallet(owner)).toBe(360);
    expect(await mainWallet(small)).toBe(90);
    expect(await roomBalance(room(10))).toBe(7550);

    const alone = await registerMember(world.testApp.app);
    const earlyDay = dayAgo(14);
    await paidOrder(db(), alone.id, room(11), 5000n, await dayStart(db(), dayAgo(20)), points(15_000_000));
    expectSuccess(await record(room(11), earlyDay, '60000'), 201);
    await distributeIncome(db(), world.testApp.config, { date: earlyDay });
    // 0.5 points of a 15,000,000-point unit, alone in a room of 1 unit: 0.5/15,000,000 of 54,000 = 0.0018.
    expect(await mainWallet(alone)).toBe(0.0018);
  });

  it('members cannot record, distribute or change settings; the interest list is the member’s own', async () => {
    const member = await registerMember(world.testApp.app);
    expectFailure(
      await record(room(8), dayAgo(1), '1').then(() =>
        send(world.testApp.app, 'POST', 'admin/v1/income/distribute', { token: member.token }),
      ),
      403,
    );
    expectFailure(
      await send(world.testApp.app, 'PUT', 'admin/v1/settings', { token: member.token, body: { interest_rate: 5 }, json: true }),
      403,
    );
    expectFailure(await send(world.testApp.app, 'GET', 'v1/interest'), 401);
    const empty = (await send(world.testApp.app, 'GET', 'v1/interest?page=3', { token: member.token })).json() as {
      detail: { data: unknown[] };
    };
    expect(empty.detail.data).toEqual([]);
  });
});

describe.each(databaseKinds())('GET v1/engineRoom production on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('shows each room’s recorded kWh and revenue of the last 30 days, corrections included', async () => {
    const operator = await operatorToken(testApp.app, testApp.database.db);
    const day = dayAgo(2);
    const body = { business_date: day, kwh: '800.25', revenue: '40', evidence: 'meter' };
    expectSuccess(await send(testApp.app, 'POST', 'admin/v1/engine-rooms/1/revenue', { token: operator, body }), 201);
    const adjustment = { business_date: day, kwh_delta: '-0.25', revenue_delta: '-5', reason: 'meter re-read' };
    expectSuccess(
      await send(testApp.app, 'POST', 'admin/v1/engine-rooms/1/revenue-adjustments', { token: operator, body: adjustment }),
      201,
    );
    expectSuccess(
      await send(testApp.app, 'POST', 'admin/v1/engine-rooms/1/revenue', {
        token: operator,
        body: { ...body, business_date: dayAgo(40) },
      }),
      201,
    );
    const rooms = expectSuccess(await send(testApp.app, 'GET', 'v1/engineRoom')) as { id: number; production: unknown[] }[];
    expect(rooms.find((room) => room.id === 1)?.production).toEqual([{ business_date: day, kwh: 800, revenue: 35 }]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayAgo, dayStart, paidOrder } from '../../tests/helpers/income.ts';
import { expectFailure, expectSuccess, registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { accounts, balanceOf } from '../ledger/accounts.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { distributeIncome } from './income.service.ts';
import { dayNotStartedMessage, dayRecordedMessage, roomShortMessage } from './revenue.service.ts';

const hourMs = 3_600_000;

describe.each(databaseKinds())('income from recorded revenue on %s', (kind) => {
  let testApp: TestApp;
  let operator: string;
  let rooms: number[];
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    operator = await operatorToken(testApp.app, testApp.database.db);
    // Each test gets rooms of its own, so days and pools never mix between tests.
    const inserted = await testApp.database.db
      .insertInto('engine_rooms')
      .values(Array.from({ length: 12 }, (_, index) => ({ name: `Test room ${index}`, type: 'test', location: 'Test' })))
      .returning('id')
      .execute();
    rooms = inserted.map((row) => row.id);
  });
  afterAll(async () => {
    const audit = await auditLedger(testApp.database.db);
    expect(audit).toMatchObject({ unbalancedJournals: [], driftedAccounts: [], negativeAccounts: [], total: 0n });
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const room = (index: number) => rooms[index] ?? 0;
  const record = (roomId: number, day: string, revenue: string, kwh = '1250.5') =>
    send(testApp.app, 'POST', `admin/v1/engine-rooms/${roomId}/revenue`, {
      token: operator,
      body: { business_date: day, kwh, revenue, evidence: `meter photo ${day}` },
    });
  const mainWallet = async (member: Member) => Number((await balanceOf(db(), accounts.memberMain(member.id))).toString()) / 10_000;
  const roomBalance = async (roomId: number) => Number((await balanceOf(db(), accounts.engineRoomRevenue(roomId))).toString()) / 10_000;

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
      expectFailure(await send(testApp.app, 'POST', `admin/v1/engine-rooms/${room(0)}/revenue`, { token: operator, body }), 422);
    }
    expectFailure(await record(999_999, day, '1'), 404);
    expect(await roomBalance(room(0))).toBe(100);
  });

  it('shares the day pro rata among orders paid off before the day ended, less the fee, once', async () => {
    const day = dayAgo(3);
    const start = await dayStart(db(), day);
    const [a, b, late, elsewhere] = [
      await registerMember(testApp.app),
      await registerMember(testApp.app),
      await registerMember(testApp.app),
      await registerMember(testApp.app),
    ];
    await paidOrder(db(), a.id, room(1), 3000, new Date(start.getTime() - 10 * hourMs));
    await paidOrder(db(), b.id, room(1), 1000, new Date(start.getTime() + 20 * hourMs));
    await paidOrder(db(), late.id, room(1), 2000, new Date(start.getTime() + 30 * hourMs));
    await paidOrder(db(), elsewhere.id, room(2), 5000, new Date(start.getTime() - hourMs));
    expectSuccess(await record(room(1), day, '100'), 201);

    const result = expectSuccess(
      await send(testApp.app, 'POST', 'admin/v1/income/distribute', { token: operator, body: { business_date: day } }),
    ) as {
      orders_credited: number;
      total: number;
    };
    expect(result).toMatchObject({ orders_credited: 2, total: 90 });
    expect(await mainWallet(a)).toBe(67.5);
    expect(await mainWallet(b)).toBe(22.5);
    expect(await mainWallet(late)).toBe(0);
    expect(await mainWallet(elsewhere)).toBe(0);
    expect(await roomBalance(room(1))).toBe(10);

    const again = expectSuccess(
      await send(testApp.app, 'POST', 'admin/v1/income/distribute', { token: operator, body: { business_date: day } }),
    ) as {
      total: number;
    };
    expect(again.total).toBe(0);
    expect(await mainWallet(a)).toBe(67.5);

    const income = await send(testApp.app, 'GET', 'v1/interest', { token: a.token });
    const body = income.json() as {
      detail: { data: { interest_record_number: string; amount: number; business_date: string }[] };
      wallet: unknown;
    };
    expect(body.detail.data).toHaveLength(1);
    expect(body.detail.data[0]).toMatchObject({ amount: 67.5, business_date: day });
    expect(body.detail.data[0]?.interest_record_number).toMatch(/^IR\d{8}-\d+$/);
    expect(body.wallet).toEqual({ original_price: 15_000_000, interest_rate: 3 });
  });

  it('rounds each share down to 4 decimals and keeps the remainder in the room', async () => {
    const day = dayAgo(4);
    const start = await dayStart(db(), day);
    const members = [await registerMember(testApp.app), await registerMember(testApp.app), await registerMember(testApp.app)];
    for (const member of members) await paidOrder(db(), member.id, room(3), 1000, new Date(start.getTime() - hourMs));
    expectSuccess(await send(testApp.app, 'PUT', 'admin/v1/settings', { token: operator, body: { operator_fee_percent: 0 }, json: true }));
    try {
      expectSuccess(await record(room(3), day, '10'), 201);
      await distributeIncome(db(), testApp.config, { date: day });
    } finally {
      expectSuccess(
        await send(testApp.app, 'PUT', 'admin/v1/settings', { token: operator, body: { operator_fee_percent: 10 }, json: true }),
      );
    }
    for (const member of members) expect(await mainWallet(member)).toBe(3.3333);
    expect(await roomBalance(room(3))).toBe(0.0001);
  });

  it('the schedule catches up on every ended day and leaves today for later', async () => {
    const member = await registerMember(testApp.app);
    const longAgo = await dayStart(db(), dayAgo(10));
    await paidOrder(db(), member.id, room(4), 1000, longAgo);
    for (const days of [5, 6, 7]) expectSuccess(await record(room(4), dayAgo(days), '10'), 201);
    expectSuccess(await record(room(4), dayAgo(0), '10'), 201);
    await distributeIncome(db(), testApp.config);
    expect(await mainWallet(member)).toBe(27);
    await distributeIncome(db(), testApp.config, { date: dayAgo(0) });
    expect(await mainWallet(member)).toBe(36);
  });

  it('two runs at once credit each order once', async () => {
    const day = dayAgo(8);
    const start = await dayStart(db(), day);
    const members = await Promise.all(Array.from({ length: 6 }, () => registerMember(testApp.app)));
    for (const member of members) await paidOrder(db(), member.id, room(5), 500, new Date(start.getTime() - hourMs));
    expectSuccess(await record(room(5), day, '60'), 201);
    await Promise.all([distributeIncome(db(), testApp.config, { date: day }), distributeIncome(db(), testApp.config, { date: day })]);
    for (const member of members) expect(await mainWallet(member)).toBe(9);
    const records = await db().selectFrom('income_records').select('id').where('engine_room_id', '=', room(5)).execute();
    expect(records).toHaveLength(6);
  });

  it('shares among many orders in batches, each order once, never more than the pool', async () => {
    const day = dayAgo(9);
    const start = await dayStart(db(), day);
    const member = await registerMember(testApp.app);
    for (let index = 0; index < 1_200; index += 1)
      await paidOrder(db(), member.id, room(6), 100 + (index % 7), new Date(start.getTime() - hourMs));
    expectSuccess(await record(room(6), day, '12345.6789'), 201);
    const progress: number[] = [];
    const summary = await distributeIncome(db(), testApp.config, {
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
    const member = await registerMember(testApp.app);
    await paidOrder(db(), member.id, room(7), 1000, new Date(start.getTime() - hourMs));
    expectSuccess(await record(room(7), day, '100'), 201);
    await distributeIncome(db(), testApp.config, { date: day });
    const adjust = (delta: string) =>
      send(testApp.app, 'POST', `admin/v1/engine-rooms/${room(7)}/revenue-adjustments`, {
        token: operator,
        body: { business_date: day, revenue_delta: delta, reason: 'meter re-read' },
      });
    expect(expectFailure(await adjust('-50'), 409).message).toBe(roomShortMessage);
    expectSuccess(await adjust('-10'), 201);
    expect(await roomBalance(room(7))).toBe(0);
    expectFailure(
      await send(testApp.app, 'POST', `admin/v1/engine-rooms/${room(7)}/revenue-adjustments`, {
        token: operator,
        body: { business_date: dayAgo(30), revenue_delta: '5', reason: 'x' },
      }),
      404,
    );
    const audit = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/audit', { token: operator })) as { data: { action: string }[] };
    expect(audit.data.map((row) => row.action)).toContain('revenue.adjust');
  });

  it('members cannot record, distribute or change settings; the interest list is the member’s own', async () => {
    const member = await registerMember(testApp.app);
    expectFailure(
      await record(room(8), dayAgo(1), '1').then(() => send(testApp.app, 'POST', 'admin/v1/income/distribute', { token: member.token })),
      403,
    );
    expectFailure(
      await send(testApp.app, 'PUT', 'admin/v1/settings', { token: member.token, body: { interest_rate: 5 }, json: true }),
      403,
    );
    expectFailure(await send(testApp.app, 'GET', 'v1/interest'), 401);
    const empty = (await send(testApp.app, 'GET', 'v1/interest?page=3', { token: member.token })).json() as { detail: { data: unknown[] } };
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
      await send(testApp.app, 'POST', 'admin/v1/engine-rooms/1/revenue', { token: operator, body: { ...body, business_date: dayAgo(40) } }),
      201,
    );
    const rooms = expectSuccess(await send(testApp.app, 'GET', 'v1/engineRoom')) as { id: number; production: unknown[] }[];
    expect(rooms.find((room) => room.id === 1)?.production).toEqual([{ business_date: day, kwh: 800, revenue: 35 }]);
  });
});

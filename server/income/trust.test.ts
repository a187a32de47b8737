import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayAgo, dayStart, paidOrder } from '../../tests/helpers/income.ts';
import { expectSuccess, registerMember, send } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { accounts, balanceOf } from '../ledger/accounts.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import type { TrustDay, TrustRoom } from '../../widgets/trust/trust.ts';
import { distributeIncome } from './income.service.ts';

describe.each(databaseKinds())('GET v1/trust, the public proof of income, on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('shows per room and day what the ledger holds, and income never above revenue less the fee', async () => {
    const db = testApp.database.db;
    const operator = await operatorToken(testApp.app, db);
    const { id: roomId } = await db
      .insertInto('engine_rooms')
      .values({ name: 'Proof room', type: 'test', location: 'Test', capacity_units: 4 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [first, second] = [await registerMember(testApp.app), await registerMember(testApp.app)];
    const [dayOne, dayTwo] = [dayAgo(3), dayAgo(2)];
    const before = new Date((await dayStart(db, dayOne)).getTime() - 3_600_000);
    await paidOrder(db, first.id, roomId, 1000, before, 1000);
    await paidOrder(db, second.id, roomId, 2000, before, 1000);
    const record = (day: string, revenue: string, kwh: string) =>
      send(testApp.app, 'POST', `admin/v1/engine-rooms/${roomId}/revenue`, {
        token: operator,
        body: { business_date: day, kwh, revenue, evidence: `meter ${day}` },
      });
    expectSuccess(await record(dayOne, '400', '1000'), 201);
    expectSuccess(await record(dayTwo, '800', '2000.5'), 201);
    await distributeIncome(db, testApp.config);
    expectSuccess(
      await send(testApp.app, 'POST', `admin/v1/engine-rooms/${roomId}/revenue-adjustments`, {
        token: operator,
        body: { business_date: dayTwo, kwh_delta: '-0.5', revenue_delta: '-20', reason: 'meter re-read' },
      }),
      201,
    );

    // Anyone may read it: no token.
    const response = await send(testApp.app, 'GET', 'v1/trust');
    const body = response.json() as { detail: { data: TrustDay[] }; rooms: TrustRoom[] };
    const days = body.detail.data.filter((day) => day.engine_room_id === roomId);
    // 400 less 10 % is 360: 1/4 and 2/4 of it; 800 less 10 % is 720: 180 and 360.
    expect(days).toEqual([
      {
        engine_room_id: roomId,
        business_date: dayTwo,
        kwh: 2000,
        revenue: 780,
        evidence: `meter ${dayTwo}`,
        adjustments: 1,
        fee_percent: 10,
        distributable: 720,
        income: 540,
        kept: 240,
      },
      {
        engine_room_id: roomId,
        business_date: dayOne,
        kwh: 1000,
        revenue: 400,
        evidence: `meter ${dayOne}`,
        adjustments: 0,
        fee_percent: 10,
        distributable: 360,
        income: 270,
        kept: 130,
      },
    ]);
    for (const day of days) expect(day.income).toBeLessThanOrEqual(day.distributable ?? 0);

    // The room's totals are its ledger account: what came in, what went out, what is left.
    const room = body.rooms.find((row) => row.id === roomId);
    const ledgerBalance = Number(await balanceOf(db, accounts.engineRoomRevenue(roomId))) / 10_000;
    expect(room).toMatchObject({ revenue: 1180, income: 810, balance: ledgerBalance });
    expect(ledgerBalance).toBe(370);
    const memberIncome = await db.selectFrom('income_records').select('amount').where('engine_room_id', '=', roomId).execute();
    expect(memberIncome.reduce((sum, row) => sum + Number(row.amount), 0) / 10_000).toBe(room?.income);
    expect(await auditLedger(db)).toMatchObject({ unbalancedJournals: [], driftedAccounts: [], negativeAccounts: [] });
  });
});

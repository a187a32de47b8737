import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayAgo, dayStart, paidOrder } from '../../tests/helpers/income.ts';
import { expectSuccess, send } from '../../tests/helpers/members.ts';
import { insertUser } from '../../tests/helpers/ledger.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { unitScale } from '../shared/money.ts';
import { distributeIncome } from './distribution.service.ts';

/** One order: its amount and the unit price it was bought at, both in ten-thousandths of a point. */
const order = fc.record({
  amount: fc.bigInt({ min: 1n, max: 200_000_000n }),
  unitPrice: fc.bigInt({ min: 10_000n, max: 150_000_000_000n }),
});

const room = fc.record({
  capacityUnits: fc.integer({ min: 1, max: 60 }),
  orders: fc.array(order, { minLength: 1, maxLength: 6 }),
  revenue: fc.bigInt({ min: 1n, max: 10_000_000_000n }),
  feeBp: fc.integer({ min: 0, max: 3000 }),
});

const unitsE8 = (amount: bigint, unitPrice: bigint) => (amount * unitScale + unitPrice - 1n) / unitPrice;

describe.each(databaseKinds())('income shared by ownership, property-based, on %s', (kind) => {
  let testApp: TestApp;
  let operator: string;
  beforeAll(async () => {
    // Days recorded here are shared at once: the hold (decision 049) has its own tests.
    testApp = await createTestApp(kind, { REVENUE_HOLD_MINUTES: '0' });
    operator = await operatorToken(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    const audit = await auditLedger(testApp.database.db);
    expect(audit).toMatchObject({ unbalancedJournals: [], driftedAccounts: [], negativeAccounts: [], total: 0n });
    await testApp.close();
  });

  it('Σ income ≤ revenue − fee, each order earns floor(share × (revenue − fee)), an early buyer never more than their share', async () => {
    const db = testApp.database.db;
    const day = dayAgo(2);
    const paidAt = new Date((await dayStart(db, day)).getTime() - 3_600_000);
    await fc.assert(
      fc.asyncProperty(room, async ({ capacityUnits, orders, revenue, feeBp }) => {
        const { id: roomId } = await db
          .insertInto('engine_rooms')
          .values({ name: 'Property room', type: 'test', location: 'Test', capacity_units: capacityUnits })
          .returning('id')
          .executeTakeFirstOrThrow();
        const placed = [];
        for (const { amount, unitPrice } of orders) {
          const orderId = await paidOrder(db, await insertUser(db), roomId, amount, paidAt, unitPrice);
          placed.push({ orderId, amount, unitPrice });
        }
        const revenueText = `${revenue / 10_000n}.${(revenue % 10_000n).toString().padStart(4, '0')}`;
        const body = { business_date: day, kwh: '1', revenue: revenueText, evidence: 'meter' };
        expectSuccess(await send(testApp.app, 'POST', `admin/v1/engine-rooms/${roomId}/revenue`, { token: operator, body }), 201);
        await db.updateTable('settings').set({ operator_fee_bp: feeBp }).where('id', '=', 1).execute();
        await distributeIncome(db, testApp.config, { date: day });

        const pool = (revenue * BigInt(10_000 - feeBp)) / 10_000n;
        const sold = placed.reduce((sum, { amount, unitPrice }) => sum + unitsE8(amount, unitPrice), 0n);
        const capacity = BigInt(capacityUnits) * unitScale;
        const basis = capacity > sold ? capacity : sold;
        const records = await db.selectFrom('income_records').select(['order_id', 'amount']).where('engine_room_id', '=', roomId).execute();
        const earned = new Map(records.map((record) => [record.order_id, BigInt(record.amount)]));

        let total = 0n;
        for (const { orderId, amount, unitPrice } of placed) {
          const income = earned.get(orderId) ?? 0n;
          total += income;
          expect(income).toBe((pool * amount * unitScale) / (unitPrice * basis));
          // Never more than the order's own share of the room's capacity, however few others bought.
          expect(income * unitPrice * capacity <= pool * amount * unitScale).toBe(true);
        }
        expect(total <= pool).toBe(true);
      }),
      { numRuns: kind === 'pglite' ? 25 : 15 },
    );
  });
});

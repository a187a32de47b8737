import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayAgo, dayStart } from '../../tests/helpers/income.ts';
import { verifiedMember } from '../../tests/helpers/identity.ts';
import { expectFailure, expectSuccess, send, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { notifyPayment, placeOrder } from '../../tests/helpers/orders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { accounts, balanceOf } from '../ledger/accounts.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { orderNotPaidOffMessage } from './order-refund.service.ts';

/** Decision 061: a paid order refunded stops earning, its units leave the room, income already paid stays. */
describe.each(databaseKinds())('refunding a paid order on %s', (kind) => {
  let testApp: TestApp;
  let admin: string;
  let second: string;
  let reviewer: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { REGISTRATIONS_PER_ADDRESS: '100000' });
    admin = await operatorToken(testApp.app, testApp.database.db);
    second = await operatorToken(testApp.app, testApp.database.db);
    reviewer = await operatorToken(testApp.app, testApp.database.db, undefined, 'reviewer');
    expectSuccess(
      await send(testApp.app, 'PUT', 'admin/v1/engine-rooms/1/capacity', {
        token: admin,
        json: true,
        body: { capacity_units: 100, reason: 'panels counted' },
      }),
    );
  });
  afterAll(async () => {
    expect(await auditLedger(testApp.database.db)).toMatchObject({
      unbalancedJournals: [],
      driftedAccounts: [],
      negativeAccounts: [],
      total: 0n,
    });
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const refund = (id: number, body: Record<string, unknown>, token = admin) =>
    send(testApp.app, 'POST', `admin/v1/orders/${id}/refund`, { token, json: true, body });
  const details = { reason: 'The member asked within the cooling-off period', payer_bank: '台灣銀行', payer_account: '004-12-345678' };
  const main = (member: Member) => balanceOf(db(), accounts.memberMain(member.id));

  /** A paid order in room 1, confirmed as an operator would, paid `daysAgo` business days back. */
  async function paid(realname: string, daysAgo: number) {
    const member = await verifiedMember(testApp.app, db(), realname);
    const order = await placeOrder(testApp.app, member, { amount: '30000' });
    expectSuccess(await notifyPayment(testApp.app, member, order.id), 201);
    expectSuccess(
      await send(testApp.app, 'POST', `admin/v1/orders/${order.id}/confirm`, {
        token: reviewer,
        body: { payer_name: realname, bank_reference: `IN-${order.id}` },
      }),
    );
    const at = new Date((await dayStart(db(), dayAgo(daysAgo))).getTime() + 3_600_000);
    await sql`update orders set paid_at = ${at} where id = ${order.id}`.execute(db());
    return { member, order };
  }
  /** A room-1 day recorded, shared now by a second administrator, and distributed. */
  async function shareDay(day: string, revenue: string) {
    const recorded = expectSuccess(
      await send(testApp.app, 'POST', 'admin/v1/engine-rooms/1/revenue', {
        token: admin,
        body: { business_date: day, kwh: '100', revenue, evidence: `meter ${day}` },
      }),
      201,
    ) as { id: number };
    expectSuccess(await send(testApp.app, 'POST', `admin/v1/revenue-entries/${recorded.id}/share-now`, { token: second }));
    expectSuccess(await send(testApp.app, 'POST', 'admin/v1/income/distribute', { token: admin, body: { business_date: day } }));
  }

  it('keeps the income paid, earns nothing from then on, frees the units, and owes the amount back', async () => {
    const { member, order } = await paid('陳美玲', 3);
    await shareDay(dayAgo(2), '10000');
    const earned = await main(member);
    expect(earned).toBeGreaterThan(0n);
    const salesBefore = await balanceOf(db(), accounts.orderSales());
    const owedBefore = await balanceOf(db(), accounts.refundsOwed());

    expectFailure(await refund(order.id, { ...details, payer_account: '  ' }), 422);
    expect(expectFailure(await refund(order.id, details, reviewer), 403).error_code).toBe('administrators_only');
    const both = await Promise.all([refund(order.id, details), refund(order.id, details)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const refused = both.find((response) => response.statusCode === 409);
    expect(refused?.json()).toMatchObject({ error_code: 'order_not_paid_off', message: orderNotPaidOffMessage });

    expect(await main(member)).toBe(earned);
    expect(await balanceOf(db(), accounts.orderSales())).toBe(salesBefore - 300_000_000n);
    expect(await balanceOf(db(), accounts.refundsOwed())).toBe(owedBefore + 300_000_000n);
    const mine = expectSuccess(await send(testApp.app, 'GET', `v1/order/${order.id}`, { token: member.token })) as {
      order_status: number;
      payment_returned: boolean;
    };
    expect(mine).toMatchObject({ order_status: 4, payment_returned: true });
    const owed = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/refunds?status=owed', { token: reviewer })) as {
      data: { order_id: number; payer_name: string; payer_bank: string; payer_account: string; amount: number }[];
    };
    expect(owed.data.find((row) => row.order_id === order.id)).toMatchObject({
      payer_name: '陳美玲',
      payer_bank: '台灣銀行',
      payer_account: '004-12-345678',
      amount: 30000,
    });
    const told = await db().selectFrom('notifications').select(['kind', 'params']).where('user_id', '=', member.id).execute();
    expect(told).toContainEqual({ kind: 'order_refunded', params: { order_number: order.order_number, amount: '300000000' } });

    // A day shared after the refund pays the order nothing.
    await shareDay(dayAgo(1), '10000');
    expect(await main(member)).toBe(earned);
    // Its units no longer hold the room's capacity: it can be set below them.
    const held = await sql<{
      units: string;
    }>`select coalesce(sum(units_e8), 0)::text as units from orders where engine_room_id = 1 and status = 3`.execute(db());
    expect(held.rows[0]?.units).toBe('0');
  });

  it('refunds only a paid order', async () => {
    const member = await verifiedMember(testApp.app, db(), '林小華');
    const order = await placeOrder(testApp.app, member, { amount: '3000' });
    expect(expectFailure(await refund(order.id, details), 409).error_code).toBe('order_not_paid_off');
    expect(expectFailure(await refund(999_999, details), 404).error_code).toBe('order_not_found');
  });
});

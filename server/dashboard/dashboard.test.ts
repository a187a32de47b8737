import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCard, verificationBody, verifiedMember } from '../../tests/helpers/identity.ts';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import { expectFailure, expectSuccess, registerMember, send } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { notifyPayment, placeOrder } from '../../tests/helpers/orders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { dayBefore } from './dashboard.service.ts';

interface RoomDay {
  engine_room_id: number;
  name: string;
  state: string;
  orders_credited: number;
  amount_credited: number;
}

interface Dashboard {
  queues: { payment_notices: number; verifications: number; withdrawals: number; refunds_owed: number };
  machines: { offline: number; online: number };
  distribution: { time_zone: string; days: { business_date: string; day: string; rooms: RoomDay[] }[] };
  checklist: { ready: boolean; items: { id: string; done: boolean; count?: number; tab: string }[] };
  generated_at: string;
}

describe('the day before a business date', () => {
  it('counts on the calendar, across months, years and leap days', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
  });
});

describe.each(databaseKinds())('the operator dashboard on %s', (kind) => {
  let testApp: TestApp;
  let operator: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { WITHDRAWAL_COOLDOWN_HOURS: '0', REVENUE_HOLD_MINUTES: '0' });
    operator = await operatorToken(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const dashboard = async () => expectSuccess(await send(testApp.app, 'GET', 'admin/v1/dashboard', { token: operator })) as Dashboard;
  const item = (board: Dashboard, id: string) => board.checklist.items.find((entry) => entry.id === id);
  const roomOn = (board: Dashboard, day: 'today' | 'yesterday', roomId: number) =>
    board.distribution.days.find((entry) => entry.day === day)?.rooms.find((room) => room.engine_room_id === roomId);

  it('is for operators only: 401 without a token, 403 for a member', async () => {
    expect(expectFailure(await send(testApp.app, 'GET', 'admin/v1/dashboard'), 401).error_code).toBe('session_expired');
    const member = await registerMember(testApp.app);
    expect(expectFailure(await send(testApp.app, 'GET', 'admin/v1/dashboard', { token: member.token }), 403).error_code).toBe(
      'operators_only',
    );
  });

  it('counts each queue, and the counts move as items join and leave', async () => {
    const start = (await dashboard()).queues;

    // A verification submitted is pending until an operator decides.
    const applicant = await registerMember(testApp.app);
    const submitted = await send(testApp.app, 'PUT', `v1/user/${applicant.id}`, {
      token: applicant.token,
      body: await verificationBody(testApp.app, applicant, 'Chen Wei'),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await dashboard()).queues.verifications).toBe(start.verifications + 1);
    expectSuccess(await send(testApp.app, 'POST', `admin/v1/verifications/${applicant.id}/approve`, { token: operator }));
    expect((await dashboard()).queues.verifications).toBe(start.verifications);

    // A payment notice waits; confirmed with another payer's name it becomes a refund owed.
    const buyer = await verifiedMember(testApp.app, db(), 'Lin Mei');
    const order = await placeOrder(testApp.app, buyer);
    expect((await notifyPayment(testApp.app, buyer, order.id)).statusCode).toBe(201);
    expect((await dashboard()).queues).toMatchObject({ payment_notices: start.payment_notices + 1, refunds_owed: start.refunds_owed });
    const mismatch = await send(testApp.app, 'POST', `admin/v1/orders/${order.id}/confirm`, {
      token: operator,
      body: {
        payer_name: 'Somebody Else',
        bank_reference: 'BANK-REF-9',
        different_payer: true,
        different_payer_reason: 'Paid from a third party account',
        payer_bank: 'First Bank',
        payer_account: '12345',
      },
    });
    expect(mismatch.statusCode, mismatch.body).toBe(200);
    expect((await dashboard()).queues).toMatchObject({ payment_notices: start.payment_notices, refunds_owed: start.refunds_owed + 1 });

    // A withdrawal waits until it is paid out.
    const withdrawer = await verifiedMember(testApp.app, db(), 'Wang Fang');
    await fundMember(db(), withdrawer.id, points(1000));
    const cardId = await addCard(testApp.app, withdrawer);
    const held = expectSuccess(
      await send(testApp.app, 'POST', 'v1/withdraw', { token: withdrawer.token, body: { bankcard_id: cardId, amount: '100' } }),
      201,
    ) as { id: number };
    expect((await dashboard()).queues.withdrawals).toBe(start.withdrawals + 1);
    expectSuccess(
      await send(testApp.app, 'POST', `admin/v1/withdrawals/${held.id}/pay`, { token: operator, body: { bank_reference: 'TX-7' } }),
    );
    expect((await dashboard()).queues.withdrawals).toBe(start.withdrawals);
  });

  it('gives the navigation the same counts, light enough to ask every few seconds, to reviewers too', async () => {
    // Read afresh: the counts kept per process follow a change once the database announces it (work-counts-cache.test.ts).
    const counts = async (token: string) =>
      expectSuccess(await send(testApp.app, 'GET', 'admin/v1/work-counts?fresh=true', { token })) as Record<string, number>;
    const buyer = await verifiedMember(testApp.app, db(), 'Lin Mei');
    const order = await placeOrder(testApp.app, buyer);
    const before = await counts(operator);
    expect((await notifyPayment(testApp.app, buyer, order.id)).statusCode).toBe(201);
    const after = await counts(operator);
    expect(after.payment_notices).toBe((before.payment_notices ?? 0) + 1);
    const board = await dashboard();
    expect(after).toEqual({ ...board.queues, machines_offline: board.machines.offline, adjustments_pending: 0, partner_failures: 0 });
    const reviewer = await operatorToken(testApp.app, db(), undefined, 'reviewer');
    expect(await counts(reviewer)).toEqual(after);
    const member = await registerMember(testApp.app);
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/work-counts', { token: member.token }), 403);
  });

  it('counts machines offline: never heard from or silent, never the retired', async () => {
    const start = (await dashboard()).machines;
    const add = async () =>
      expectSuccess(
        await send(testApp.app, 'POST', 'admin/v1/devices', {
          token: operator,
          body: { serial: `GS-${randomBytes(4).toString('hex')}`, engine_room_id: 1 },
        }),
        201,
      ) as { id: number; serial_number: string; secret: string };
    const quiet = await add();
    const talking = await add();
    expect((await dashboard()).machines).toEqual({ offline: start.offline + 2, online: start.online });
    expectSuccess(
      await send(testApp.app, 'POST', 'v1/device/heartbeat', { body: { serial: talking.serial_number, secret: talking.secret } }),
    );
    expect((await dashboard()).machines).toEqual({ offline: start.offline + 1, online: start.online + 1 });
    expectSuccess(await send(testApp.app, 'POST', `admin/v1/devices/${quiet.id}/retire`, { token: operator, body: { reason: 'Sold' } }));
    expect((await dashboard()).machines).toEqual({ offline: start.offline, online: start.online + 1 });
  });

  it('tells each room’s distribution today and yesterday: no revenue, scheduled, waiting for capacity, finished, paid so far', async () => {
    const board = await dashboard();
    const [today, yesterday] = board.distribution.days;
    expect(today?.day).toBe('today');
    expect(yesterday?.day).toBe('yesterday');
    expect(yesterday?.business_date).toBe(dayBefore(today?.business_date ?? ''));
    const rooms = await db()
      .insertInto('engine_rooms')
      .values([
        { name: 'Dashboard room A', type: 'Array', location: 'Tainan', capacity_units: 10 },
        { name: 'Dashboard room B', type: 'Array', location: 'Tainan', capacity_units: null },
        { name: 'Dashboard room C', type: 'Array', location: 'Tainan', capacity_units: 10 },
      ])
      .returning('id')
      .execute();
    const [withCapacity = 0, withoutCapacity = 0, midway = 0] = rooms.map((room) => room.id);
    expect(roomOn(await dashboard(), 'yesterday', withCapacity)).toMatchObject({ name: 'Dashboard room A', state: 'no_revenue' });

    const day = yesterday?.business_date ?? '';
    for (const roomId of [withCapacity, withoutCapacity]) {
      const recorded = await send(testApp.app, 'POST', `admin/v1/engine-rooms/${roomId}/revenue`, {
        token: operator,
        body: { business_date: day, kwh: '100', revenue: '500', evidence: 'meter photo' },
      });
      expect(recorded.statusCode, recorded.body).toBe(201);
    }
    let after = await dashboard();
    expect(roomOn(after, 'yesterday', withCapacity)?.state).toBe('scheduled');
    expect(roomOn(after, 'yesterday', withoutCapacity)?.state).toBe('waiting_capacity');
    expect(roomOn(after, 'today', withCapacity)?.state).toBe('no_revenue');

    const member = await registerMember(testApp.app);
    await db()
      .insertInto('orders')
      .values({
        order_number: `T${randomBytes(6).toString('hex')}`,
        user_id: member.id,
        product_id: 1,
        item_count: 1,
        amount: points(3000),
        unit_price: points(3000),
        units_e8: 100_000_000n,
        delivery_method_id: 1,
        engine_room_id: withCapacity,
        payment_method_id: 1,
        status: 3,
        paid_at: new Date(Date.now() - 3 * 86_400_000),
      })
      .execute();
    expectSuccess(await send(testApp.app, 'POST', 'admin/v1/income/distribute', { token: operator, body: { business_date: day } }));
    after = await dashboard();
    expect(roomOn(after, 'yesterday', withCapacity)).toMatchObject({ state: 'finished', orders_credited: 1 });
    // A tenth of the room's 500 points, less the 10 % fee.
    expect(roomOn(after, 'yesterday', withCapacity)?.amount_credited).toBe(45);
    expect(roomOn(after, 'yesterday', withoutCapacity)?.state).toBe('waiting_capacity');

    // Today shared out on demand before it ended: paid so far, not finished (a later run credits later payers, decision 035).
    const todayDate = today?.business_date ?? '';
    const recordedToday = await send(testApp.app, 'POST', `admin/v1/engine-rooms/${withCapacity}/revenue`, {
      token: operator,
      body: { business_date: todayDate, kwh: '100', revenue: '500', evidence: 'meter photo' },
    });
    expect(recordedToday.statusCode, recordedToday.body).toBe(201);
    expectSuccess(await send(testApp.app, 'POST', 'admin/v1/income/distribute', { token: operator, body: { business_date: todayDate } }));
    expect(roomOn(await dashboard(), 'today', withCapacity)).toMatchObject({ state: 'paid_so_far', orders_credited: 1 });

    // A distribution started and not finished (a run in progress, or one a crash stopped) is running.
    await db()
      .insertInto('income_distributions')
      .values({ engine_room_id: midway, business_date: day, pool: 10_000n, order_total: 10_000n, paid_before: new Date(), fee_bp: 1000 })
      .execute();
    expect(roomOn(await dashboard(), 'yesterday', midway)).toMatchObject({ state: 'running', orders_credited: 0 });
  });

  it('keeps a setup checklist until the business can take payments, each item naming the tab that does it', async () => {
    let board = await dashboard();
    // The seed's demo accounts are not real ones, nor are its rooms' capacities (samples, decision 037); its product is on sale.
    expect(item(board, 'receiving_account')).toMatchObject({ done: false, count: 0, tab: 'receiving' });
    expect(item(board, 'product_on_sale')).toMatchObject({ done: true, tab: 'catalogue' });
    expect(item(board, 'engine_room_capacity')).toMatchObject({ done: false, count: 0, tab: 'catalogue' });
    expect(item(board, 'income_settings')).toMatchObject({ done: false, tab: 'settings' });
    expect(board.checklist.ready).toBe(false);

    expectSuccess(
      await send(testApp.app, 'PUT', 'admin/v1/settings', {
        token: operator,
        body: { interest_rate: '3', operator_fee_percent: '10', reason: 'Launch' },
      }),
    );
    await db()
      .insertInto('remittance_accounts')
      .values({
        bank_name: 'Cathay United Bank',
        branch: 'Xinyi',
        account_holder: 'Graphene Solar Ltd',
        account_number: '123456789012',
        type: 'China',
      })
      .execute();
    board = await dashboard();
    expect(item(board, 'income_settings')?.done).toBe(true);
    expect(item(board, 'receiving_account')).toMatchObject({ done: true, count: 1 });
    expect(board.checklist.ready, 'no room checked yet').toBe(false);

    // An operator sets a seeded room's real capacity: that room counts.
    const rooms = async () =>
      (
        expectSuccess(await send(testApp.app, 'GET', 'admin/v1/catalogue/engine-rooms', { token: operator })) as {
          data: { id: number; capacity_confirmed: boolean }[];
        }
      ).data;
    expect((await rooms()).find((room) => room.id === 1)?.capacity_confirmed).toBe(false);
    expectSuccess(
      await send(testApp.app, 'PUT', 'admin/v1/engine-rooms/1/capacity', {
        token: operator,
        body: { capacity_units: 30, reason: 'survey' },
      }),
    );
    expect((await rooms()).find((room) => room.id === 1)?.capacity_confirmed).toBe(true);
    board = await dashboard();
    expect(item(board, 'engine_room_capacity')).toMatchObject({ done: true, count: 1 });
    expect(board.checklist.ready).toBe(true);

    // A disabled account does not count; a demo one never does.
    await db()
      .updateTable('remittance_accounts')
      .set({ enabled: false, disabled_reason: 'closed' })
      .where('account_number', '=', '123456789012')
      .execute();
    expect(item(await dashboard(), 'receiving_account')).toMatchObject({ done: false, count: 0 });
    await db()
      .updateTable('remittance_accounts')
      .set({ enabled: true, disabled_reason: null })
      .where('account_number', '=', '123456789012')
      .execute();

    // Sold out everywhere: nothing on sale, not ready.
    const quantities = await db().selectFrom('products').select(['id', 'quantity']).execute();
    await db().updateTable('products').set({ quantity: 0 }).execute();
    board = await dashboard();
    expect(item(board, 'product_on_sale')).toMatchObject({ done: false, count: 0 });
    expect(board.checklist.ready).toBe(false);
    for (const product of quantities)
      await db().updateTable('products').set({ quantity: product.quantity }).where('id', '=', product.id).execute();
  });
});

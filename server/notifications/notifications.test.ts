import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayAgo, dayStart, paidOrder } from '../../tests/helpers/income.ts';
import { verificationBody } from '../../tests/helpers/identity.ts';
import { expectFailure, expectSuccess, login, registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { notifyPayment, placeOrder } from '../../tests/helpers/orders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { distributeIncome } from '../distribution/distribution.service.ts';

interface Notice {
  id: number;
  kind: string;
  params: Record<string, string | number>;
  created_at: string;
  read_at: string | null;
}

describe.each(databaseKinds())('in-app notifications on %s', (kind) => {
  let testApp: TestApp;
  let operator: string;
  beforeAll(async () => {
    // Days recorded here are shared at once: the hold (decision 049) has its own tests.
    testApp = await createTestApp(kind, { REVENUE_HOLD_MINUTES: '0' });
    operator = await operatorToken(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const app = () => testApp.app;
  const unread = async (member: Member) =>
    (expectSuccess(await send(app(), 'GET', 'v1/notifications/unread', { token: member.token })) as { unread: number }).unread;
  const notices = async (member: Member, page = 1) =>
    expectSuccess(await send(app(), 'GET', `v1/notifications?page=${page}`, { token: member.token })) as {
      data: Notice[];
      total: number;
      last_page: number;
    };
  const submitVerification = async (member: Member, realname = 'Lin Mei') => {
    const body = await verificationBody(app(), member, realname);
    expectSuccess(await send(app(), 'PUT', `v1/user/${member.id}`, { token: member.token, body }));
  };

  it('a member is told of the verification decision; reads it, and only they can', async () => {
    const member = await registerMember(app());
    expect(await unread(member)).toBe(0);
    await submitVerification(member);
    expectSuccess(await send(app(), 'POST', `admin/v1/verifications/${member.id}/approve`, { token: operator }));

    expect(await unread(member)).toBe(1);
    const [notice] = (await notices(member)).data;
    expect(notice).toMatchObject({ kind: 'verification_approved', read_at: null });

    // Another member can neither read nor mark it.
    const stranger = await registerMember(app());
    expect((await notices(stranger)).data).toEqual([]);
    expectFailure(await send(app(), 'POST', `v1/notifications/${notice?.id}/read`, { token: stranger.token }), 404);
    expect(await unread(member)).toBe(1);

    const marked = expectSuccess(await send(app(), 'POST', `v1/notifications/${notice?.id}/read`, { token: member.token }));
    expect(marked).toEqual({ unread: 0 });
    expect((await notices(member)).data[0]?.read_at).not.toBeNull();
    // Unknown, or not a number: refused with nothing changed.
    expectFailure(await send(app(), 'POST', 'v1/notifications/999999999/read', { token: member.token }), 404);
    expectFailure(await send(app(), 'POST', 'v1/notifications/abc/read', { token: member.token }), 422);
    expectFailure(await send(app(), 'GET', 'v1/notifications/unread'), 401);
  });

  it('a rejected verification carries the operator’s reason', async () => {
    const member = await registerMember(app());
    await submitVerification(member);
    expectSuccess(
      await send(app(), 'POST', `admin/v1/verifications/${member.id}/reject`, { token: operator, body: { reason: 'Photo unreadable' } }),
    );
    expect((await notices(member)).data[0]).toMatchObject({ kind: 'verification_rejected', params: { reason: 'Photo unreadable' } });
  });

  it('a payment rejected and then confirmed: two notices naming the order, newest first, and read-all clears the count', async () => {
    const member = await registerMember(app());
    await submitVerification(member);
    expectSuccess(await send(app(), 'POST', `admin/v1/verifications/${member.id}/approve`, { token: operator }));
    const order = await placeOrder(app(), member);
    expectSuccess(await notifyPayment(app(), member, order.id), 201);
    expectSuccess(
      await send(app(), 'POST', `admin/v1/orders/${order.id}/reject`, { token: operator, body: { reason: 'No such remittance' } }),
    );
    expectSuccess(await notifyPayment(app(), member, order.id), 201);
    expectSuccess(
      await send(app(), 'POST', `admin/v1/orders/${order.id}/confirm`, {
        token: operator,
        body: { payer_name: 'Lin Mei', bank_reference: 'REMIT-7' },
      }),
    );
    const { data } = await notices(member);
    expect(data.map((notice) => notice.kind)).toEqual(['payment_confirmed', 'payment_rejected', 'verification_approved']);
    expect(data[1]?.params).toEqual({ order_number: order.order_number, reason: 'No such remittance' });
    expect(data[0]?.params).toEqual({ order_number: order.order_number });

    expect(await unread(member)).toBe(3);
    expect(expectSuccess(await send(app(), 'POST', 'v1/notifications/read-all', { token: member.token }))).toEqual({ unread: 0 });
    expect(await unread(member)).toBe(0);
  });

  it('a login on another device is told to the member', async () => {
    const member = await registerMember(app());
    expectSuccess(await login(app(), member.username, member.password));
    const fresh = (expectSuccess(await login(app(), member.username, member.password)) as { token: string }).token;
    const { data } = await notices({ ...member, token: fresh });
    expect(data.filter((notice) => notice.kind === 'logged_in_elsewhere')).toHaveLength(2);
  });

  it('income: one notice per member and day with the day’s total, written once however often the day is run', async () => {
    const member = await registerMember(app());
    const db = testApp.database.db;
    const day = dayAgo(1);
    const room = await db
      .insertInto('engine_rooms')
      .values({ name: 'Notice room', type: 'test', location: 'Test', capacity_units: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const paidAt = new Date((await dayStart(db, day)).getTime() - 60_000);
    await paidOrder(db, member.id, room.id, 15_000_000, paidAt);
    await paidOrder(db, member.id, room.id, 15_000_000, paidAt);
    expectSuccess(
      await send(app(), 'POST', `admin/v1/engine-rooms/${room.id}/revenue`, {
        token: operator,
        body: { business_date: day, kwh: '100', revenue: '1000', evidence: 'meter' },
      }),
      201,
    );
    await distributeIncome(db, testApp.config, { date: day });
    await distributeIncome(db, testApp.config, { date: day });
    const incomes = (await notices(member)).data.filter((notice) => notice.kind === 'income_arrived');
    expect(incomes).toHaveLength(1);
    // Both orders own the whole room: the day's revenue less the 10 % fee, in points.
    expect(incomes[0]?.params).toEqual({ date: day, engine_room_id: room.id, amount: 900 });
  });

  it('pages the list, newest first', async () => {
    const member = await registerMember(app());
    // Registering opened a session: each of these 17 logins replaces one.
    for (let index = 0; index < 16; index += 1) expectSuccess(await login(app(), member.username, member.password));
    const token = (expectSuccess(await login(app(), member.username, member.password)) as { token: string }).token;
    const first = await notices({ ...member, token });
    const second = await notices({ ...member, token }, 2);
    expect(first.total).toBe(17);
    expect(first.last_page).toBe(2);
    expect(first.data).toHaveLength(15);
    expect(second.data).toHaveLength(2);
    expect(first.data[0]?.id).toBeGreaterThan(second.data[0]?.id ?? Infinity);
  });
});

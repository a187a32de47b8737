import { describe, expect, it } from 'vitest';
import { dayAgo, dayStart, paidOrder } from '../../tests/helpers/income.ts';
import { incomeWorld } from '../../tests/helpers/income-world.ts';
import { expectFailure, expectSuccess, registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { databaseKinds } from '../../tests/helpers/test-app.ts';
import { pointsToDecimal } from '../shared/money.ts';
import { distributeIncome } from './distribution.service.ts';
import { entrySharedMessage, releaseOwnMessage } from '../revenue/revenue.service.ts';

const hourMs = 3_600_000;
/** 1,000 points buy one unit. */
const unitPrice = 1000;

interface Explained {
  state: string;
  revenue: number;
  recorded_revenue: number;
  fee: number;
  fee_percent: number;
  pool: number;
  amount_paid: number;
  carried_in: number;
  corrections: { revenue: number; state: string; pool_change: number | null; amount_paid: number; carried: number }[];
}

interface TrustDay {
  engine_room_id: number;
  business_date: string;
  revenue: number;
  fee_percent: number | null;
  distributable: number | null;
  income: number;
}

describe.each(databaseKinds())('corrections are shared, and revenue waits its hold, on %s', (kind) => {
  const world = incomeWorld(kind, [10, 10, 10, 10, 10, 10, 10], 'Correction room');
  const { db, room, record, recordHeld, shareNow, mainWallet, roomBalance } = world;

  const correct = async (roomId: number, day: string, delta: string) => {
    const response = await send(world.testApp.app, 'POST', `admin/v1/engine-rooms/${roomId}/revenue-adjustments`, {
      token: world.operator,
      body: { business_date: day, revenue_delta: delta, reason: `meter re-read ${delta}` },
    });
    return expectSuccess(response, 201) as { id: number; hold_until: string };
  };
  /** The explanation, its amounts (4-decimal text) read as numbers. */
  const explain = async (roomId: number, day: string) =>
    JSON.parse(
      JSON.stringify(
        expectSuccess(
          await send(world.testApp.app, 'GET', `admin/v1/engine-rooms/${roomId}/distributions/${day}`, { token: world.operator }),
        ),
      ),
      (_key, value: unknown) => (typeof value === 'string' && /^-?\d+\.\d{4}$/.test(value) ? Number(value) : value),
    ) as Explained;
  const trustDay = async (roomId: number, day: string) => {
    const body = (await send(world.testApp.app, 'GET', 'v1/trust')).json() as { detail: { data: TrustDay[] } };
    return body.detail.data.find((row) => row.engine_room_id === roomId && row.business_date === day);
  };
  const incomeNotices = (member: Member, kind: 'income_arrived' | 'income_corrected' = 'income_arrived') =>
    db()
      .selectFrom('notifications')
      .select('params')
      .where('user_id', '=', member.id)
      .where('kind', '=', kind)
      .execute()
      .then((rows) =>
        rows.map((row) => (typeof row.params === 'string' ? JSON.parse(row.params) : row.params) as { amount: string; date: string }),
      );
  const owner = async (roomId: number, units: number, day: string) => {
    const member = await registerMember(world.testApp.app);
    await paidOrder(db(), member.id, roomId, units * unitPrice, new Date((await dayStart(db(), day)).getTime() - hourMs), unitPrice);
    return member;
  };

  it('the fee is 15 % for these tests', async () => {
    expectSuccess(
      await send(world.testApp.app, 'PUT', 'admin/v1/settings', {
        token: world.operator,
        body: { operator_fee_percent: 15, reason: 'the contract with the rooms' },
        json: true,
      }),
    );
  });

  it('+98,000 on a day of 2,000 already shared: members get their share of the increase, and every figure matches the ledger', async () => {
    const day = dayAgo(3);
    const member = await owner(room(0), 5, day);
    expectSuccess(await record(room(0), day, '2000'), 201);
    await distributeIncome(db(), world.testApp.config);
    // 2,000 less 15 % is 1,700; half the room's 10 units earn half of it.
    expect(await mainWallet(member)).toBe(850);

    const correction = await correct(room(0), day, '98000');
    expect((await explain(room(0), day)).corrections).toMatchObject([{ revenue: 98000, state: 'held' }]);
    expectSuccess(await shareNow(correction.id));
    await distributeIncome(db(), world.testApp.config);
    // The pool of the corrected 100,000 is 85,000: 83,300 more, half of it to the member.
    expect(await mainWallet(member)).toBe(42_500);
    // The day's income, then the correction's own notice with the day and the amount: not a second "income arrived".
    expect((await incomeNotices(member)).map((notice) => notice.amount)).toEqual(['8500000']);
    expect(await incomeNotices(member, 'income_corrected')).toEqual([expect.objectContaining({ date: day, amount: '416500000' })]);

    const explained = await explain(room(0), day);
    expect(explained).toMatchObject({
      state: 'finished',
      revenue: 100_000,
      recorded_revenue: 2000,
      fee_percent: 15,
      fee: 15_000,
      pool: 85_000,
      amount_paid: 42_500,
      carried_in: 0,
      corrections: [{ revenue: 98_000, state: 'shared', pool_change: 83_300, amount_paid: 41_650, carried: 0 }],
    });
    expect(await trustDay(room(0), day)).toMatchObject({ revenue: 100_000, fee_percent: 15, distributable: 85_000, income: 42_500 });
    expect(await roomBalance(room(0))).toBe(100_000 - 42_500);

    // The cart's past results for the same five units say what the day paid in all, the increase included.
    const product = await db().selectFrom('products').select('price').where('id', '=', 1).executeTakeFirstOrThrow();
    const fiveUnits = pointsToDecimal(BigInt(product.price) * 5n);
    const recent = await send(world.testApp.app, 'GET', `v1/engineRoom/${room(0)}/recent?product_id=1&amount=${fiveUnits}`);
    expect(expectSuccess(recent)).toMatchObject({ shared_days: 1, low: 42_500, high: 42_500 });

    const dashboard = expectSuccess(await send(world.testApp.app, 'GET', 'admin/v1/dashboard', { token: world.operator }));
    expect(JSON.stringify(dashboard)).not.toContain('"amount_credited":850,');

    // Run again: nothing more.
    await distributeIncome(db(), world.testApp.config);
    expect(await mainWallet(member)).toBe(42_500);
  });

  it('a decrease after sharing takes nothing back from members and is carried against the room’s later days', async () => {
    const first = dayAgo(6);
    const later = dayAgo(5);
    const member = await owner(room(1), 5, first);
    expectSuccess(await record(room(1), first, '10000'), 201);
    await distributeIncome(db(), world.testApp.config);
    expect(await mainWallet(member)).toBe(4250);

    expectSuccess(await shareNow((await correct(room(1), first, '-2000')).id));
    await distributeIncome(db(), world.testApp.config);
    expect(await mainWallet(member)).toBe(4250);
    expect(await explain(room(1), first)).toMatchObject({
      revenue: 8000,
      fee: 1200,
      pool: 6800,
      amount_paid: 4250,
      corrections: [{ revenue: -2000, state: 'carried', pool_change: -1700, amount_paid: 0, carried: 1700 }],
    });

    expectSuccess(await record(room(1), later, '4000'), 201);
    await distributeIncome(db(), world.testApp.config);
    // 4,000 less 15 % is 3,400, less the 1,700 carried: 1,700, half of it to the member.
    expect(await mainWallet(member)).toBe(4250 + 850);
    expect(await explain(room(1), later)).toMatchObject({ revenue: 4000, fee: 600, carried_in: 1700, pool: 1700, amount_paid: 850 });
    expect(await trustDay(room(1), later)).toMatchObject({ revenue: 4000, distributable: 1700, income: 850 });
  });

  it('a correction is shared once however many runs, two of them at once', async () => {
    const day = dayAgo(4);
    const member = await owner(room(2), 2, day);
    expectSuccess(await record(room(2), day, '1000'), 201);
    await distributeIncome(db(), world.testApp.config);
    expect(await mainWallet(member)).toBe(170);
    expectSuccess(await shareNow((await correct(room(2), day, '1000')).id));
    await Promise.all([distributeIncome(db(), world.testApp.config), distributeIncome(db(), world.testApp.config, { batchSize: 1 })]);
    await distributeIncome(db(), world.testApp.config);
    expect(await mainWallet(member)).toBe(340);
    const records = await db().selectFrom('income_records').select('amount').where('user_id', '=', member.id).execute();
    expect(records.map((row) => row.amount).sort()).toEqual(['1700000', '1700000']);
    expect((await incomeNotices(member)).length).toBe(1);
    expect((await incomeNotices(member, 'income_corrected')).length).toBe(1);
  });

  it('a held correction waits alone: a later one shared now goes ahead, the held one follows when its hold ends, the day paid its pool once', async () => {
    const day = dayAgo(4);
    const [first, second] = [await owner(room(6), 5, day), await owner(room(6), 5, day)];
    expectSuccess(await record(room(6), day, '1000'), 201);
    await distributeIncome(db(), world.testApp.config);
    expect(await mainWallet(first)).toBe(425);

    const held = await correct(room(6), day, '2000');
    const later = await correct(room(6), day, '4000');
    const withdrawn = await correct(room(6), day, '500');
    expectSuccess(await shareNow(later.id));
    await distributeIncome(db(), world.testApp.config);
    // 4,000 less 15 % is 3,400, half of it each; the held 2,000 is not paid before its hold ends.
    expect(await mainWallet(first)).toBe(425 + 1700);
    expect((await explain(room(6), day)).corrections).toMatchObject([
      { revenue: 2000, state: 'held' },
      { revenue: 4000, state: 'shared', pool_change: 3400, amount_paid: 3400 },
      { revenue: 500, state: 'held' },
    ]);
    // An entry held behind one shared is still not shared: it can be withdrawn.
    const withdraw = await send(world.testApp.app, 'POST', `admin/v1/revenue-entries/${withdrawn.id}/withdraw`, {
      token: world.operator,
      body: { reason: 'typed twice' },
    });
    expectSuccess(withdraw);

    await distributeIncome(db(), world.testApp.config, { now: new Date(new Date(held.hold_until).getTime() + 1000) });
    await distributeIncome(db(), world.testApp.config, { now: new Date(new Date(held.hold_until).getTime() + 2000) });
    // 2,000 less 15 % is 1,700: the two owners of the room's 10 units have the pool of 7,000, 5,950, between them.
    expect(await mainWallet(first)).toBe(425 + 1700 + 850);
    expect(await mainWallet(second)).toBe(425 + 1700 + 850);
    expect(await explain(room(6), day)).toMatchObject({
      revenue: 7000,
      fee: 1050,
      pool: 5950,
      amount_paid: 5950,
      corrections: [
        { revenue: 2000, state: 'shared', pool_change: 1700, amount_paid: 1700 },
        { revenue: 4000, state: 'shared', pool_change: 3400, amount_paid: 3400 },
        { revenue: 500, state: 'withdrawn' },
      ],
    });
    expect(await incomeNotices(first, 'income_corrected')).toHaveLength(2);
    expect(await roomBalance(room(6))).toBe(7000 - 5950);
  });

  it('held revenue is not shared by the schedule, nor on demand, before its hold ends', async () => {
    const day = dayAgo(2);
    const member = await owner(room(3), 5, day);
    const held = expectSuccess(await recordHeld(room(3), day, '1000'), 201) as { id: number; hold_until: string };
    // The default hold: until the next business day starts.
    expect(new Date(held.hold_until).getTime()).toBeGreaterThan(Date.now());
    await distributeIncome(db(), world.testApp.config);
    await distributeIncome(db(), world.testApp.config, { date: day });
    expect(await mainWallet(member)).toBe(0);
    expect((await explain(room(3), day)).state).toBe('not_run');
    const list = expectSuccess(await send(world.testApp.app, 'GET', 'admin/v1/revenue/held', { token: world.operator })) as {
      id: number;
      recorded_by_me: boolean;
    }[];
    expect(list).toContainEqual(expect.objectContaining({ id: held.id, recorded_by_me: true }));

    await distributeIncome(db(), world.testApp.config, { now: new Date(new Date(held.hold_until).getTime() + 1000) });
    expect(await mainWallet(member)).toBe(425);
  });

  it('share now: refused to the administrator who recorded it and to a reviewer, allowed to another administrator', async () => {
    const day = dayAgo(2);
    const member = await owner(room(4), 5, day);
    const held = expectSuccess(await recordHeld(room(4), day, '2000'), 201) as { id: number };
    expect(expectFailure(await shareNow(held.id, world.operator), 403)).toMatchObject({ message: releaseOwnMessage });
    const reviewer = await operatorToken(world.testApp.app, db(), undefined, 'reviewer');
    expectFailure(await shareNow(held.id, reviewer), 403);
    await distributeIncome(db(), world.testApp.config);
    expect(await mainWallet(member)).toBe(0);

    expectSuccess(await shareNow(held.id));
    const audit = await db().selectFrom('audit_log').select(['action', 'after']).where('action', '=', 'revenue.share_now').execute();
    expect(audit.length).toBeGreaterThan(0);
    await distributeIncome(db(), world.testApp.config);
    expect(await mainWallet(member)).toBe(850);
    // Shared: it can no longer be withdrawn.
    const late = await send(world.testApp.app, 'POST', `admin/v1/revenue-entries/${held.id}/withdraw`, {
      token: world.operator,
      body: { reason: 'too late' },
    });
    expect(expectFailure(late, 409).message).toBe(entrySharedMessage);
  });

  it('revenue not yet shared can be withdrawn with a reason, audited, and the day recorded again', async () => {
    const day = dayAgo(2);
    const member = await owner(room(5), 5, day);
    const held = expectSuccess(await recordHeld(room(5), day, '3000'), 201) as { id: number };
    const withdraw = (body: Record<string, unknown>) =>
      send(world.testApp.app, 'POST', `admin/v1/revenue-entries/${held.id}/withdraw`, { token: world.operator, body });
    expectFailure(await withdraw({ reason: '   ' }), 422);
    expect(await roomBalance(room(5))).toBe(3000);

    expectSuccess(await withdraw({ reason: 'typed for the wrong room' }));
    expect(await roomBalance(room(5))).toBe(0);
    expectFailure(await withdraw({ reason: 'again' }), 409);
    const audit = await db().selectFrom('audit_log').select('after').where('action', '=', 'revenue.withdraw').execute();
    expect(JSON.stringify(audit.map((row) => row.after))).toContain('typed for the wrong room');
    await distributeIncome(db(), world.testApp.config, { now: new Date(Date.now() + 3 * 24 * hourMs) });
    expect(await mainWallet(member)).toBe(0);

    expectSuccess(await record(room(5), day, '1000'), 201);
    await distributeIncome(db(), world.testApp.config);
    expect(await mainWallet(member)).toBe(425);
    expect(await trustDay(room(5), day)).toMatchObject({ revenue: 1000, distributable: 850, income: 425 });
  });
});

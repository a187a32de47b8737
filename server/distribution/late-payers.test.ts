import { describe, expect, it } from 'vitest';
import { dayAgo, dayStart, paidOrder } from '../../tests/helpers/income.ts';
import { expectSuccess, registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { incomeWorld } from '../../tests/helpers/income-world.ts';
import { databaseKinds } from '../../tests/helpers/test-app.ts';
import { distributeIncome } from './distribution.service.ts';

const hourMs = 3_600_000;
/** 1,000 points buy one unit. */
const unitPrice = 1000;

/**
 * An operator may share out today's revenue before the day is over; the members whose orders are
 * paid off later that day still earn it (API.md: every order paid off on or before the day), at
 * the same rate, when the day is taken up again (decision 035).
 */
describe.each(databaseKinds())('a day shared out before it ended, on %s', (kind) => {
  const world = incomeWorld(kind, [10, 10, 1], 'Late room');
  const { db, room, record, mainWallet, roomBalance } = world;
  const incomeNotices = (member: Member) =>
    db()
      .selectFrom('notifications')
      .select('params')
      .where('user_id', '=', member.id)
      .where('kind', '=', 'income_arrived')
      .execute()
      .then((rows) => rows.map((row) => (typeof row.params === 'string' ? JSON.parse(row.params) : row.params) as { amount: string }));

  it('the schedule credits the orders paid off after the early run, at the same rate, once, and tells only their members', async () => {
    const day = dayAgo(2);
    const start = await dayStart(db(), day);
    const [early, later, nextDay] = [
      await registerMember(world.testApp.app),
      await registerMember(world.testApp.app),
      await registerMember(world.testApp.app),
    ];
    // Room 0 holds 10 units: early owns 3, later 1 (paid at 12:00, after the run at 10:00), nextDay 2 (the day after).
    await paidOrder(db(), early.id, room(0), 3000, new Date(start.getTime() - 2 * hourMs), unitPrice);
    await paidOrder(db(), later.id, room(0), 1000, new Date(start.getTime() + 12 * hourMs), unitPrice);
    await paidOrder(db(), nextDay.id, room(0), 2000, new Date(start.getTime() + 30 * hourMs), unitPrice);
    expectSuccess(await record(room(0), day, '100'), 201);

    const first = await distributeIncome(db(), world.testApp.config, { date: day, now: new Date(start.getTime() + 10 * hourMs) });
    // 100 less the 10 % fee is 90; early's 3/10 of it.
    expect(first).toMatchObject({ ordersCredited: 1, amountCredited: 270_000n });
    expect([await mainWallet(early), await mainWallet(later)]).toEqual([27, 0]);
    const waiting = expectSuccess(
      await send(world.testApp.app, 'GET', `admin/v1/engine-rooms/${room(0)}/distributions/${day}?outcome=not_distributed`, {
        token: world.operator,
      }),
    ) as { orders: { total: number } };
    expect(waiting.orders.total).toBe(1);

    const schedule = await distributeIncome(db(), world.testApp.config);
    expect(schedule).toMatchObject({ ordersCredited: 1, amountCredited: 90_000n });
    expect([await mainWallet(early), await mainWallet(later), await mainWallet(nextDay)]).toEqual([27, 9, 0]);
    expect(await roomBalance(room(0))).toBe(64);
    expect((await incomeNotices(early)).map((notice) => notice.amount)).toEqual(['270000']);
    expect((await incomeNotices(later)).map((notice) => notice.amount)).toEqual(['90000']);

    expect(await distributeIncome(db(), world.testApp.config)).toMatchObject({ days: [], ordersCredited: 0 });
    expect(await distributeIncome(db(), world.testApp.config, { date: day })).toMatchObject({ days: [], ordersCredited: 0 });
    const explained = expectSuccess(
      await send(world.testApp.app, 'GET', `admin/v1/engine-rooms/${room(0)}/distributions/${day}`, { token: world.operator }),
    ) as { outcomes: { outcome: string; orders: number; earned: string }[] };
    expect(explained.outcomes.map((row) => [row.outcome, row.orders, row.earned]).sort()).toEqual([
      ['paid', 2, '36.0000'],
      ['paid_after_day', 1, '0.0000'],
    ]);
  });

  it('a second run on demand the same day reports only what it credited', async () => {
    const day = dayAgo(3);
    const start = await dayStart(db(), day);
    const [morning, noon] = [await registerMember(world.testApp.app), await registerMember(world.testApp.app)];
    await paidOrder(db(), morning.id, room(1), 1000, new Date(start.getTime() + hourMs), unitPrice);
    await paidOrder(db(), noon.id, room(1), 2000, new Date(start.getTime() + 12 * hourMs), unitPrice);
    expectSuccess(await record(room(1), day, '100'), 201);
    const at = (hours: number) => ({ date: day, now: new Date(start.getTime() + hours * hourMs) });

    expect(await distributeIncome(db(), world.testApp.config, at(5))).toMatchObject({ ordersCredited: 1, amountCredited: 90_000n });
    expect(await distributeIncome(db(), world.testApp.config, at(15))).toMatchObject({ ordersCredited: 1, amountCredited: 180_000n });
    expect(await distributeIncome(db(), world.testApp.config, at(15))).toMatchObject({ ordersCredited: 0, amountCredited: 0n });
    expect([await mainWallet(morning), await mainWallet(noon)]).toEqual([9, 18]);
  });

  it('never shares out more than the day’s pool, even when the room was sold beyond its capacity after the early run', async () => {
    const day = dayAgo(4);
    const start = await dayStart(db(), day);
    const [first, second] = [await registerMember(world.testApp.app), await registerMember(world.testApp.app)];
    // Room 2 holds one unit: first owns it; second's unit, paid later, is beyond the room's capacity.
    await paidOrder(db(), first.id, room(2), 1000, new Date(start.getTime() + hourMs), unitPrice);
    await paidOrder(db(), second.id, room(2), 1000, new Date(start.getTime() + 12 * hourMs), unitPrice);
    expectSuccess(await record(room(2), day, '100'), 201);

    await distributeIncome(db(), world.testApp.config, { date: day, now: new Date(start.getTime() + 5 * hourMs) });
    await distributeIncome(db(), world.testApp.config);
    expect([await mainWallet(first), await mainWallet(second)]).toEqual([90, 0]);
    expect(await roomBalance(room(2))).toBe(10);
  });
});

import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dayAgo, dayStart, paidOrder } from '../../tests/helpers/income.ts';
import { incomeWorld } from '../../tests/helpers/income-world.ts';
import { expectFailure, expectSuccess, registerMember, send } from '../../tests/helpers/members.ts';
import { databaseKinds } from '../../tests/helpers/test-app.ts';
import type { Db } from '../db/database.ts';
import { businessDate, businessDay, scheduleZoneChange } from '../db/business-day.ts';
import { distributeIncome } from './distribution.service.ts';
import { zoneReasonMessage } from '../revenue/income-settings.service.ts';

const hourMs = 3_600_000;

interface Settings {
  business_time_zone: string;
  business_time_zone_next: { time_zone: string; from_date: string } | null;
}

/** Midnight at the start of a date in a zone, as the database reckons it. */
async function midnight(db: Db, date: string, zone: string): Promise<Date> {
  const row = await sql<{ at: Date }>`select (${date}::date::timestamp at time zone ${zone}) as at`.execute(db);
  return new Date(row.rows[0]?.at ?? 0);
}

const nextDate = (date: string, days = 1) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A business day is fixed once it has started (decision 047): a change of the business time zone
 * takes effect from the first day that has not started, with a reason, audited; days already shared
 * are never drawn again, so no order is paid twice for any instant.
 */
describe.each(databaseKinds())('business days across a change of zone, on %s', (kind) => {
  const world = incomeWorld(kind, [10], 'Zone room');
  const { db, room, record } = world;
  const put = (body: Record<string, unknown>) =>
    send(world.testApp.app, 'PUT', 'admin/v1/settings', { token: world.operator, body, json: true });
  const read = async () => expectSuccess(await send(world.testApp.app, 'GET', 'admin/v1/settings', { token: world.operator })) as Settings;
  const resetZones = () => sql`delete from business_day_zones where from_date > '1970-01-01'`.execute(db());

  it('a Taipei day shared stays shared after a switch to Africa/Abidjan: no day is drawn again and no order paid twice', async () => {
    const [earlier, later] = [dayAgo(2), dayAgo(1)];
    const member = await registerMember(world.testApp.app);
    // Paid two hours into Taipei's `later` day: still `earlier` in Abidjan, whose midnight is eight hours on.
    const paidAt = new Date((await dayStart(db(), later)).getTime() + 2 * hourMs);
    const orderId = await paidOrder(db(), member.id, room(0), 1000, paidAt, 1000);
    expectSuccess(await record(room(0), earlier, '100'), 201);
    expectSuccess(await record(room(0), later, '100'), 201);
    await distributeIncome(db(), world.testApp.config);
    const paidDays = () =>
      db()
        .selectFrom('income_records')
        .select((eb) => eb.cast<string>('business_date', 'text').as('day'))
        .where('order_id', '=', orderId)
        .orderBy('business_date')
        .execute()
        .then((rows) => rows.map((row) => row.day));
    expect(await paidDays()).toEqual([later]);
    const wallet = await world.mainWallet(member);

    const changed = expectSuccess(await put({ business_time_zone: 'Africa/Abidjan', reason: 'Moving the hosting to Abidjan' })) as Settings;
    const today = await businessDate(db(), new Date());
    expect(changed).toMatchObject({
      business_time_zone: 'Asia/Taipei',
      business_time_zone_next: { time_zone: 'Africa/Abidjan', from_date: nextDate(today) },
    });
    // The schedule's catch-up, and an operator's run of a named day, find nothing left to pay.
    expect(await distributeIncome(db(), world.testApp.config)).toMatchObject({ ordersCredited: 0 });
    expectSuccess(await send(world.testApp.app, 'POST', 'admin/v1/income/distribute', { token: world.operator, body: {}, json: true }));
    expectSuccess(
      await send(world.testApp.app, 'POST', 'admin/v1/income/distribute', {
        token: world.operator,
        body: { business_date: earlier },
        json: true,
      }),
    );
    expect(await paidDays()).toEqual([later]);
    expect(await world.mainWallet(member)).toBe(wallet);
    // The days shared keep Taipei's bounds.
    expect(await businessDay(db(), earlier)).toEqual({
      date: earlier,
      start: await midnight(db(), earlier, 'Asia/Taipei'),
      end: await midnight(db(), later, 'Asia/Taipei'),
      timeZone: 'Asia/Taipei',
    });
    await resetZones();
  });

  it('a change without a reason is refused on the reason field and changes nothing; with one it is audited', async () => {
    const before = await read();
    const refused = expectFailure(await put({ business_time_zone: 'UTC' }), 422);
    expect(refused.errors).toEqual({ reason: [zoneReasonMessage] });
    expectFailure(await put({ business_time_zone: 'UTC', reason: '   ' }), 422);
    expect(await read()).toEqual(before);
    const zones = await db().selectFrom('business_day_zones').select('time_zone').execute();
    expect(zones.map((zone) => zone.time_zone)).toEqual(['Asia/Taipei']);

    expectSuccess(await put({ business_time_zone: 'UTC', reason: 'Reports in UTC' }));
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.update')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const today = await businessDate(db(), new Date());
    expect(audit?.before).toMatchObject({ business_time_zone: 'Asia/Taipei' });
    expect(audit?.after).toMatchObject({
      business_time_zone: 'Asia/Taipei',
      business_time_zone_next: 'UTC',
      business_time_zone_from: nextDate(today),
      reason: 'Reports in UTC',
    });
    // Choosing today's zone again withdraws the waiting change (with a reason too).
    expectSuccess(await put({ business_time_zone: 'Asia/Taipei', reason: 'Stay on Taipei' }));
    expect(await read()).toMatchObject({ business_time_zone: 'Asia/Taipei', business_time_zone_next: null });
    // A member is refused.
    const member = await registerMember(world.testApp.app);
    expectFailure(
      await send(world.testApp.app, 'PUT', 'admin/v1/settings', {
        token: member.token,
        body: { business_time_zone: 'UTC', reason: 'x' },
        json: true,
      }),
      403,
    );
    expect(await read()).toMatchObject({ business_time_zone_next: null });
  });

  it.each([
    ['behind (Taipei to Abidjan): the changeover day is 32 hours', 'Africa/Abidjan', 32],
    ['ahead (Taipei to Kiritimati): the changeover day is 18 hours', 'Pacific/Kiritimati', 18],
  ])('a zone %s, and the days around it keep to 24', async (_name, zone, hours) => {
    const today = await businessDate(db(), new Date());
    expectSuccess(await put({ business_time_zone: zone, reason: 'Test of the changeover' }));
    const from = nextDate(today);
    const [todays, changeover, after] = [
      await businessDay(db(), today),
      await businessDay(db(), from),
      await businessDay(db(), nextDate(from)),
    ];
    expect(todays).toMatchObject({ start: await midnight(db(), today, 'Asia/Taipei'), end: await midnight(db(), from, 'Asia/Taipei') });
    expect(changeover).toMatchObject({ start: todays.end, end: await midnight(db(), nextDate(from), zone), timeZone: zone });
    expect((changeover.end.getTime() - changeover.start.getTime()) / hourMs).toBe(hours);
    expect(after).toMatchObject({ start: changeover.end, timeZone: zone });
    expect((after.end.getTime() - after.start.getTime()) / hourMs).toBe(24);
    // An instant an hour before the changeover day's end is in it; one at its end is in the next.
    expect(await businessDate(db(), new Date(changeover.end.getTime() - hourMs))).toBe(from);
    expect(await businessDate(db(), changeover.end)).toBe(nextDate(from));
    expect(await businessDate(db(), changeover.start)).toBe(from);
    expect(await businessDate(db(), new Date(changeover.start.getTime() - 1))).toBe(today);
    await resetZones();
  });

  it('across random zone changes, no instant is in two days and no day that started is ever drawn again', async () => {
    const zones = [
      'UTC',
      'Asia/Taipei',
      'Africa/Abidjan',
      'Pacific/Kiritimati',
      'Etc/GMT+12',
      'Asia/Kathmandu',
      'America/Los_Angeles',
      'Pacific/Chatham',
    ];
    const origin = Date.parse('2031-03-01T00:00:00Z');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ afterHours: fc.integer({ min: 0, max: 60 }), zone: fc.constantFrom(...zones) }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.array(fc.integer({ min: 0, max: 20 * 24 * 60 }), { minLength: 6, maxLength: 6 }),
        async (changes, probes) => {
          await resetZones();
          let now = origin;
          const started = new Map<string, { start: number; end: number }>();
          for (const change of changes) {
            now += change.afterHours * hourMs;
            const today = await businessDate(db(), new Date(now));
            for (let day = nextDate(today, -2); day <= today; day = nextDate(day)) {
              const bounds = await businessDay(db(), day);
              started.set(day, { start: bounds.start.getTime(), end: bounds.end.getTime() });
            }
            await scheduleZoneChange(db(), new Date(now), { timeZone: change.zone, reason: 'property', operatorId: 1 });
          }
          // Every day that had started keeps its bounds.
          for (const [day, bounds] of started) {
            const after = await businessDay(db(), day);
            expect({ day, start: after.start.getTime(), end: after.end.getTime() }).toEqual({ day, ...bounds });
          }
          // Days follow each other with no gap or overlap, each of positive length.
          const first = await businessDate(db(), new Date(origin));
          const last = nextDate(await businessDate(db(), new Date(now)), 5);
          let previous = await businessDay(db(), first);
          for (let day = nextDate(first); day <= last; day = nextDate(day)) {
            const current = await businessDay(db(), day);
            expect(previous.end.getTime()).toBeGreaterThan(previous.start.getTime());
            expect(current.start.getTime()).toBe(previous.end.getTime());
            previous = current;
          }
          // An instant's day is the one whose bounds hold it.
          for (const minutes of probes) {
            const at = new Date(origin + minutes * 60_000);
            const day = await businessDay(db(), await businessDate(db(), at));
            expect(day.start.getTime()).toBeLessThanOrEqual(at.getTime());
            expect(day.end.getTime()).toBeGreaterThan(at.getTime());
          }
        },
      ),
      { numRuns: 12 },
    );
    await resetZones();
  }, 120_000);
});

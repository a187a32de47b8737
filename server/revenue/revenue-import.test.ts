import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayAgo, dayStart, paidOrder } from '../../tests/helpers/income.ts';
import { expectFailure, expectSuccess, registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { accounts, balanceOf } from '../ledger/accounts.ts';

const hourMs = 3_600_000;

interface Preview {
  file_sha256: string;
  rows_total: number;
  rows_ok: number;
  rows_recorded_before: number;
  rows_bad: number;
  total_revenue: string;
  rows: { line: number; status: string; problems: string[] }[];
}

interface Explained {
  state: string;
  revenue: string;
  pool: string;
  fee: string;
  orders_paid: number;
  amount_paid: string;
  outcomes: { outcome: string; orders: number; earned: string }[];
  orders: { total: number; data: { order_number: string; outcome: string; earned: string | null }[] };
}

describe.each(databaseKinds())('revenue records, CSV import and distribution explained on %s', (kind) => {
  let testApp: TestApp;
  let operator: string;
  let member: Member;
  let roomA: number;
  let roomB: number;
  const roomAName = `Import room A ${kind}`;
  const [d1, d2, d3] = [dayAgo(1), dayAgo(2), dayAgo(3)];

  beforeAll(async () => {
    // Days imported here are shared at once: the hold (decision 049) has its own tests.
    testApp = await createTestApp(kind, { REVENUE_HOLD_MINUTES: '0' });
    operator = await operatorToken(testApp.app, testApp.database.db);
    member = await registerMember(testApp.app);
    const rooms = await testApp.database.db
      .insertInto('engine_rooms')
      .values([
        { name: roomAName, type: 'test', location: 'Test', capacity_units: 10 },
        { name: `Import room B ${kind}`, type: 'test', location: 'Test', capacity_units: null },
      ])
      .returning('id')
      .execute();
    [roomA, roomB] = rooms.map((row) => row.id) as [number, number];
  });
  afterAll(async () => {
    expect(await auditLedger(testApp.database.db)).toMatchObject({ unbalancedJournals: [], driftedAccounts: [], total: 0n });
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const admin = (method: 'GET' | 'POST', path: string, body?: Record<string, unknown>, token = operator) =>
    send(testApp.app, method, `admin/v1/${path}`, { token, ...(body === undefined ? {} : { body, json: true }) });
  const recordOne = (roomId: number, day: string, kwh: string, revenue: string) =>
    admin('POST', `engine-rooms/${roomId}/revenue`, { business_date: day, kwh, revenue, evidence: 'meter photo' });
  const entries = async () =>
    Number(
      (
        await db()
          .selectFrom('engine_room_revenue')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** One good row per room and day, and one of each kind of bad row; lines are counted from the header (1). */
  const csv = () =>
    [
      'room,business_date,kwh,revenue,evidence',
      `${roomA},${d2},100.5,200,"meter A, photo 1"`, // 2 ok
      `${roomAName.toUpperCase()},${d3},50,100.5,`, // 3 ok, by name
      `${roomB},${d2},10,20`, // 4 ok, a room without capacity
      `999999,${dayAgo(5)},1,1`, // 5 room_unknown
      `${roomA},2026-02-30,1,1`, // 6 date_invalid
      `${roomA},${dayAgo(-3)},1,1`, // 7 date_future
      `${roomA},${dayAgo(6)},1,-5`, // 8 amount_negative
      `${roomA},${dayAgo(7)},1,1.23456`, // 9 amount_invalid
      `${roomA},${dayAgo(8)},1,5`, // 10 duplicate_in_file
      `${roomA},${dayAgo(8)},1,6`, // 11 duplicate_in_file
      `${roomA},${dayAgo(9)},x,5`, // 12 kwh_invalid
      `${roomA},${dayAgo(10)},1,31`, // 13 recorded_differently (30 is recorded)
      `${roomA},${dayAgo(11)},1,7`, // 14 recorded before with the same figures: skipped
    ].join('\n') + '\n';

  it('is for operators only: 401 without a token, 403 with a member’s', async () => {
    for (const [method, path] of [
      ['GET', 'revenue'],
      ['GET', `engine-rooms/${roomA}/revenue-days`],
      ['GET', `engine-rooms/${roomA}/distributions/${d2}`],
      ['POST', 'revenue-imports/preview'],
      ['POST', 'revenue-imports'],
    ] as const) {
      expectFailure(await send(testApp.app, method, `admin/v1/${path}`, { body: {}, json: true }), 401);
      const refused = expectFailure(await admin(method, path, method === 'POST' ? {} : undefined, member.token), 403);
      expect(refused.error_code).toBe('operators_only');
    }
  });

  it('previews every row, says which are wrong and why, and records nothing', async () => {
    expectSuccess(await recordOne(roomA, dayAgo(10), '1', '30'), 201);
    expectSuccess(await recordOne(roomA, dayAgo(11), '1', '7'), 201);
    const before = await entries();
    const preview = expectSuccess(await admin('POST', 'revenue-imports/preview', { file_name: 'meters.csv', csv: csv() })) as Preview;
    expect(preview).toMatchObject({ rows_total: 13, rows_ok: 3, rows_recorded_before: 1, rows_bad: 9, total_revenue: '320.5000' });
    const byLine = Object.fromEntries(preview.rows.map((row) => [row.line, row]));
    expect(byLine[2]).toMatchObject({ status: 'ok', problems: [] });
    expect(byLine[3]).toMatchObject({ status: 'ok', problems: [] });
    expect(byLine[4]).toMatchObject({ status: 'ok', problems: [] });
    expect(byLine[5]?.problems).toEqual(['room_unknown']);
    expect(byLine[6]?.problems).toEqual(['date_invalid']);
    expect(byLine[7]?.problems).toEqual(['date_future']);
    expect(byLine[8]?.problems).toEqual(['amount_negative']);
    expect(byLine[9]?.problems).toEqual(['amount_invalid']);
    expect(byLine[10]?.problems).toEqual(['duplicate_in_file']);
    expect(byLine[11]?.problems).toEqual(['duplicate_in_file']);
    expect(byLine[12]?.problems).toEqual(['kwh_invalid']);
    expect(byLine[13]?.problems).toEqual(['recorded_differently']);
    expect(byLine[14]).toMatchObject({ status: 'recorded', problems: [] });
    // The back office sends forms: a 40 KB file form-encoded is read the same, beyond the usual form limit.
    const padded = `${csv()}${roomA},${dayAgo(12)},1,1,${'#'.repeat(40 * 1024)}\n`;
    const form = await send(testApp.app, 'POST', 'admin/v1/revenue-imports/preview', {
      token: operator,
      body: { file_name: 'meters.csv', csv: padded },
    });
    expect((expectSuccess(form) as Preview).rows_total).toBe(14);
    expect(await entries()).toBe(before);
  });

  it('refuses files too large, too long, without the header or changed since the preview, and a confirmation without a reason', async () => {
    const header = 'room,business_date,kwh,revenue\n';
    const long = header + Array.from({ length: 1001 }, (_, index) => `${roomA},${d1},1,${index}`).join('\n');
    expect(expectFailure(await admin('POST', 'revenue-imports/preview', { file_name: 'a.csv', csv: long }), 422).error_code).toBe(
      'revenue_import_too_many_rows',
    );
    const large = header + `${roomA},${d1},1,1,${'x'.repeat(130 * 1024)}\n`;
    expect(expectFailure(await admin('POST', 'revenue-imports/preview', { file_name: 'a.csv', csv: large }), 422).error_code).toBe(
      'revenue_import_too_large',
    );
    expect(
      expectFailure(await admin('POST', 'revenue-imports/preview', { file_name: 'a.csv', csv: 'a,b,c\n1,2,3\n' }), 422).error_code,
    ).toBe('revenue_import_header');
    expect(expectFailure(await admin('POST', 'revenue-imports/preview', { file_name: 'a.csv', csv: header }), 422).error_code).toBe(
      'revenue_import_empty',
    );
    const before = await entries();
    const changed = { file_name: 'a.csv', csv: csv(), file_sha256: '0'.repeat(64), reason: 'monthly meter read' };
    expect(expectFailure(await admin('POST', 'revenue-imports', changed), 409).error_code).toBe('revenue_import_changed');
    const preview = expectSuccess(await admin('POST', 'revenue-imports/preview', { file_name: 'a.csv', csv: csv() })) as Preview;
    expectFailure(await admin('POST', 'revenue-imports', { ...changed, file_sha256: preview.file_sha256, reason: ' ' }), 422);
    expect(await entries()).toBe(before);
  });

  it('records only the good rows in one audited confirmation; the same file again records nothing', async () => {
    const preview = expectSuccess(await admin('POST', 'revenue-imports/preview', { file_name: 'meters.csv', csv: csv() })) as Preview;
    const before = await entries();
    const body = { file_name: 'meters.csv', csv: csv(), file_sha256: preview.file_sha256, reason: 'monthly meter read' };
    const done = expectSuccess(await admin('POST', 'revenue-imports', body), 201) as Preview;
    expect(done).toMatchObject({ rows_ok: 3, rows_bad: 9, total_revenue: '320.5000' });
    expect(await entries()).toBe(before + 3);
    expect(await balanceOf(db(), accounts.engineRoomRevenue(roomB))).toBe(200_000n);

    const audit = await db().selectFrom('audit_log').select(['action', 'after']).where('subject_id', '=', preview.file_sha256).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ file_name: 'meters.csv', recorded: 3, skipped: 1, bad: 9, reason: 'monthly meter read' });

    const again = expectSuccess(await admin('POST', 'revenue-imports', body), 201) as Preview;
    expect(again).toMatchObject({ rows_ok: 0, rows_recorded_before: 4, total_revenue: '0.0000' });
    expect(await entries()).toBe(before + 3);
  });

  it('lists records per room and day, filtered and paged, and a room’s last 30 days', async () => {
    const listed = expectSuccess(await admin('GET', `revenue?room=${roomA}&from=${d3}&to=${d2}`)) as {
      total: number;
      data: { business_date: string; revenue: string; kwh: string; evidence: string }[];
    };
    expect(listed.total).toBe(2);
    expect(listed.data[0]).toMatchObject({ business_date: d2, revenue: '200.0000', kwh: '100.500', evidence: 'meter A, photo 1' });
    expect(listed.data[1]).toMatchObject({ business_date: d3, revenue: '100.5000' });
    expectFailure(await admin('GET', 'revenue?from=2026-02-30'), 422);

    const days = expectSuccess(await admin('GET', `engine-rooms/${roomA}/revenue-days`)) as {
      business_date: string;
      revenue: string | null;
    }[];
    expect(days).toHaveLength(30);
    expect(days.find((day) => day.business_date === d2)?.revenue).toBe('200.0000');
    expect(days.find((day) => day.business_date === d1)?.revenue).toBeNull();
    expectFailure(await admin('GET', 'engine-rooms/999999/revenue-days'), 404);
  });

  it('distributes from the imported rows and explains who earned and why the others did not', async () => {
    const start = await dayStart(db(), d2);
    const owner = await registerMember(testApp.app);
    // Room A holds 10 units at 1,000 points a unit: the owner's 3 earn 3/10 of 200 less the 10 % fee.
    await paidOrder(db(), owner.id, roomA, 3000, new Date(start.getTime() - 10 * hourMs), 1000);
    await paidOrder(db(), member.id, roomA, 1000, new Date(start.getTime() + 30 * hourMs), 1000);
    const cancelled = await paidOrder(db(), member.id, roomA, 1000, new Date(start.getTime() - hourMs), 1000);
    const unpaid = await paidOrder(db(), member.id, roomA, 1000, new Date(start.getTime() - hourMs), 1000);
    await db().updateTable('orders').set({ status: 4 }).where('id', '=', cancelled).execute();
    await db().updateTable('orders').set({ status: 1, paid_at: null }).where('id', '=', unpaid).execute();
    await paidOrder(db(), member.id, roomB, 1000, new Date(start.getTime() - hourMs), 1000);

    const pending = expectSuccess(await admin('GET', `engine-rooms/${roomA}/distributions/${d2}`)) as Explained;
    expect(pending).toMatchObject({ state: 'not_run', revenue: '200.0000', pool: '180.0000', fee: '20.0000', orders_paid: 0 });
    expect(pending.outcomes.find((row) => row.outcome === 'not_distributed')?.orders).toBe(1);

    const run = expectSuccess(await admin('POST', 'income/distribute', { business_date: d2 })) as {
      orders_credited: number;
      total: number;
    };
    expect(run).toMatchObject({ orders_credited: 1, total: 54 });

    const explained = expectSuccess(await admin('GET', `engine-rooms/${roomA}/distributions/${d2}`)) as Explained;
    expect(explained).toMatchObject({ state: 'finished', pool: '180.0000', orders_paid: 1, amount_paid: '54.0000' });
    const count = (result: Explained, outcome: string) => result.outcomes.find((row) => row.outcome === outcome)?.orders;
    expect(count(explained, 'paid')).toBe(1);
    expect(explained.outcomes.find((row) => row.outcome === 'paid')?.earned).toBe('54.0000');
    expect(count(explained, 'paid_after_day')).toBe(1);
    expect(count(explained, 'cancelled_or_refunded')).toBe(1);
    expect(count(explained, 'not_paid')).toBe(1);
    expect(explained.orders.total).toBe(4);
    // Orders that did not earn come first.
    expect(explained.orders.data.at(-1)).toMatchObject({ outcome: 'paid', earned: '54.0000' });
    const onlyLate = expectSuccess(await admin('GET', `engine-rooms/${roomA}/distributions/${d2}?outcome=paid_after_day`)) as Explained;
    expect(onlyLate.orders.data.map((row) => row.outcome)).toEqual(['paid_after_day']);

    const noCapacity = expectSuccess(await admin('GET', `engine-rooms/${roomB}/distributions/${d2}`)) as Explained;
    expect(noCapacity.state).toBe('capacity_not_set');
    expect(count(noCapacity, 'capacity_not_set')).toBe(1);

    const noRevenue = expectSuccess(await admin('GET', `engine-rooms/${roomA}/distributions/${d1}`)) as Explained;
    expect(noRevenue.state).toBe('no_revenue');
    // The owner's order and the one paid on the day after d2, both before d1 ended.
    expect(count(noRevenue, 'no_revenue')).toBe(2);
    expectFailure(await admin('GET', `engine-rooms/${roomA}/distributions/2026-02-30`), 422);
    expectFailure(await admin('GET', `engine-rooms/999999/distributions/${d2}`), 404);
  });
});

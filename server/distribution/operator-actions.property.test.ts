import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { incomeWorld } from '../../tests/helpers/income-world.ts';
import { dayAgo, paidOrder } from '../../tests/helpers/income.ts';
import { insertUser } from '../../tests/helpers/ledger.ts';
import { verifiedMember } from '../../tests/helpers/identity.ts';
import { send, type Member } from '../../tests/helpers/members.ts';
import { notifyPayment, orderBody } from '../../tests/helpers/orders.ts';
import { databaseKinds } from '../../tests/helpers/test-app.ts';
import { orderStatus } from '../../contract/statuses.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { distributeIncome } from './distribution.service.ts';

/**
 * Money stays right whatever an operator does (issue: operator mistakes): random sequences of the
 * back office's actions on income — record, correct up or down, share now, withdraw, change the time
 * zone, change a room's capacity, offer, hide or retire a room and move its orders, share out — and on
 * payments — a member's order and notice, confirm (by the verified name or as a different payer), reject,
 * undo — among members' paid orders, with the invariants checked after every step. Each action's own
 * refusals have tests of their own (payer-mismatch.test.ts, room-capacity.test.ts).
 */
const verifiedName = '王磊';
const differentPayer = {
  payer_name: '王磊磊',
  different_payer: true,
  different_payer_reason: 'Paid from his brother’s account, as the statement shows',
  payer_bank: '招商银行',
  payer_account: '6225 8800 1234 5678',
};
const zones = ['Asia/Taipei', 'Africa/Abidjan', 'UTC', 'Pacific/Kiritimati', 'America/Los_Angeles', 'Asia/Kathmandu'];

const action = fc.oneof(
  fc.record({
    kind: fc.constant('record' as const),
    room: fc.nat(1),
    daysAgo: fc.integer({ min: 1, max: 4 }),
    revenue: fc.integer({ min: 0, max: 50_000 }),
  }),
  fc.record({
    kind: fc.constant('correct' as const),
    room: fc.nat(1),
    daysAgo: fc.integer({ min: 1, max: 4 }),
    delta: fc.integer({ min: -3_000, max: 20_000 }),
  }),
  fc.record({ kind: fc.constant('shareNow' as const) }),
  fc.record({ kind: fc.constant('withdraw' as const) }),
  fc.record({ kind: fc.constant('zone' as const), zone: fc.constantFrom(...zones) }),
  fc.record({ kind: fc.constant('capacity' as const), room: fc.nat(1), units: fc.integer({ min: 1, max: 40 }) }),
  fc.record({
    kind: fc.constant('order' as const),
    room: fc.nat(1),
    amount: fc.integer({ min: 100, max: 9_000_000 }),
    daysAgo: fc.integer({ min: 2, max: 6 }),
  }),
  fc.record({ kind: fc.constant('distribute' as const) }),
  fc.record({ kind: fc.constant('roomState' as const), room: fc.nat(1), state: fc.constantFrom('offered', 'hidden', 'retired') }),
  fc.record({ kind: fc.constant('move' as const), room: fc.nat(1) }),
  fc.record({ kind: fc.constant('place' as const), member: fc.nat(1), room: fc.nat(1), amount: fc.constantFrom('3000', '6000', '9000') }),
  fc.record({ kind: fc.constant('confirm' as const), differentPayer: fc.boolean() }),
  fc.record({ kind: fc.constant('reject' as const) }),
  fc.record({ kind: fc.constant('undo' as const) }),
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

describe.each(databaseKinds())('operator actions in any order, property-based, on %s', (kind) => {
  const world = incomeWorld(kind, [10, 20], 'Operator actions room');

  it('no instant in two days, nothing paid beyond a day’s corrected pool, nothing shared ever taken back, the ledger exact', async () => {
    const db = world.db;
    const app = () => world.testApp.app;
    const heldEntries: number[] = [];
    /** Every income record seen, with its amount: none may vanish or shrink. */
    const paid = new Map<string, bigint>();
    /** Each past day's bounds once its start has passed: a started day never moves. */
    const drawn = new Map<string, string>();
    /** Orders whose payment notice waits for an operator, and orders a decision was made on that may be undone. */
    const waiting: number[] = [];
    const decided: number[] = [];

    const payment = async (next: Extract<Action, { kind: 'place' | 'confirm' | 'reject' | 'undo' }>) => {
      if (next.kind === 'place') {
        const member = members[next.member] as Member;
        const body = orderBody({ amount: next.amount, engine_room_id: world.room(next.room) });
        const placed = await send(app(), 'POST', 'v1/order', { token: member.token, body });
        // A room full, hidden or retired refuses the order, and nothing changes.
        if (placed.statusCode !== 201) return expect(placed.statusCode, placed.body).toBeLessThan(500);
        const id = (placed.json() as { detail: { id: number } }).detail.id;
        expect((await notifyPayment(app(), member, id)).statusCode).toBe(201);
        return waiting.push(id);
      }
      const id = next.kind === 'undo' ? decided.pop() : waiting.shift();
      if (id === undefined) return;
      const path = `admin/v1/orders/${id}/${next.kind}`;
      const body =
        next.kind === 'confirm'
          ? { bank_reference: `IN-${id}`, ...(next.differentPayer ? differentPayer : { payer_name: verifiedName }) }
          : { reason: next.kind === 'undo' ? 'decided on the wrong statement line' : 'no such credit on the statement' };
      const answer = await send(app(), 'POST', path, { token: world.operator, body });
      expect(answer.statusCode, answer.body).toBeLessThan(500);
      if (answer.statusCode !== 200) return;
      if (next.kind === 'undo') waiting.push(id);
      else if (next.kind === 'reject' || next.differentPayer) decided.push(id);
    };

    const step = async (next: Action) => {
      const roomId = 'room' in next ? world.room(next.room) : 0;
      if (next.kind === 'record' || next.kind === 'correct') {
        const body =
          next.kind === 'record'
            ? { business_date: dayAgo(next.daysAgo), kwh: '10', revenue: String(next.revenue), evidence: 'meter' }
            : { business_date: dayAgo(next.daysAgo), revenue_delta: String(next.delta), reason: 'meter re-read' };
        const path = next.kind === 'record' ? 'revenue' : 'revenue-adjustments';
        const answer = await send(app(), 'POST', `admin/v1/engine-rooms/${roomId}/${path}`, { token: world.operator, body });
        // Refusals (a day recorded twice, a correction of nothing, a decrease the room cannot cover) change nothing.
        if (answer.statusCode === 201) heldEntries.push((answer.json() as { detail: { id: number } }).detail.id);
        else expect(answer.statusCode, answer.body).toBeLessThan(500);
      } else if (next.kind === 'shareNow' || next.kind === 'withdraw') {
        const entry = heldEntries.shift();
        if (entry === undefined) return;
        const answer =
          next.kind === 'shareNow'
            ? await world.shareNow(entry)
            : await send(app(), 'POST', `admin/v1/revenue-entries/${entry}/withdraw`, {
                token: world.operator,
                body: { reason: 'typed twice' },
              });
        expect(answer.statusCode, answer.body).toBeLessThan(500);
      } else if (next.kind === 'zone') {
        const body = { business_time_zone: next.zone, reason: 'office moved' };
        const answer = await send(app(), 'PUT', 'admin/v1/settings', { token: world.operator, body });
        expect(answer.statusCode, answer.body).toBeLessThan(500);
      } else if (next.kind === 'capacity') {
        const body = { capacity_units: next.units, reason: 'panels counted again' };
        const answer = await send(app(), 'PUT', `admin/v1/engine-rooms/${roomId}/capacity`, { token: world.operator, body });
        expect(answer.statusCode, answer.body).toBeLessThan(500);
      } else if (next.kind === 'roomState' || next.kind === 'move') {
        const [path, body] =
          next.kind === 'roomState'
            ? ['state', { state: next.state, reason: 'the operator’s plan changed' }]
            : ['move-orders', { to_engine_room_id: world.room(1 - next.room), reason: 'the room closes' }];
        const answer = await send(app(), next.kind === 'move' ? 'POST' : 'PUT', `admin/v1/engine-rooms/${roomId}/${path}`, {
          token: world.operator,
          body,
        });
        expect(answer.statusCode, answer.body).toBeLessThan(500);
      } else if (next.kind === 'place' || next.kind === 'confirm' || next.kind === 'reject' || next.kind === 'undo') {
        await payment(next);
      } else if (next.kind === 'order') {
        // A member's order paid before the day, as a confirmed payment leaves it (the capacity check has its own race test).
        const paidAt = new Date(Date.now() - next.daysAgo * 86_400_000);
        await paidOrder(db(), await insertUser(db()), roomId, next.amount, paidAt);
      } else {
        await distributeIncome(db(), world.testApp.config, {});
      }
    };

    const check = async () => {
      // No instant in two days, and a day already started keeps its bounds.
      const bounds = await sql<{ day: string; start: Date; end: Date; next_start: Date }>`
        select d::date::text as day, business_day_start(d::date) as start, business_day_end(d::date) as "end",
          business_day_start((d + interval '1 day')::date) as next_start
        from generate_series(current_date - 8, current_date + 2, interval '1 day') d`.execute(db());
      for (const row of bounds.rows) {
        expect(new Date(row.end).getTime(), row.day).toBe(new Date(row.next_start).getTime());
        expect(new Date(row.start).getTime(), row.day).toBeLessThan(new Date(row.end).getTime());
        const drawnAs = `${new Date(row.start).toISOString()}/${new Date(row.end).toISOString()}`;
        if (new Date(row.start).getTime() <= Date.now()) {
          const before = drawn.get(row.day);
          if (before !== undefined && new Date(row.end).getTime() <= Date.now()) expect(drawnAs, `day ${row.day} moved`).toBe(before);
          drawn.set(row.day, drawnAs);
        }
      }
      // Σ paid per room-day ≤ the corrected revenue less the fee. A decrease that came after the day was paid is carried to
      // the room's later days, never taken back (decision 048), so such a day is held to what was recorded before it; the
      // ledger's floor on the room's account (checked below) keeps the room from paying more than it ever held.
      const days = await sql<{
        engine_room_id: number;
        business_date: string;
        revenue: string;
        recorded: string;
        fee_bp: number | null;
        paid: string;
      }>`
        select r.engine_room_id, r.business_date::text as business_date, sum(r.revenue)::text as revenue,
          sum(greatest(r.revenue, 0))::text as recorded, max(d.fee_bp) as fee_bp,
          (select coalesce(sum(i.amount), 0) from income_records i where i.engine_room_id = r.engine_room_id and i.business_date = r.business_date)::text as paid
        from engine_room_revenue r left join income_distributions d on d.engine_room_id = r.engine_room_id and d.business_date = r.business_date
        where r.withdrawn_at is null group by r.engine_room_id, r.business_date`.execute(db());
      for (const day of days.rows) {
        const decreased = BigInt(day.revenue) < BigInt(day.recorded);
        const pool = (BigInt(decreased ? day.recorded : day.revenue) * BigInt(10_000 - (day.fee_bp ?? 0))) / 10_000n;
        expect(
          BigInt(day.paid) <= (pool > 0n ? pool : 0n),
          `room ${day.engine_room_id} ${day.business_date}: paid ${day.paid} of ${pool}`,
        ).toBe(true);
      }
      // Nothing shared is taken back.
      const records = await db().selectFrom('income_records').select(['id', 'amount']).execute();
      const now = new Map(records.map((record) => [String(record.id), BigInt(record.amount)]));
      for (const [id, amount] of paid) expect(now.get(id), `income record ${id}`).toBe(amount);
      for (const [id, amount] of now) paid.set(id, amount);
      // Only a paid order earns: an order rejected, held for refund or waiting has no income, and no decision suspends
      // its member (decision 050); every refund owed names the account it goes back to.
      const earning = await sql<{
        status: number;
      }>`select distinct o.status from income_records i join orders o on o.id = i.order_id`.execute(db());
      expect(earning.rows.map((row) => row.status).filter((status) => status !== orderStatus.paidOff)).toEqual([]);
      const statuses = await db()
        .selectFrom('users')
        .select('account_status')
        .where(
          'id',
          'in',
          members.map((member) => member.id),
        )
        .execute();
      expect(statuses.map((row) => row.account_status)).toEqual(['active', 'active']);
      const nameless = await db()
        .selectFrom('refunds')
        .select('id')
        .where('status', '=', 'owed')
        .where('payer_account', 'is', null)
        .execute();
      expect(nameless).toEqual([]);
      // Member balances equal their ledger; no account below its floor.
      expect(await auditLedger(db())).toMatchObject({ unbalancedJournals: [], driftedAccounts: [], negativeAccounts: [], total: 0n });
    };

    // A business already running: orders in both rooms and a day shared out, so later actions meet money already paid;
    // two members whose identity is approved, who order and pay during the run.
    const members = [await verifiedMember(app(), db(), verifiedName), await verifiedMember(app(), db(), verifiedName)];
    for (const room of [0, 1]) {
      const offered = { state: 'offered', reason: 'open for orders' };
      const offer = await send(app(), 'PUT', `admin/v1/engine-rooms/${world.room(room)}/state`, { token: world.operator, body: offered });
      expect(offer.statusCode, offer.body).toBe(200);
      await paidOrder(db(), await insertUser(db()), world.room(room), 3_000_000, new Date(Date.now() - 7 * 86_400_000));
      expect((await world.record(world.room(room), dayAgo(3), '30000')).statusCode).toBe(201);
    }
    await distributeIncome(db(), world.testApp.config, {});
    await check();
    expect(paid.size).toBe(2);

    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 12 }), async (actions) => {
        for (const next of actions) {
          await step(next);
          await check();
        }
      }),
      { numRuns: kind === 'pglite' ? 12 : 8 },
    );
  });
});

import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { accounts, ensureAccounts } from '../ledger/accounts.ts';
import { postIncomeJournal } from '../ledger/income-posting.ts';
import { basisOf, poolOf, shareOf, takesPart, unitsOf } from './share-rule.repository.ts';
import { addIncomeNotifications } from '../notifications/notifications.repository.ts';
import { dayEnd } from '../db/business-day.ts';
import { liveEntry } from '../revenue/revenue.repository.ts';
import { carryOutstanding, lockCarry } from './correction-sharing.repository.ts';

/**
 * Orders credited per transaction: bounds each transaction's locks and the ids held in memory.
 * Measured on 20,000 orders: 500 a batch took 2.3 s, 2,000 took 1.5 s, 5,000 took 1.4 s; on
 * 100,000 orders (PostgreSQL): 2,000 took 12.6 s, 5,000 9.6 s, 10,000 8.3 s. 5,000 keeps a batch's
 * hold on the members' wallets (which their transfers wait for) under about half a second.
 */
export const distributionBatchSize = 5000;

export interface DayOutcome {
  engineRoomId: number;
  businessDate: string;
  ordersCredited: number;
  amountCredited: bigint;
  /** Set when the day waits: the room has no installed capacity, so nobody can be given a share of it yet. */
  waiting?: 'capacity_not_set';
}

export type Progress = (outcome: DayOutcome & { finished: boolean }) => void;

interface DistributionRow {
  pool: string;
  order_total: string;
  basis_units_e8: string | null;
  paid_before: Date;
  paid_from: Date | null;
  cursor_order_id: string;
  orders_credited: number;
  amount_credited: string;
  finished_at: Date | null;
}

/** One batch as its statement sums it up; the members' sums are passed on to the posting untouched. */
interface BatchRow {
  last_order_id: string | null;
  records: number;
  credited: string | null;
  member_ids: string | null;
  member_amounts: string | null;
}

const lockDay = (trx: Db, roomId: number, day: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`income:${roomId}:${day}`}))`.execute(trx);

/**
 * Shares one recorded day of one engine room by ownership (share-rule.repository.ts states the rule): each order paid
 * off before the day ended earns its units over the room's installed capacity in units of the day's
 * revenue less the operator fee, rounded down. The share of capacity nobody has bought, and what
 * rounding leaves, stays in the room's account. Were more units sold into a room than it holds, the
 * units sold are the basis instead, so the orders never share out more than the pool. A room without
 * a capacity shares nothing: the day waits, undistributed, until an operator sets one.
 *
 * Everything is SQL over the orders table, a batch at a time, so memory stays flat however many
 * orders there are. Two processes running it at once queue on a lock per room and day, and the
 * unique income record per order and day credits each order once.
 */
export async function distributeDay(
  db: Db,
  roomId: number,
  day: string,
  feeBp: number,
  now: Date,
  progress?: Progress,
  batchSize = distributionBatchSize,
): Promise<DayOutcome> {
  const started = await db.transaction().execute(async (trx) => {
    await lockDay(trx, roomId, day);
    const cutOff = sql`least(${dayEnd(sql`${day}::date`)}, ${now}::timestamptz)`;
    const eligible = sql`from orders where engine_room_id = ${roomId} and ${takesPart('orders', cutOff)}`;
    // Fixed once: the pool, the basis and the cut-off, so every batch shares the same pool by the same basis. The pool
    // is the day's live entries (none withdrawn), less what decreases shared on the room's earlier days carry
    // (decision 048): the carry lock keeps two days of one room from both taking the same carry.
    await lockCarry(trx, roomId);
    const inserted =
      await sql`insert into income_distributions (engine_room_id, business_date, pool, order_total, basis_units_e8, paid_before, fee_bp, entries_through, carry_applied)
      select ${roomId}, ${day}::date, day.pool - carry.applied,
        (select coalesce(sum(amount), 0) ${eligible}),
        ${basisOf(sql`room.capacity_units`, sql`(select coalesce(sum(${unitsOf('orders')}), 0) ${eligible})`)},
        ${cutOff},
        ${feeBp},
        day.through,
        carry.applied
      from engine_rooms room
      cross join lateral (select ${poolOf(sql`coalesce(sum(e.revenue), 0)`, feeBp)} as pool, coalesce(max(e.id), 0) as through
        from engine_room_revenue e where ${liveEntry('e', roomId, day)}) day
      cross join lateral (select least(day.pool, greatest(0, ${carryOutstanding(roomId)})) as applied) carry
      where room.id = ${roomId} and room.capacity_units is not null
      on conflict (engine_room_id, business_date) do nothing`.execute(trx);
    if (inserted.numAffectedRows === 0n) await takeUpAgain(trx, roomId, day, eligible, cutOff);
    const existing = await sql<{ orders_credited: number; amount_credited: string }>`
      select orders_credited, amount_credited from income_distributions where engine_room_id = ${roomId} and business_date = ${day}::date`.execute(
      trx,
    );
    return existing.rows[0];
  });
  if (started === undefined) {
    const outcome: DayOutcome = {
      engineRoomId: roomId,
      businessDate: day,
      ordersCredited: 0,
      amountCredited: 0n,
      waiting: 'capacity_not_set',
    };
    progress?.({ ...outcome, finished: true });
    return outcome;
  }

  for (;;) {
    const step = await db.transaction().execute(async (trx) => {
      await lockDay(trx, roomId, day);
      const state =
        await sql<DistributionRow>`select pool, order_total, basis_units_e8, paid_before, paid_from, cursor_order_id, orders_credited, amount_credited, finished_at
        from income_distributions where engine_room_id = ${roomId} and business_date = ${day}::date`.execute(trx);
      const row = state.rows[0];
      if (row === undefined || row.finished_at !== null) return { row, finished: true };
      if (row.basis_units_e8 === null || BigInt(row.order_total) === 0n || BigInt(row.pool) === 0n) {
        await markFinished(trx, roomId, day, row.paid_from);
        return { row, finished: true };
      }

      const batch = await sql<BatchRow>`
        with candidates as (
          select o.id, o.user_id, ${shareOf('o', row.pool, row.basis_units_e8)} as share
          from orders o
          where o.engine_room_id = ${roomId} and ${takesPart('o', sql`${row.paid_before}::timestamptz`)}
            and o.paid_at >= coalesce(${row.paid_from}::timestamptz, '-infinity') and o.id > ${row.cursor_order_id}::bigint
          order by o.id
          limit ${batchSize}
        ), batch as (
          select id, user_id, ${shareWithinPool(row)} as share from candidates
        ), inserted as (
          insert into income_records (interest_record_number, order_id, user_id, engine_room_id, business_date, amount)
          select 'IR' || to_char(${day}::date, 'YYYYMMDD') || '-' || b.id, b.id, b.user_id, ${roomId}, ${day}::date, b.share
          from batch b where b.share > 0
          on conflict (order_id, business_date) where correction_entry_id is null do nothing
          returning user_id, amount
        ), members as (
          select user_id, sum(amount)::bigint as amount from inserted group by user_id
        )
        select (select max(id)::text from batch) as last_order_id,
               (select count(*)::int from inserted) as records,
               (select sum(amount)::text from members) as credited,
               (select string_agg(user_id::text, ',' order by user_id) from members) as member_ids,
               (select string_agg(amount::text, ',' order by user_id) from members) as member_amounts`.execute(trx);
      const result = batch.rows[0];
      if (result?.last_order_id === null || result?.last_order_id === undefined) {
        await markFinished(trx, roomId, day, row.paid_from);
        return { row, finished: true };
      }
      const [roomAccount = 0] = await ensureAccounts(trx, [accounts.engineRoomRevenue(roomId)]);
      await postIncomeJournal(
        trx,
        roomAccount,
        { userIds: result.member_ids ?? '', amounts: result.member_amounts ?? '' },
        `income:${roomId}:${day}${row.paid_from === null ? '' : `:from:${row.paid_from.toISOString()}`}:after:${row.cursor_order_id}`,
      );
      const credited = BigInt(result.credited ?? '0');
      await sql`update income_distributions
        set cursor_order_id = ${result.last_order_id}::bigint,
            orders_credited = orders_credited + ${result.records},
            amount_credited = amount_credited + ${credited.toString()}::bigint
        where engine_room_id = ${roomId} and business_date = ${day}::date`.execute(trx);
      return {
        row: {
          ...row,
          orders_credited: row.orders_credited + result.records,
          amount_credited: (BigInt(row.amount_credited) + credited).toString(),
        },
        finished: false,
      };
    });
    // What this run credited: a day taken up again, or resumed after a stop, reports its own part.
    const outcome: DayOutcome = {
      engineRoomId: roomId,
      businessDate: day,
      ordersCredited: (step.row?.orders_credited ?? started.orders_credited) - started.orders_credited,
      amountCredited: BigInt(step.row?.amount_credited ?? started.amount_credited) - BigInt(started.amount_credited),
    };
    progress?.({ ...outcome, finished: step.finished });
    if (step.finished) return outcome;
    // Let the server answer requests between batches: the embedded database runs on this thread,
    // and a day of many batches would otherwise hold every request until its last one.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * A day shared out before it ended (on demand, today) is taken up again for the orders paid off
 * since: the next pass reads those paid from the last cut-off to the new one, at the same pool and
 * basis, so every order paid off on or before the day earns that day (API.md) whenever the operator
 * first ran it. A day stopped half-way is left to resume as it was; days shared by amount before
 * migration 0010 are not reopened.
 */
async function takeUpAgain(trx: Db, roomId: number, day: string, eligible: RawBuilder<unknown>, cutOff: RawBuilder<unknown>) {
  await sql`update income_distributions d
    set paid_from = d.paid_before, paid_before = ${cutOff}, cursor_order_id = 0, finished_at = null,
      order_total = (select coalesce(sum(amount), 0) ${eligible})
    where d.engine_room_id = ${roomId} and d.business_date = ${day}::date
      and d.finished_at is not null and d.basis_units_e8 is not null and d.paid_before < ${cutOff}`.execute(trx);
}

/**
 * A later pass's share, kept within what is left of the pool: its orders are divided by the basis
 * fixed on the first pass, which counted only the units sold by then, so were a room sold beyond its
 * capacity after that, the orders of the later pass share what remains, in order, and no more.
 */
function shareWithinPool(row: DistributionRow): RawBuilder<unknown> {
  if (row.paid_from === null) return sql`share`;
  const left = (BigInt(row.pool) - BigInt(row.amount_credited)).toString();
  return sql`greatest(0, least(share, ${left}::bigint - coalesce(sum(share) over (order by id rows between unbounded preceding and 1 preceding), 0)))::bigint`;
}

/** Marks the pass finished; the members it paid hear of it in the same transaction, once. */
async function markFinished(trx: Db, roomId: number, day: string, paidFrom: Date | null): Promise<void> {
  const finished = await sql`update income_distributions set finished_at = now()
    where engine_room_id = ${roomId} and business_date = ${day}::date and finished_at is null`.execute(trx);
  if (finished.numAffectedRows !== undefined && finished.numAffectedRows > 0n) await addIncomeNotifications(trx, roomId, day, paidFrom);
}

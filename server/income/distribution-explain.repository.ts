import { sql } from 'kysely';
import { revenueOrderOutcomes, type RevenueOrderOutcome } from '../../contract/revenue.ts';
import { orderStatus } from '../../contract/statuses.ts';
import type { Db } from '../db/database.ts';
import { dayEnd } from '../db/business-day.ts';
import { isPaidOff, paidBefore, poolOf } from './share-rule.repository.ts';

export const orderOutcomes = revenueOrderOutcomes;
export type OrderOutcome = RevenueOrderOutcome;

export interface DayFacts {
  capacity_units: number | null;
  records: number;
  revenue: string;
  /** The pool shared out, or before the day is run the one it would share at the fee given. */
  pool: string;
  fee_bp: number;
  orders_credited: number | null;
  amount_credited: string | null;
  finished: boolean | null;
}

/**
 * The room day's revenue, the room's capacity and its distribution, if one has started; before it
 * has, the pool at `feeBp` (the operator's fee now), by the rule the distribution will apply.
 */
export async function dayFacts(db: Db, roomId: number, day: string, feeBp: number): Promise<DayFacts | undefined> {
  const result = await sql<DayFacts & { started: boolean }>`select room.capacity_units,
      (select count(*)::int from engine_room_revenue where engine_room_id = room.id and business_date = ${day}::date and entry_kind = 'record') as records,
      day.revenue::text as revenue,
      coalesce(d.pool, ${poolOf(sql`day.revenue`, feeBp)})::text as pool, coalesce(d.fee_bp, ${feeBp}::int) as fee_bp,
      d.orders_credited, d.amount_credited::text as amount_credited, d.finished_at is not null as finished, d.pool is not null as started
    from engine_rooms room
    cross join lateral (select coalesce(sum(revenue), 0) as revenue from engine_room_revenue
      where engine_room_id = room.id and business_date = ${day}::date) day
    left join income_distributions d on d.engine_room_id = room.id and d.business_date = ${day}::date
    where room.id = ${roomId}`.execute(db);
  const row = result.rows[0];
  if (row === undefined) return undefined;
  const { started, ...facts } = row;
  return { ...facts, finished: started ? facts.finished : null };
}

/**
 * Every order of the room with its outcome for the day (the first of contract/revenue.ts's outcomes
 * that applies), by the share rule's own terms (share-rule.repository.ts).
 */
function outcomes(roomId: number, day: string) {
  return sql`select o.id, o.order_number, o.amount, o.paid_at, ir.amount as earned,
      case
        when ir.id is not null then 'paid'
        when o.status = ${orderStatus.cancelled} then 'cancelled_or_refunded'
        when not ${isPaidOff('o')} then 'not_paid'
        when not ${paidBefore('o', dayEnd(sql`${day}::date`))} then 'paid_after_day'
        when not exists (select 1 from engine_room_revenue r where r.engine_room_id = o.engine_room_id and r.business_date = ${day}::date and r.entry_kind = 'record') then 'no_revenue'
        when d.engine_room_id is null and room.capacity_units is null then 'capacity_not_set'
        -- Paid off after an early run of a day not yet over: the day is taken up again for it (decision 035).
        when d.finished_at is null or o.paid_at >= d.paid_before then 'not_distributed'
        else 'share_too_small'
      end as outcome
    from orders o
    join engine_rooms room on room.id = o.engine_room_id
    left join income_distributions d on d.engine_room_id = o.engine_room_id and d.business_date = ${day}::date
    left join income_records ir on ir.order_id = o.id and ir.business_date = ${day}::date
    where o.engine_room_id = ${roomId}`;
}

/** How many orders had each outcome, what they cost and what they earned. */
export async function outcomeCounts(db: Db, roomId: number, day: string) {
  const result = await sql<{ outcome: OrderOutcome; orders: number; amount: string; earned: string }>`
    select outcome, count(*)::int as orders, sum(amount)::text as amount, coalesce(sum(earned), 0)::text as earned
    from (${outcomes(roomId, day)}) explained group by outcome`.execute(db);
  return result.rows;
}

export async function countExplainedOrders(db: Db, roomId: number, day: string, outcome?: OrderOutcome) {
  const result = await sql<{ n: number }>`select count(*)::int as n from (${outcomes(roomId, day)}) explained
    where ${outcome === undefined ? sql`true` : sql`outcome = ${outcome}`}`.execute(db);
  return result.rows[0]?.n ?? 0;
}

/** A page of the room's orders with their outcome, those that did not earn first. */
export async function listExplainedOrders(db: Db, roomId: number, day: string, offset: number, limit: number, outcome?: OrderOutcome) {
  const result = await sql<{ order_number: string; amount: string; paid_at: Date | null; earned: string | null; outcome: OrderOutcome }>`
    select order_number, amount::text as amount, paid_at, earned::text as earned, outcome
    from (${outcomes(roomId, day)}) explained
    where ${outcome === undefined ? sql`true` : sql`outcome = ${outcome}`}
    order by outcome = 'paid', id
    offset ${offset} limit ${limit}`.execute(db);
  return result.rows;
}

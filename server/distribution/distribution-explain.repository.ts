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
  /** The day's revenue with every live correction (none withdrawn). */
  revenue: string;
  /** The day's record as first recorded. */
  recorded_revenue: string;
  /** What the orders share: the pool of the corrected revenue at the day's fee, less what earlier days' decreases carried into it. */
  pool: string;
  /** The fee on the corrected revenue. */
  fee: string;
  fee_bp: number;
  /** What the day's pool gave up to decreases carried from the room's earlier days (decision 048). */
  carried_in: string;
  orders_credited: number | null;
  /** Income credited for the day: its own passes and every correction shared. */
  amount_credited: string | null;
  finished: boolean | null;
}

export interface CorrectionFacts {
  id: string;
  revenue: string;
  reason: string;
  created_at: Date;
  /** held (waiting for its hold), waiting (released, not yet shared), shared, carried (a decrease) or withdrawn. */
  state: 'held' | 'waiting' | 'shared' | 'carried' | 'withdrawn' | 'in_pool';
  pool_delta: string | null;
  amount_paid: string;
  carried: string;
}

/**
 * The room day's revenue, the room's capacity and its distribution, if one has started; before it
 * has, the pool at `feeBp` (the operator's fee now), by the rule the distribution will apply. The fee is
 * always taken on the corrected total, and the amount paid counts the corrections shared (decision 048).
 */
export async function dayFacts(db: Db, roomId: number, day: string, feeBp: number): Promise<DayFacts | undefined> {
  const result = await sql<DayFacts & { started: boolean }>`select room.capacity_units,
      (select count(*)::int from engine_room_revenue where engine_room_id = room.id and business_date = ${day}::date and entry_kind = 'record' and withdrawn_at is null) as records,
      day.revenue::text as revenue,
      coalesce((select revenue from engine_room_revenue where engine_room_id = room.id and business_date = ${day}::date and entry_kind = 'record' and withdrawn_at is null), 0)::text as recorded_revenue,
      (${poolOf(sql`day.revenue`, sql`coalesce(d.fee_bp, ${feeBp}::int)`)} - coalesce(d.carry_applied, 0))::text as pool,
      (day.revenue - ${poolOf(sql`day.revenue`, sql`coalesce(d.fee_bp, ${feeBp}::int)`)})::text as fee,
      coalesce(d.fee_bp, ${feeBp}::int) as fee_bp, coalesce(d.carry_applied, 0)::text as carried_in,
      d.orders_credited,
      (d.amount_credited + (select coalesce(sum(c.amount_credited), 0) from income_corrections c
        where c.engine_room_id = room.id and c.business_date = ${day}::date))::text as amount_credited,
      d.finished_at is not null as finished, d.pool is not null as started
    from engine_rooms room
    cross join lateral (select coalesce(sum(revenue), 0) as revenue from engine_room_revenue
      where engine_room_id = room.id and business_date = ${day}::date and withdrawn_at is null) day
    left join income_distributions d on d.engine_room_id = room.id and d.business_date = ${day}::date
    where room.id = ${roomId}`.execute(db);
  const row = result.rows[0];
  if (row === undefined) return undefined;
  const { started, ...facts } = row;
  return { ...facts, finished: started ? facts.finished : null };
}

/** Each correction of the room day, in the order recorded, with what it changed and what became of it. */
export async function dayCorrections(db: Db, roomId: number, day: string, now: Date): Promise<CorrectionFacts[]> {
  const result = await sql<CorrectionFacts>`select e.id::text as id, e.revenue::text as revenue, e.evidence as reason, e.created_at,
      case
        when e.withdrawn_at is not null then 'withdrawn'
        when c.revenue_entry_id is not null and c.carried > 0 then 'carried'
        when c.revenue_entry_id is not null then 'shared'
        when d.engine_room_id is not null and e.id <= d.entries_through then 'in_pool'
        when e.released_at is null and e.hold_until > ${now}::timestamptz then 'held'
        else 'waiting'
      end as state,
      c.pool_delta::text as pool_delta, coalesce(c.amount_credited, 0)::text as amount_paid, coalesce(c.carried, 0)::text as carried
    from engine_room_revenue e
    left join income_corrections c on c.revenue_entry_id = e.id
    left join income_distributions d on d.engine_room_id = e.engine_room_id and d.business_date = e.business_date
    where e.engine_room_id = ${roomId} and e.business_date = ${day}::date and e.entry_kind = 'adjustment'
    order by e.id`.execute(db);
  return result.rows;
}

/**
 * Every order of the room with its outcome for the day (the first of contract/revenue.ts's outcomes
 * that applies), by the share rule's own terms (share-rule.repository.ts).
 */
function outcomes(roomId: number, day: string) {
  return sql`select o.id, o.order_number, o.amount, o.paid_at, ir.amount + coalesce(fix.amount, 0) as earned,
      case
        when ir.id is not null then 'paid'
        when o.status = ${orderStatus.cancelled} then 'cancelled_or_refunded'
        when not ${isPaidOff('o')} then 'not_paid'
        when not ${paidBefore('o', dayEnd(sql`${day}::date`))} then 'paid_after_day'
        when not exists (select 1 from engine_room_revenue r where r.engine_room_id = o.engine_room_id and r.business_date = ${day}::date and r.entry_kind = 'record' and r.withdrawn_at is null) then 'no_revenue'
        when d.engine_room_id is null and room.capacity_units is null then 'capacity_not_set'
        -- Paid off after an early run of a day not yet over: the day is taken up again for it (decision 035).
        when d.finished_at is null or o.paid_at >= d.paid_before then 'not_distributed'
        else 'share_too_small'
      end as outcome
    from orders o
    join engine_rooms room on room.id = o.engine_room_id
    left join income_distributions d on d.engine_room_id = o.engine_room_id and d.business_date = ${day}::date
    left join income_records ir on ir.order_id = o.id and ir.business_date = ${day}::date and ir.correction_entry_id is null
    -- What the order was paid of the day's corrections shared since (decision 048).
    left join lateral (select sum(c.amount) as amount from income_records c
      where c.order_id = o.id and c.business_date = ${day}::date and c.correction_entry_id is not null) fix on true
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

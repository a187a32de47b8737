import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Localised } from '../db/seeded-names.ts';
import { poolOf } from './share-rule.repository.ts';

/** One engine room's business day as the public proof shows it; amounts in ten-thousandths of a point. */
export interface TrustDayRow {
  engine_room_id: number;
  business_date: string;
  wh: string;
  evidence: string;
  adjustments: number;
  fee_bp: number | null;
  pool: string | null;
  /** The basis the day was shared by, in hundred-millionths of a unit: the room's capacity that day (decision 052). */
  basis_units_e8: string | null;
  revenue: string;
  income: string;
}

/** One engine room's totals since the start, straight from its ledger account. */
export interface TrustRoomRow {
  id: number;
  name: string;
  names: Localised;
  capacity_units: number | null;
  revenue: string;
  income: string;
  balance: string;
}

/**
 * Revenue and income per room and day, read from the ledger (docs/decisions/014-public-income-proof.md):
 * a day's revenue is what its revenue journals (key `revenue:<entry id>`) moved into the room's account,
 * corrections included; its income is what the income records of that day were paid out of it. The
 * kWh and evidence come from the recorded entries, the fee and distributable pool from the distribution.
 */
const dayQuery = sql`
  with recorded as (
    select r.engine_room_id, r.business_date, coalesce(sum(r.wh) filter (where r.withdrawn_at is null), 0) as wh,
      count(*) filter (where r.entry_kind = 'adjustment' and r.withdrawn_at is null)::int as adjustments,
      coalesce(max(r.evidence) filter (where r.entry_kind = 'record' and r.withdrawn_at is null), '') as evidence,
      coalesce(sum(e.amount), 0) as revenue
    from engine_room_revenue r
    left join ledger_accounts a on a.key = 'engine_room:' || r.engine_room_id || ':revenue'
    left join ledger_journals j on j.idempotency_key in ('revenue:' || r.id, 'revenue-withdrawn:' || r.id)
    left join ledger_entries e on e.journal_id = j.id and e.account_id = a.id
    group by r.engine_room_id, r.business_date
    having count(*) filter (where r.withdrawn_at is null) > 0
  ),
  paid as (
    select engine_room_id, business_date, sum(amount) as income from income_records group by engine_room_id, business_date
  )
  select d.engine_room_id, d.business_date::text as business_date, d.wh::text as wh, d.evidence, d.adjustments,
    dist.fee_bp,
    -- The pool of the corrected revenue at the day's fee, less what earlier days' decreases carried into it (decision 048).
    case when dist.engine_room_id is null then null
      else (${poolOf(sql`d.revenue`, sql`dist.fee_bp`)} - dist.carry_applied)::text end as pool,
    dist.basis_units_e8::text as basis_units_e8, d.revenue::text as revenue, coalesce(p.income, 0)::text as income
  from recorded d
  left join paid p on p.engine_room_id = d.engine_room_id and p.business_date = d.business_date
  left join income_distributions dist on dist.engine_room_id = d.engine_room_id and dist.business_date = d.business_date`;

export async function countTrustDays(db: Db): Promise<number> {
  const row = await sql<{
    n: string;
  }>`select count(*) as n from (select distinct engine_room_id, business_date from engine_room_revenue where withdrawn_at is null) days`.execute(
    db,
  );
  return Number(row.rows[0]?.n ?? 0);
}

/** A page of days, newest first, rooms in order within a day. */
export async function trustDays(db: Db, offset: number, limit: number): Promise<TrustDayRow[]> {
  const rows = await sql<TrustDayRow>`${dayQuery} order by d.business_date desc, d.engine_room_id offset ${offset} limit ${limit}`.execute(
    db,
  );
  return rows.rows;
}

/**
 * Each room's totals from its ledger account alone: every revenue journal in, every income journal
 * out, and the balance that is left (never below zero: the account's floor).
 */
export async function trustRooms(db: Db): Promise<TrustRoomRow[]> {
  const rows = await sql<TrustRoomRow>`
    select room.id, room.name, room.names, room.capacity_units,
      coalesce(sum(e.amount) filter (where j.kind in ('revenue_recorded', 'revenue_adjusted', 'revenue_withdrawn')), 0)::text as revenue,
      coalesce(-sum(e.amount) filter (where j.kind = 'income'), 0)::text as income,
      coalesce(max(a.balance), 0)::text as balance
    from engine_rooms room
    left join ledger_accounts a on a.key = 'engine_room:' || room.id || ':revenue'
    left join ledger_entries e on e.account_id = a.id
    left join ledger_journals j on j.id = e.journal_id
    group by room.id, room.name, room.names, room.capacity_units
    order by room.id`.execute(db);
  return rows.rows;
}

import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Localised } from '../db/seeded-names.ts';
import { isPaidOff } from '../distribution/share-rule.repository.ts';

/** One paid order of a member as the holdings list shows it; amounts in ten-thousandths of a point. */
export interface HoldingRow {
  id: string;
  order_number: string;
  product_id: number;
  product_name: string;
  product_names: Localised;
  amount: string;
  unit_price: string;
  units_e8: string;
  delivery_method_id: number;
  paid_at: Date;
  engine_room_id: number | null;
  room_name: string | null;
  room_names: Localised | null;
  room_location: string | null;
  room_locations: Localised | null;
  capacity_units: number | null;
  income_total: string;
  income_recent: string;
  room_wh_recent: string | null;
}

/** How many paid orders the member holds. */
export async function countHoldings(db: Db, userId: number): Promise<number> {
  const row = await sql<{ n: string }>`select count(*) as n from orders o where o.user_id = ${userId} and ${isPaidOff('o')}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/**
 * A page of the member's paid orders, newest payment first, each with what it has earned in all and
 * on the last `days` business days up to `today`, and its room's energy recorded on those days (entries
 * withdrawn left out, as /trust leaves them out). Only the member's own orders: the filter is the user id.
 */
export async function listHoldings(
  db: Db,
  userId: number,
  today: string,
  days: number,
  offset: number,
  limit: number,
): Promise<HoldingRow[]> {
  const since = sql`${today}::date - ${days}::int`;
  const rows = await sql<HoldingRow>`
    select o.id::text as id, o.order_number, o.product_id, p.name as product_name, p.names as product_names,
      o.amount::text as amount, o.unit_price::text as unit_price, o.units_e8::text as units_e8, o.delivery_method_id, o.paid_at,
      o.engine_room_id, room.name as room_name, room.names as room_names, room.location as room_location,
      room.locations as room_locations, room.capacity_units,
      coalesce(earned.total, 0)::text as income_total, coalesce(earned.recent, 0)::text as income_recent,
      case when o.engine_room_id is null then null else coalesce(produced.wh, 0)::text end as room_wh_recent
    from orders o
    join products p on p.id = o.product_id
    left join engine_rooms room on room.id = o.engine_room_id
    left join lateral (
      select sum(r.amount) as total,
        sum(r.amount) filter (where r.business_date > ${since} and r.business_date <= ${today}::date) as recent
      from income_records r where r.order_id = o.id
    ) earned on true
    left join lateral (
      select sum(e.wh) as wh from engine_room_revenue e
      where e.engine_room_id = o.engine_room_id and e.withdrawn_at is null
        and e.business_date > ${since} and e.business_date <= ${today}::date
    ) produced on true
    where o.user_id = ${userId} and ${isPaidOff('o')}
    order by o.paid_at desc, o.id desc
    offset ${offset} limit ${limit}`.execute(db);
  return rows.rows;
}

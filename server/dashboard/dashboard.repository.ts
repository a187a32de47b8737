import { sql } from 'kysely';
import { withdrawalStatus } from '../../contract/statuses.ts';
import type { Db } from '../db/database.ts';
import { dayEnd } from '../db/business-day.ts';

/** How many items wait in each operator queue, in one round trip. */
export async function queueCounts(db: Db) {
  const row = await db
    .selectNoFrom([
      sql<string>`(select count(*) from order_notices where status = 'pending')`.as('payment_notices'),
      sql<string>`(select count(*) from users where verification_status = 'pending')`.as('verifications'),
      sql<string>`(select count(*) from withdrawals where status = ${withdrawalStatus.accepted})`.as('withdrawals'),
      sql<string>`(select count(*) from refunds where status = 'owed')`.as('refunds_owed'),
    ])
    .executeTakeFirstOrThrow();
  return {
    payment_notices: Number(row.payment_notices),
    verifications: Number(row.verifications),
    withdrawals: Number(row.withdrawals),
    refunds_owed: Number(row.refunds_owed),
  };
}

/**
 * Each engine room's state on the given business days: whether revenue was recorded, whether its
 * distribution started and finished (and whether before the day ended, decision 035), and what it paid.
 */
export async function roomDays(db: Db, days: readonly string[]) {
  if (days.length === 0) return [];
  const dayList = sql.join(days.map((day) => sql`(${day}::date)`));
  const result = await sql<{
    engine_room_id: number;
    name: string;
    names: Partial<Record<'zhs' | 'zht' | 'eng', string>>;
    capacity_units: number | null;
    business_date: string;
    revenue_recorded: boolean;
    started: boolean;
    finished: boolean;
    before_day_end: boolean;
    orders_credited: number | null;
    amount_credited: string | null;
  }>`select room.id as engine_room_id, room.name, room.names, room.capacity_units, days.day::text as business_date,
      exists (select 1 from engine_room_revenue r
              where r.engine_room_id = room.id and r.business_date = days.day and r.entry_kind = 'record' and r.withdrawn_at is null) as revenue_recorded,
      d.engine_room_id is not null as started,
      d.finished_at is not null as finished,
      coalesce(d.paid_before < ${dayEnd(sql.ref('days.day'))}, false) as before_day_end,
      d.orders_credited,
      -- Paid for the day, the corrections shared since included (decision 048).
      (d.amount_credited + (select coalesce(sum(c.amount_credited), 0) from income_corrections c
        where c.engine_room_id = room.id and c.business_date = days.day))::text as amount_credited
    from engine_rooms room
    cross join (values ${dayList}) as days(day)
    left join income_distributions d on d.engine_room_id = room.id and d.business_date = days.day
    order by days.day desc, room.id`.execute(db);
  return result.rows;
}

/**
 * What the setup checklist counts. Receiving accounts: the enabled ones an operator entered (never a demo one,
 * decision 024). Rooms: those whose capacity an operator has set or confirmed (never a seeded sample, decision 037).
 */
export async function setupCounts(db: Db) {
  const row = await db
    .selectNoFrom([
      sql<string>`(select count(*) from remittance_accounts where enabled and not demo)`.as('receiving_accounts'),
      sql<string>`(select count(*) from products where quantity > 0 and on_sale)`.as('products_on_sale'),
      sql<string>`(select count(*) from engine_rooms where capacity_units is not null and capacity_confirmed_at is not null)`.as(
        'rooms_with_capacity',
      ),
      sql<boolean>`exists (select 1 from audit_log where action = 'settings.update' and operator_id is not null)`.as('settings_saved'),
    ])
    .executeTakeFirstOrThrow();
  return {
    receiving_accounts: Number(row.receiving_accounts),
    products_on_sale: Number(row.products_on_sale),
    rooms_with_capacity: Number(row.rooms_with_capacity),
    settings_saved: row.settings_saved,
  };
}

import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { dayEnd } from '../db/business-day.ts';
import { accounts, ensureAccounts } from '../ledger/accounts.ts';
import { postIncomeJournal } from '../ledger/income-posting.ts';
import { addCorrectionNotifications } from '../notifications/notifications.repository.ts';
import { liveEntry, releasedEntry, sharedEntry } from '../revenue/revenue.repository.ts';
import { poolOf, shareOf, takesPart } from './share-rule.repository.ts';

/**
 * Corrections recorded after their day was shared are shared too (docs/decisions/048-corrections-are-shared.md).
 * Each correction makes one pass: the change it makes to the day's pool at the day's fee (the pool of the corrected
 * total less the pool before it, so the fee is always taken on the corrected total). An increase pays every order
 * that took part in the day its share of the change by the share rule (share-rule.repository.ts), batch by batch,
 * under the day's lock, with one journal per batch keyed by the correction and its cursor, and one notice to each
 * member paid when the pass finishes. A decrease pays nothing and takes nothing back (decision 012): it is carried
 * and the room's later days give up that much of their pools before they are shared.
 */

/** Taken (after the day's lock) by whoever reads or writes a room's carried decreases. */
export const lockCarry = (trx: Db, roomId: number) => sql`select pg_advisory_xact_lock(hashtext(${`income-carry:${roomId}`}))`.execute(trx);

const lockDay = (trx: Db, roomId: number, day: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`income:${roomId}:${day}`}))`.execute(trx);

/** What decreases shared on the room's days still carry: carried by corrections, less what later days' pools gave up. */
export const carryOutstanding = (roomId: number): RawBuilder<string> =>
  sql<string>`((select coalesce(sum(carried), 0) from income_corrections where engine_room_id = ${roomId})
    - (select coalesce(sum(carry_applied), 0) from income_distributions where engine_room_id = ${roomId}))`;

/**
 * Room days shared to their end whose corrections are still to share: a correction pass under way, or a released
 * entry recorded after the day's pool was fixed.
 */
export async function daysWithCorrectionsDue(db: Db, days: { before: string } | { on: string }, now: Date) {
  const which = 'before' in days ? sql`d.business_date < ${days.before}::date` : sql`d.business_date = ${days.on}::date`;
  const result = await sql<{ engine_room_id: number; business_date: string }>`
    select d.engine_room_id, d.business_date::text as business_date from income_distributions d
    where ${which} and d.finished_at is not null and d.paid_before >= ${dayEnd(sql`d.business_date`)}
      and (exists (select 1 from income_corrections c where c.engine_room_id = d.engine_room_id and c.business_date = d.business_date and c.finished_at is null)
        or exists (select 1 from engine_room_revenue e where e.engine_room_id = d.engine_room_id and e.business_date = d.business_date
          and not ${sharedEntry('e', 'd')} and ${releasedEntry('e', now)}))
    order by d.business_date, d.engine_room_id`.execute(db);
  return result.rows;
}

interface CorrectionPass {
  revenue_entry_id: string;
  pool_delta: string;
  cursor_order_id: string;
  orders_credited: number;
  amount_credited: string;
  basis_units_e8: string | null;
  paid_before: Date;
}

/**
 * The pass to work on for the day: one under way, or else a new one for the first released entry not yet shared
 * (in the order recorded). An entry still held waits alone: those after it that are released go on without it, and
 * it is shared by a pass of its own once released (decision 049).
 */
async function nextPass(trx: Db, roomId: number, day: string, now: Date): Promise<CorrectionPass | undefined> {
  const running = await sql<CorrectionPass>`select c.revenue_entry_id::text as revenue_entry_id, c.pool_delta::text as pool_delta,
      c.cursor_order_id::text as cursor_order_id, c.orders_credited, c.amount_credited::text as amount_credited, d.basis_units_e8::text as basis_units_e8, d.paid_before
    from income_corrections c join income_distributions d on d.engine_room_id = c.engine_room_id and d.business_date = c.business_date
    where c.engine_room_id = ${roomId} and c.business_date = ${day}::date and c.finished_at is null
    order by c.revenue_entry_id limit 1`.execute(trx);
  if (running.rows[0] !== undefined) return running.rows[0];

  // Locked, so a withdrawal of the same entry (which locks it too) comes wholly before or after the pass starts.
  const next = await sql<{ id: string; revenue: string; fee_bp: number; order_total: string; basis_units_e8: string | null }>`
    select e.id::text as id, e.revenue::text as revenue, d.fee_bp, d.order_total::text as order_total, d.basis_units_e8::text as basis_units_e8
    from income_distributions d
    join engine_room_revenue e on e.engine_room_id = d.engine_room_id and e.business_date = d.business_date
    where d.engine_room_id = ${roomId} and d.business_date = ${day}::date and d.finished_at is not null
      and not ${sharedEntry('e', 'd')} and ${releasedEntry('e', now)}
    order by e.id limit 1
    for update of e`.execute(trx);
  const entry = next.rows[0];
  if (entry === undefined) return undefined;

  await lockCarry(trx, roomId);
  // The change is taken from what the day has shared so far (its pool and the corrections shared), never from entries
  // still held: over all passes the day pays the pool of the revenue shared, whatever order the holds end in.
  const before = sql`(select coalesce(sum(e.revenue), 0) from engine_room_revenue e
    join income_distributions d on d.engine_room_id = e.engine_room_id and d.business_date = e.business_date
    where ${liveEntry('e', roomId, day)} and ${sharedEntry('e', 'd')})`;
  const after = sql`(${before} + ${entry.revenue}::bigint)`;
  // A day nobody took part in (or shared by amount, before capacities) has nobody to pay: the room keeps an increase.
  const nobody = entry.basis_units_e8 === null || BigInt(entry.order_total) === 0n;
  await sql`insert into income_corrections (revenue_entry_id, engine_room_id, business_date, pool_delta, carried, finished_at)
    select ${entry.id}::bigint, ${roomId}, ${day}::date, delta, greatest(0, -delta), case when delta <= 0 or ${nobody} then now() end
    from (select ${poolOf(after, entry.fee_bp)} - ${poolOf(before, entry.fee_bp)} as delta) change`.execute(trx);
  return nextPass(trx, roomId, day, now);
}

export interface CorrectionOutcome {
  ordersCredited: number;
  amountCredited: bigint;
}

/**
 * Shares the room day's released corrections, one batch of orders per transaction; safe to run again, after a
 * crash or from two processes at once: each batch is under the day's lock, and the income record per order and
 * correction and the journal key per batch credit each order once.
 */
export async function shareCorrections(db: Db, roomId: number, day: string, now: Date, batchSize: number): Promise<CorrectionOutcome> {
  let ordersCredited = 0;
  let amountCredited = 0n;
  for (;;) {
    const step = await db.transaction().execute(async (trx) => {
      await lockDay(trx, roomId, day);
      const pass = await nextPass(trx, roomId, day, now);
      if (pass === undefined) return { done: true, records: 0, credited: 0n };
      const left = (BigInt(pass.pool_delta) - BigInt(pass.amount_credited)).toString();
      const batch = await sql<{
        last_order_id: string | null;
        records: number;
        credited: string | null;
        member_ids: string | null;
        member_amounts: string | null;
      }>`
        with candidates as (
          select o.id, o.user_id, ${shareOf('o', pass.pool_delta, pass.basis_units_e8 ?? '1')} as share
          from orders o
          where o.engine_room_id = ${roomId} and ${takesPart('o', sql`${pass.paid_before}::timestamptz`)} and o.id > ${pass.cursor_order_id}::bigint
          order by o.id
          limit ${batchSize}
        ), batch as (
          -- Never more than the change itself, were more units sold into the room than its capacity after the day.
          select id, user_id, greatest(0, least(share, ${left}::bigint
            - coalesce(sum(share) over (order by id rows between unbounded preceding and 1 preceding), 0)))::bigint as share
          from candidates
        ), inserted as (
          insert into income_records (interest_record_number, order_id, user_id, engine_room_id, business_date, amount, correction_entry_id)
          select 'IR' || to_char(${day}::date, 'YYYYMMDD') || '-' || b.id || '-C' || ${pass.revenue_entry_id}, b.id, b.user_id, ${roomId}, ${day}::date, b.share,
            ${pass.revenue_entry_id}::bigint
          from batch b where b.share > 0
          on conflict (order_id, correction_entry_id) where correction_entry_id is not null do nothing
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
        await sql`update income_corrections set finished_at = now() where revenue_entry_id = ${pass.revenue_entry_id}::bigint`.execute(trx);
        await addCorrectionNotifications(trx, roomId, day, pass.revenue_entry_id);
        return { done: false, records: 0, credited: 0n };
      }
      const [roomAccount = 0] = await ensureAccounts(trx, [accounts.engineRoomRevenue(roomId)]);
      await postIncomeJournal(
        trx,
        roomAccount,
        { userIds: result.member_ids ?? '', amounts: result.member_amounts ?? '' },
        `income:${roomId}:${day}:correction:${pass.revenue_entry_id}:after:${pass.cursor_order_id}`,
      );
      const credited = BigInt(result.credited ?? '0');
      await sql`update income_corrections
        set cursor_order_id = ${result.last_order_id}::bigint, orders_credited = orders_credited + ${result.records},
          amount_credited = amount_credited + ${credited.toString()}::bigint
        where revenue_entry_id = ${pass.revenue_entry_id}::bigint`.execute(trx);
      return { done: false, records: result.records, credited };
    });
    ordersCredited += step.records;
    amountCredited += step.credited;
    if (step.done) return { ordersCredited, amountCredited };
    await new Promise((resolve) => setImmediate(resolve));
  }
}

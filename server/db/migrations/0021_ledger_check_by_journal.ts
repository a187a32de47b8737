import { type Kysely, sql } from 'kysely';
import { defineFunction } from '../functions/index.ts';

/**
 * The journal-balance check (migration 0009) planned its join against the whole ledger: with the
 * statistics of a young ledger the planner chose a sequential scan of every entry, the plan was
 * kept, and each transfer's check grew with the ledger (10 ms at 24,000 entries, most of a
 * transfer's time). Summing each touched journal on its own, by equality on the index that leads
 * with journal_id, costs the same at any size. The rule is unchanged: a statement that leaves any
 * journal unbalanced fails, and its transaction with it. That body now lives in
 * server/db/functions/ledger_assert_balanced.sql and the runner applies it (decision 040), so neither
 * way of this migration writes the function any more; the way down keeps it, as it refuses exactly
 * what the older body refused.
 *
 * The daily distribution writes one income record per paid order; each row paid for a unique
 * index and three foreign-key checks that prove nothing the statement writing it does not:
 * - the record's number is the business date and the order's id, which the (order_id,
 *   business_date) constraint already keeps unique: its own unique index goes;
 * - the order, its member and its room are read from the orders table by the same statement that
 *   writes the record, and the orders table keeps its own foreign keys to members and rooms; what
 *   the three per-row checks (a key-share lock on each order row) guarded against is an order
 *   being deleted later, and orders are never deleted (a cancelled order keeps its row): a trigger
 *   now refuses it outright, so the checks go. Measured on 100,000 orders on PostgreSQL, the
 *   distribution took 3.7 s with them and 2.5 s without.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table income_records drop constraint income_records_interest_record_number_key`.execute(db);
  await defineFunction(db, 'orders_are_kept');
  await sql`create trigger orders_never_deleted before delete on orders for each row execute function orders_are_kept()`.execute(db);
  await sql`create trigger orders_never_truncated before truncate on orders for each statement execute function orders_are_kept()`.execute(
    db,
  );
  await sql`alter table income_records drop constraint income_records_order_id_fkey,
    drop constraint income_records_user_id_fkey, drop constraint income_records_engine_room_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger orders_never_truncated on orders`.execute(db);
  await sql`drop trigger orders_never_deleted on orders`.execute(db);
  await sql`drop function orders_are_kept()`.execute(db);
  await sql`alter table income_records add foreign key (order_id) references orders (id),
    add foreign key (user_id) references users (id), add foreign key (engine_room_id) references engine_rooms (id)`.execute(db);
  await sql`alter table income_records add constraint income_records_interest_record_number_key unique (interest_record_number)`.execute(
    db,
  );
}

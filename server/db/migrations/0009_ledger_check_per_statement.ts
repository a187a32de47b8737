import { type Kysely, sql } from 'kysely';
import { defineFunction } from '../functions/index.ts';

/**
 * Two changes for speed at scale, measured by `npm run bench` (the income distribution):
 *
 * - The check that every journal balances ran once per entry row, at commit, each time summing
 *   the journal again: for the daily distribution's thousands of two-entry journals it took most
 *   of the time. It now runs once per INSERT statement over the journals that statement touched
 *   (a transition table), summing each journal once. Every writer inserts a journal's entries in
 *   one statement (postJournal, the income posting, the transfer function), so the rule is as
 *   strict as before: a statement that leaves any journal unbalanced fails, and its transaction with it.
 * - The distribution walks a room's paid orders in id order, a batch at a time: an index for it.
 *
 * The check's body lives in server/db/functions/ledger_assert_balanced.sql (decision 040) and
 * migration 0003 now creates this trigger on a new database; the trigger is made again here for a
 * database that ran 0003 in its first form. The way down keeps the per-statement check: the per-row
 * body it would restore no longer exists anywhere, and the per-statement check refuses everything the
 * per-row one did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger ledger_entries_balanced on ledger_entries`.execute(db);
  await defineFunction(db, 'ledger_assert_balanced');
  await sql`create trigger ledger_entries_balanced after insert on ledger_entries
    referencing new table as new_entries for each statement execute function ledger_assert_balanced()`.execute(db);

  await sql`create index orders_paid_by_room on orders (engine_room_id, id) where status = 3`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_paid_by_room`.execute(db);
}

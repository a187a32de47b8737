import { type Kysely, sql } from 'kysely';

/**
 * Two changes for speed at scale, measured by `npm run bench` (the income distribution):
 *
 * - The check that every journal balances ran once per entry row, at commit, each time summing
 *   the journal again: for the daily distribution's thousands of two-entry journals it took most
 *   of the time. It now runs once per INSERT statement over the journals that statement touched
 *   (a transition table), summing each journal once. Every writer inserts a journal's entries in
 *   one statement (postJournal, the income posting), so the rule is as strict as before: a
 *   statement that leaves any journal unbalanced fails, and its transaction with it.
 * - The distribution walks a room's paid orders in id order, a batch at a time: an index for it.
 */
/** The per-statement check's body as this migration wrote it (migration 0021 restores it on the way down). */
export const perStatementCheck = `$$
    declare
      unbalanced bigint;
    begin
      select e.journal_id into unbalanced
        from ledger_entries e
        where e.journal_id in (select distinct journal_id from new_entries)
        group by e.journal_id
        having sum(e.amount) <> 0
        limit 1;
      if unbalanced is not null then
        raise exception 'journal % does not balance', unbalanced using errcode = 'check_violation';
      end if;
      return null;
    end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger ledger_entries_balanced on ledger_entries`.execute(db);
  await sql`drop function ledger_assert_balanced()`.execute(db);
  await sql`create function ledger_assert_balanced() returns trigger language plpgsql as ${sql.raw(perStatementCheck)}`.execute(db);
  await sql`create trigger ledger_entries_balanced after insert on ledger_entries
    referencing new table as new_entries for each statement execute function ledger_assert_balanced()`.execute(db);

  await sql`create index orders_paid_by_room on orders (engine_room_id, id) where status = 3`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_paid_by_room`.execute(db);
  await sql`drop trigger ledger_entries_balanced on ledger_entries`.execute(db);
  await sql`drop function ledger_assert_balanced()`.execute(db);
  await sql`create function ledger_assert_balanced() returns trigger language plpgsql as $$
    declare
      total numeric;
    begin
      select coalesce(sum(amount), 0) into total from ledger_entries where journal_id = new.journal_id;
      if total <> 0 then
        raise exception 'journal % does not balance (sum %)', new.journal_id, total using errcode = 'check_violation';
      end if;
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger ledger_entries_balanced after insert on ledger_entries
    deferrable initially deferred for each row execute function ledger_assert_balanced()`.execute(db);
}

-- Once per INSERT statement on ledger_entries (a transition table, new_entries): a statement that leaves any
-- journal unbalanced fails, and its transaction with it. Each touched journal is summed on its own, by
-- equality on the index that leads with journal_id, so the check costs the same at any ledger size
-- (decision 030; migrations 0009 and 0021 tell how it got here).
create or replace function ledger_assert_balanced() returns trigger language plpgsql as $$
    declare
      unbalanced bigint;
    begin
      select touched.journal_id into unbalanced
        from (select distinct journal_id from new_entries) touched
        cross join lateral (select sum(e.amount) as total from ledger_entries e where e.journal_id = touched.journal_id) journal
        where journal.total <> 0
        limit 1;
      if unbalanced is not null then
        raise exception 'journal % does not balance', unbalanced using errcode = 'check_violation';
      end if;
      return null;
    end $$

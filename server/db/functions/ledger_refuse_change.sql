-- Ledger rows are facts: a correction is a new journal, never an edit (decision 007).
create or replace function ledger_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger rows are immutable (% on %)', tg_op, tg_table_name using errcode = 'restrict_violation';
    end $$

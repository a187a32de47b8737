-- Announces a change in an operator's queue on `operator_work` once the transaction commits (migration 0050, decision 065).
-- The first argument names the state column: an update that leaves the state as it was says nothing. A second argument
-- narrows it to rows entering or leaving that one state, for a table on the money path where most rows never concern
-- an operator and a notification on every commit would make commits wait for each other.
create or replace function operator_work_changed() returns trigger language plpgsql as $$
    declare
      column_name text := tg_argv[0];
      only_state text := case when tg_nargs > 1 then tg_argv[1] end;
      before_state text := case when tg_op <> 'INSERT' then to_jsonb(old) ->> column_name end;
      after_state text := case when tg_op <> 'DELETE' then to_jsonb(new) ->> column_name end;
    begin
      if tg_op = 'UPDATE' and before_state is not distinct from after_state then return null; end if;
      if only_state is not null and before_state is distinct from only_state and after_state is distinct from only_state then
        return null;
      end if;
      perform pg_notify('operator_work', tg_table_name);
      return null;
    end $$

-- The audit log is evidence: rows are added, never changed or removed.
create or replace function audit_log_is_append_only() returns trigger language plpgsql as $$
    begin raise exception 'audit_log rows are never changed or removed'; end $$

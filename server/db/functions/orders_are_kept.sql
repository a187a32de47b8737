-- Income records keep no foreign key to their order (migration 0021): what keeps them honest is that an order is never deleted.
create or replace function orders_are_kept() returns trigger language plpgsql as $$
    begin
      raise exception 'orders are never deleted: a cancelled order keeps its row' using errcode = 'restrict_violation';
    end $$

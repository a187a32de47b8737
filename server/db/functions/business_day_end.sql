-- The instant a business day ends (decision 047): the next day's midnight in the day's own zone, which
-- is where the next day starts, so a payment at 23:59 local time counts for the day wherever the
-- server runs.
create or replace function business_day_end(p_day date) returns timestamptz
  language sql stable parallel safe as $$
    select ((p_day + 1)::timestamp at time zone business_zone_of(p_day))
  $$

-- The instant a business day starts (decision 047): the end of the day before, midnight at its date in
-- the zone the day before was drawn in. On the day a zone change takes effect, that is the old zone's
-- midnight, so the changeover day may be shorter or longer than 24 hours and no instant is in two days.
create or replace function business_day_start(p_day date) returns timestamptz
  language sql stable parallel safe as $$
    select (p_day::timestamp at time zone business_zone_of(p_day - 1))
  $$

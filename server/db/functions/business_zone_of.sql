-- The time zone a business day is drawn in (decision 047): the zone of the last change taking effect
-- on or before it; days before the first entry take the first entry's zone. Entries for days that have
-- started are never changed, so a day's zone, and with it its start and end, is fixed once it starts.
create or replace function business_zone_of(p_day date) returns text
  language sql stable parallel safe as $$
    select coalesce(
      (select time_zone from business_day_zones where from_date <= p_day order by from_date desc limit 1),
      (select time_zone from business_day_zones order by from_date limit 1))
  $$

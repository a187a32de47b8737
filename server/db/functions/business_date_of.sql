-- The business day an instant falls in (decision 047): its date in the zone of the last change that
-- had started by then, and never a day before that change's first day (when the new zone is behind,
-- the changeover day starts at the old zone's midnight, still the day before in the new zone).
create or replace function business_date_of(p_at timestamptz) returns date
  language sql stable parallel safe as $$
    select coalesce(
      (select greatest((p_at at time zone z.time_zone)::date, z.from_date) from business_day_zones z
        where business_day_start(z.from_date) <= p_at order by z.from_date desc limit 1),
      (p_at at time zone business_zone_of('-infinity'::date))::date)
  $$

-- The transfer as the API calls it: reads the partner city and, for an internal city that takes the
-- transfer, runs wallet_partner_transfer in the same statement (migration 0022). The other outcomes
-- write nothing and leave every other column empty: 'no_city', 'external' (the city's own platform
-- answers) and 'disabled' (a disabled city takes no deposits, decision 029; its balances can still be moved out).
create or replace function wallet_transfer(
      p_user_id integer,
      p_partner_city_id integer,
      p_type text,
      p_amount bigint,
      p_idempotency_key text,
      p_request_hash text,
      p_main_refusal text,
      p_partner_refusal text)
    returns table (outcome text, id bigint, user_id integer, partner_city_id integer, name text, type text, amount bigint,
      fee bigint, status smallint, reason text, journal_id bigint, idempotency_key text, request_hash text, created_at timestamptz)
    language plpgsql as $$
    declare
      city record;
    begin
      select c.kind, c.disabled_at into city from partner_cities c where c.id = p_partner_city_id;
      if not found then
        outcome := 'no_city';
      elsif city.kind <> 'internal' then
        outcome := 'external';
      elsif city.disabled_at is not null and p_type = 'deposit' then
        outcome := 'disabled';
      else
        return query select * from wallet_partner_transfer(p_user_id, p_partner_city_id, p_type, p_amount,
          p_idempotency_key, p_request_hash, p_main_refusal, p_partner_refusal);
        return;
      end if;
      return next;
    end $$

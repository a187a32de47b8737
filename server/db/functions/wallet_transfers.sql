-- Transfers that arrive while another is being written, as one statement and one commit (decision 034).
-- Each runs wallet_transfer in arrival order; what a batch adds is the order of its locks, taken before
-- anything moves, in the order every other holder takes them: the idempotency keys' locks (ascending
-- hash), the accounts it must open (key order), the members' turns (ascending member), then every
-- ledger row of those members (ascending id). Nothing then waits in a different order, so no cycle can
-- form. The `ordinal` column says which request each row answers.
create or replace function wallet_transfers(
      p_user_ids integer[],
      p_partner_city_ids integer[],
      p_types text[],
      p_amounts bigint[],
      p_idempotency_keys text[],
      p_request_hashes text[],
      p_main_refusal text,
      p_partner_refusal text)
    returns table (ordinal integer, outcome text, id bigint, user_id integer, partner_city_id integer, name text, type text,
      amount bigint, fee bigint, status smallint, reason text, journal_id bigint, idempotency_key text, request_hash text,
      created_at timestamptz)
    language plpgsql as $$
    declare
      lock_key bigint;
      member integer;
      members integer[] := array(select distinct u from unnest(p_user_ids) u order by u);
    begin
      for lock_key in
        select distinct hashtext(format('transfer:%s:%s', p_user_ids[i], p_idempotency_keys[i]))
          from generate_subscripts(p_user_ids, 1) i where p_idempotency_keys[i] is not null order by 1
      loop
        perform pg_advisory_xact_lock(lock_key);
      end loop;
      -- Accounts opened before any turn is taken, as a lone transfer opens them before its turn, and in key order.
      insert into ledger_accounts (key, kind, user_id, partner_city_id)
        select distinct on (k.key) k.key, k.kind, k.user_id, k.city
          from generate_subscripts(p_user_ids, 1) i
          join partner_cities c on c.id = p_partner_city_ids[i] and c.kind = 'internal'
            and (c.disabled_at is null or p_types[i] <> 'deposit')
          cross join lateral (values
            (format('member:%s:main', p_user_ids[i]), 'member_main', p_user_ids[i], null::integer),
            (format('member:%s:partner:%s', p_user_ids[i], p_partner_city_ids[i]), 'member_partner', p_user_ids[i],
              p_partner_city_ids[i])) k(key, kind, user_id, city)
          where not exists (select 1 from ledger_accounts a where a.key = k.key)
          order by k.key
        on conflict (key) do nothing;
      foreach member in array members loop
        perform pg_advisory_xact_lock(hashtext('member-transfers'), member);
      end loop;
      perform 1 from ledger_accounts a where a.user_id = any(members) order by a.id for update;
      for i in 1 .. coalesce(array_length(p_user_ids, 1), 0) loop
        return query select i, t.* from wallet_transfer(p_user_ids[i], p_partner_city_ids[i], p_types[i], p_amounts[i],
          p_idempotency_keys[i], p_request_hashes[i], p_main_refusal, p_partner_refusal) t;
      end loop;
    end $$

-- A member's transfer between the main wallet and an internal partner wallet in one round trip
-- (decision 021), one of the ledger's three writers (decision 007, amended): the idempotency key's
-- advisory lock and look-up, the two accounts opened if new, the member's turn (decision 033), both
-- rows locked in ascending id, the balance checked, then the journal (hashed by journal_hash), its
-- entries, the balances and the transfer record in one statement; or a refusal recorded when the
-- source has too little. The balance floor CHECK, the journal-balance trigger and the immutability
-- triggers still judge every row. Outcomes: 'created' (a new record, completed or refused),
-- 'replayed' (the key's first record), 'conflict' (the key was used for another request; nothing written).
create or replace function wallet_partner_transfer(
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
    #variable_conflict use_column
    declare
      main_key constant text := format('member:%s:main', p_user_id);
      partner_key constant text := format('member:%s:partner:%s', p_user_id, p_partner_city_id);
      main_id integer;
      partner_id integer;
      from_id integer;
      to_id integer;
      from_balance bigint;
      from_kind text;
      journal_key text;
      earlier record;
      result_outcome text := 'created';
      new_record_id bigint;
    begin
    <<work>>
    begin
      if p_idempotency_key is not null then
        -- Retries of one request queue here, so the second always finds the first's record.
        perform pg_advisory_xact_lock(hashtext(format('transfer:%s:%s', p_user_id, p_idempotency_key)));
        select r.id, r.request_hash into earlier from transaction_records r
          where r.user_id = p_user_id and r.idempotency_key = p_idempotency_key;
        if found then
          result_outcome := case when earlier.request_hash = p_request_hash then 'replayed' else 'conflict' end;
          new_record_id := earlier.id;
          exit work;
        end if;
        journal_key := format('transfer:%s:key:%s', p_user_id, p_idempotency_key);
      else
        journal_key := format('transfer:%s:auto:%s', p_user_id, gen_random_uuid());
      end if;

      -- Opened on first use; a concurrent twin's insert is ignored and its row found.
      select max(a.id) filter (where a.key = main_key), max(a.id) filter (where a.key = partner_key) into main_id, partner_id
        from ledger_accounts a where a.key in (main_key, partner_key);
      if main_id is null or partner_id is null then
        insert into ledger_accounts (key, kind, user_id, partner_city_id)
          values (main_key, 'member_main', p_user_id, null), (partner_key, 'member_partner', p_user_id, p_partner_city_id)
          on conflict (key) do nothing;
        select max(a.id) filter (where a.key = main_key), max(a.id) filter (where a.key = partner_key) into main_id, partner_id
          from ledger_accounts a where a.key in (main_key, partner_key);
      end if;
      if p_type = 'deposit' then
        from_id := main_id; to_id := partner_id;
      else
        from_id := partner_id; to_id := main_id;
      end if;

      -- The member's turn (migration 0024), then both rows locked in ascending id, the order every journal takes.
      perform pg_advisory_xact_lock(hashtext('member-transfers'), p_user_id);
      select l.balance, l.kind into from_balance, from_kind
        from (select a.id, a.balance, a.kind from ledger_accounts a where a.id in (main_id, partner_id) order by a.id for update) l
        where l.id = from_id;

      if from_balance < p_amount then
        insert into transaction_records (user_id, partner_city_id, type, amount, status, reason, idempotency_key, request_hash)
          values (p_user_id, p_partner_city_id, p_type, p_amount, 3,
            case when from_kind = 'member_main' then p_main_refusal else p_partner_refusal end,
            p_idempotency_key, p_request_hash)
          returning id into new_record_id;
        exit work;
      end if;

      -- The content hash every writer gives a journal (journal_hash, the same as postJournal's).
      with journal as (
        insert into ledger_journals (idempotency_key, content_hash, kind)
          values (journal_key, journal_hash('partner_' || p_type, null, array[from_id, to_id], array[-p_amount, p_amount]),
            'partner_' || p_type)
          returning id),
      entries as (
        insert into ledger_entries (journal_id, account_id, amount)
          select journal.id, e.account_id, e.amount from journal, (values (from_id, -p_amount), (to_id, p_amount)) e(account_id, amount)),
      moved as (
        update ledger_accounts a set balance = a.balance + case when a.id = from_id then -p_amount else p_amount end
          where a.id in (from_id, to_id))
      insert into transaction_records (user_id, partner_city_id, type, amount, status, journal_id, idempotency_key, request_hash)
        select p_user_id, p_partner_city_id, p_type, p_amount, 2, journal.id, p_idempotency_key, p_request_hash from journal
        returning id into new_record_id;
    end;
      return query select result_outcome, r.id, r.user_id, r.partner_city_id, c.name, r.type, r.amount, r.fee, r.status, r.reason,
          r.journal_id, r.idempotency_key, r.request_hash, r.created_at
        from transaction_records r join partner_cities c on c.id = r.partner_city_id
        where r.id = new_record_id;
    end $$

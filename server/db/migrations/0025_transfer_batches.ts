import { type Kysely, sql } from 'kysely';
import * as memberTransfersQueue from './0024_member_transfers_queue.ts';

/**
 * Transfers that arrive while another is being written go to the database together, as one
 * statement and one commit (decision 034). `wallet_transfers` judges each in arrival order as a lone
 * transfer is judged (migrations 0022, 0011, 0024: the city, then the key, then the balance), in
 * memory, against the balances of the rows it has locked, so each sees the ones before it: a key
 * repeated in the batch replays the first, a member's tenth deposit is refused when the first nine
 * took the balance. Then it writes them all at once: every journal in one insert, every entry in
 * one, every balance in one update, every record in one insert. The ledger's foreign keys, its
 * balance trigger and the balance floor judge every row at the end of that statement, as they judge
 * a lone transfer's. Ids come from the tables' own sequences, so each record is found again by the
 * request it answers. Its statements run with generic plans: planning them for each batch cost as
 * much as a small batch's work.
 *
 * What a batch adds is the order of its locks. Alone, a transfer holds one member's locks; a batch
 * holds several members' at once, so it takes every lock it will need before moving anything, in
 * the order every other holder takes them: first the idempotency keys' locks (ascending by their
 * hash, as a lone transfer takes its key's before anything else), then the accounts it must open
 * (in key order, as a lone transfer opens them before its turn: opened later, a batch holding a
 * member's turn waited for a lone transfer's uncommitted account while that transfer waited for the
 * turn, a deadlock three processes found), then the members' turn locks (ascending by member), then
 * all those members' ledger rows (ascending by id, the order every journal takes). Nothing then
 * waits in a different order, so no cycle can form. The `ordinal` column says which request each
 * row answers.
 *
 * `wallet_partner_transfer` itself does the same work in fewer statements, each of which PostgreSQL
 * starts, runs and ends on its own: both accounts found in one read, both locked and the balance read
 * in one, and the journal, its entries, the balances and the record written in one statement (the
 * foreign keys, the balance trigger and the floor are checked at its end, as they were at the end of
 * each of the four). A transfer alone went from about 1,210 to 1,380 a second straight from pgbench
 * on the machine of decision 034.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function wallet_partner_transfer(
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

      -- The same content hash postJournal computes: kind, memo and the entries sorted by account.
      with journal as (
        insert into ledger_journals (idempotency_key, content_hash, kind)
          values (journal_key, encode(sha256(convert_to(format('{"kind":"partner_%s","memo":null,"entries":[[%s,"%s"],[%s,"%s"]]}',
            p_type,
            least(from_id, to_id), case when from_id < to_id then -p_amount else p_amount end,
            greatest(from_id, to_id), case when from_id < to_id then p_amount else -p_amount end), 'UTF8')), 'hex'), 'partner_' || p_type)
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
    end $$`.execute(db);
  await sql`create function wallet_transfers(
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
    language plpgsql set plan_cache_mode = force_generic_plan set jit = off as $$
    declare
      n constant integer := coalesce(array_length(p_user_ids, 1), 0);
      members constant integer[] := array(select distinct u from unnest(p_user_ids) u order by u);
      lock_key bigint;
      member integer;
      -- Each transfer's city, wallets, earlier record and the last transfer before it in this batch with its key.
      city_kinds text[];
      city_disabled boolean[];
      main_ids integer[];
      partner_ids integer[];
      earlier_ids bigint[];
      earlier_hashes text[];
      same_key_before integer[];
      -- The locked accounts and their balances as the batch moves them.
      account_ids integer[];
      balances bigint[];
      account_kinds text[];
      -- What each transfer came to.
      outcomes text[] := array_fill(null::text, array[n]);
      record_ids bigint[] := array_fill(null::bigint, array[n]);
      record_hashes text[] := array_fill(null::text, array[n]);
      statuses smallint[] := array_fill(null::smallint, array[n]);
      reasons text[] := array_fill(null::text, array[n]);
      journal_ids bigint[] := array_fill(null::bigint, array[n]);
      from_ids integer[] := array_fill(null::integer, array[n]);
      to_ids integer[] := array_fill(null::integer, array[n]);
      paying integer;
      receiving integer;
      before integer;
    begin
      -- Every lock first, in the order every other holder takes them (see above): the keys' locks,
      for lock_key in
        select distinct hashtext(format('transfer:%s:%s', p_user_ids[i], p_idempotency_keys[i]))
          from generate_subscripts(p_user_ids, 1) i where p_idempotency_keys[i] is not null order by 1
      loop
        perform pg_advisory_xact_lock(lock_key);
      end loop;
      -- the wallets to open (as a lone transfer opens them before its turn, and in key order),
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
      -- the members' turns, and their rows, read as they stand once locked.
      foreach member in array members loop
        perform pg_advisory_xact_lock(hashtext('member-transfers'), member);
      end loop;
      select array_agg(a.id order by a.id), array_agg(a.balance order by a.id), array_agg(a.kind order by a.id)
        into account_ids, balances, account_kinds
        from (select a.id, a.balance, a.kind from ledger_accounts a where a.user_id = any(members) order by a.id for update) a;

      -- Each looked up by its index (a subquery per transfer, whatever the planner guesses of the batch's size).
      select array_agg((select c.kind from partner_cities c where c.id = p_partner_city_ids[s.i]) order by s.i),
          array_agg((select c.disabled_at is not null from partner_cities c where c.id = p_partner_city_ids[s.i]) order by s.i),
          array_agg((select a.id from ledger_accounts a where a.key = format('member:%s:main', p_user_ids[s.i])) order by s.i),
          array_agg((select a.id from ledger_accounts a
            where a.key = format('member:%s:partner:%s', p_user_ids[s.i], p_partner_city_ids[s.i])) order by s.i),
          array_agg((select r.id from transaction_records r
            where r.user_id = p_user_ids[s.i] and r.idempotency_key = p_idempotency_keys[s.i]) order by s.i),
          array_agg((select r.request_hash from transaction_records r
            where r.user_id = p_user_ids[s.i] and r.idempotency_key = p_idempotency_keys[s.i]) order by s.i),
          array_agg(s.before order by s.i)
        into city_kinds, city_disabled, main_ids, partner_ids, earlier_ids, earlier_hashes, same_key_before
        from (select i, case when p_idempotency_keys[i] is not null
            then lag(i) over (partition by p_user_ids[i], p_idempotency_keys[i] order by i) end as before
          from generate_subscripts(p_user_ids, 1) i) s;

      -- Each transfer judged in arrival order, the balances moved here as it is written below.
      for i in 1 .. n loop
        before := same_key_before[i];
        -- In the order a lone transfer checks: the city (wallet_transfer), then the key, then the balance.
        if city_kinds[i] is null then
          outcomes[i] := 'no_city';
        elsif city_kinds[i] <> 'internal' then
          outcomes[i] := 'external';
        elsif city_disabled[i] and p_types[i] = 'deposit' then
          outcomes[i] := 'disabled';
        elsif before is not null and record_ids[before] is not null then
          outcomes[i] := case when record_hashes[before] = p_request_hashes[i] then 'replayed' else 'conflict' end;
          record_ids[i] := record_ids[before];
          record_hashes[i] := record_hashes[before];
        elsif earlier_ids[i] is not null then
          outcomes[i] := case when earlier_hashes[i] = p_request_hashes[i] then 'replayed' else 'conflict' end;
          record_ids[i] := earlier_ids[i];
          record_hashes[i] := earlier_hashes[i];
        else
          outcomes[i] := 'created';
          record_ids[i] := nextval('transaction_records_id_seq');
          record_hashes[i] := p_request_hashes[i];
          if p_types[i] = 'deposit' then
            from_ids[i] := main_ids[i]; to_ids[i] := partner_ids[i];
          else
            from_ids[i] := partner_ids[i]; to_ids[i] := main_ids[i];
          end if;
          paying := array_position(account_ids, from_ids[i]);
          receiving := array_position(account_ids, to_ids[i]);
          if balances[paying] < p_amounts[i] then
            statuses[i] := 3;
            reasons[i] := case when account_kinds[paying] = 'member_main' then p_main_refusal else p_partner_refusal end;
          else
            statuses[i] := 2;
            journal_ids[i] := nextval('ledger_journals_id_seq');
            balances[paying] := balances[paying] - p_amounts[i];
            balances[receiving] := balances[receiving] + p_amounts[i];
          end if;
        end if;
      end loop;

      -- The same content hash postJournal computes: kind, memo and the entries sorted by account.
      with journals as (
        insert into ledger_journals (id, idempotency_key, content_hash, kind)
          select journal_ids[i],
              case when p_idempotency_keys[i] is null then format('transfer:%s:auto:%s', p_user_ids[i], gen_random_uuid())
                else format('transfer:%s:key:%s', p_user_ids[i], p_idempotency_keys[i]) end,
              encode(sha256(convert_to(format('{"kind":"partner_%s","memo":null,"entries":[[%s,"%s"],[%s,"%s"]]}',
                p_types[i],
                least(from_ids[i], to_ids[i]), case when from_ids[i] < to_ids[i] then -p_amounts[i] else p_amounts[i] end,
                greatest(from_ids[i], to_ids[i]), case when from_ids[i] < to_ids[i] then p_amounts[i] else -p_amounts[i] end),
                'UTF8')), 'hex'),
              'partner_' || p_types[i]
            from generate_subscripts(p_user_ids, 1) i where journal_ids[i] is not null
          returning 1),
      entries as (
        insert into ledger_entries (journal_id, account_id, amount)
          select journal_ids[i], e.account_id, e.amount
            from generate_subscripts(p_user_ids, 1) i
            cross join lateral (values (from_ids[i], -p_amounts[i]), (to_ids[i], p_amounts[i])) e(account_id, amount)
            where journal_ids[i] is not null),
      moved as (
        update ledger_accounts a set balance = b.balance
          from unnest(account_ids, balances) b(id, balance)
          where a.id = b.id and a.balance <> b.balance)
      insert into transaction_records (id, user_id, partner_city_id, type, amount, status, reason, journal_id, idempotency_key,
          request_hash)
        select record_ids[i], p_user_ids[i], p_partner_city_ids[i], p_types[i], p_amounts[i], statuses[i], reasons[i],
            journal_ids[i], p_idempotency_keys[i], p_request_hashes[i]
          from generate_subscripts(p_user_ids, 1) i where statuses[i] is not null;

      return query select o.i::integer, o.outcome, r.id, r.user_id, r.partner_city_id, c.name, r.type, r.amount, r.fee,
          r.status, r.reason, r.journal_id, r.idempotency_key, r.request_hash, r.created_at
        from unnest(outcomes, record_ids) with ordinality o(outcome, record_id, i)
        left join transaction_records r on r.id = o.record_id
        left join partner_cities c on c.id = r.partner_city_id
        order by o.i;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await memberTransfersQueue.up(db);
  await sql`drop function wallet_transfers(integer[], integer[], text[], bigint[], text[], text[], text, text)`.execute(db);
}

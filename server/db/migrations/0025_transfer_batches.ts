import { type Kysely, sql } from 'kysely';
import * as memberTransfersQueue from './0024_member_transfers_queue.ts';

/**
 * Transfers that arrive while another is being written go to the database together, as one
 * statement and one commit (decision 034). Each still runs `wallet_transfer` (migrations 0022,
 * 0011, 0024), in arrival order, so it checks its key, its city and its balance exactly as alone and
 * sees the effect of the ones before it; the ledger's triggers and the balance floor still judge
 * every row.
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
 * each of the four). A transfer alone went from about
 * 1,210 to 1,380 a second straight from pgbench on the machine of decision 034.
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
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await memberTransfersQueue.up(db);
  await sql`drop function wallet_transfers(integer[], integer[], text[], bigint[], text[], text[], text, text)`.execute(db);
}

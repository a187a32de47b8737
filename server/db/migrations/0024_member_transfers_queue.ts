import { type Kysely, sql } from 'kysely';
import * as partnerTransferFunction from './0011_partner_transfer_function.ts';

/**
 * One member's transfers queue for their turn in arrival order. Many transfers on one member waited
 * for that member's account rows, and a row lock is no queue: at each commit every waiter woke, and
 * whichever reached the row first took it, so some waited far longer than the rest (10 at once on one
 * member, straight from pgbench: p99 41-46 ms against a mean of about 9). `wallet_partner_transfer`
 * (migration 0011) now first takes an advisory lock named by the member (the two-key form, a space
 * no other lock of the product uses), which PostgreSQL grants in the order it was asked for, one
 * waiter woken at a time; then it locks the rows as before. Only this function takes it, always before
 * any row, and every other writer of the ledger still locks the rows in ascending id, so no new wait
 * can close a cycle. The rows' locks still keep every writer apart; the balance floor, the journal
 * check and the immutability triggers are unchanged, and so is everything else the function does.
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
      journal_hash text;
      new_journal_id bigint;
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
      select a.id into main_id from ledger_accounts a where a.key = main_key;
      if main_id is null then
        insert into ledger_accounts (key, kind, user_id) values (main_key, 'member_main', p_user_id)
          on conflict (key) do nothing;
        select a.id into main_id from ledger_accounts a where a.key = main_key;
      end if;
      select a.id into partner_id from ledger_accounts a where a.key = partner_key;
      if partner_id is null then
        insert into ledger_accounts (key, kind, user_id, partner_city_id)
          values (partner_key, 'member_partner', p_user_id, p_partner_city_id)
          on conflict (key) do nothing;
        select a.id into partner_id from ledger_accounts a where a.key = partner_key;
      end if;
      if p_type = 'deposit' then
        from_id := main_id; to_id := partner_id;
      else
        from_id := partner_id; to_id := main_id;
      end if;

      -- One member's transfers queue here, first come first served, before they lock the rows.
      perform pg_advisory_xact_lock(hashtext('member-transfers'), p_user_id);
      -- Both rows locked in ascending id, the order every journal takes, so transfers queue rather than deadlock.
      perform 1 from ledger_accounts a where a.id in (main_id, partner_id) order by a.id for update;
      select a.balance, a.kind into from_balance, from_kind from ledger_accounts a where a.id = from_id;

      if from_balance < p_amount then
        insert into transaction_records (user_id, partner_city_id, type, amount, status, reason, idempotency_key, request_hash)
          values (p_user_id, p_partner_city_id, p_type, p_amount, 3,
            case when from_kind = 'member_main' then p_main_refusal else p_partner_refusal end,
            p_idempotency_key, p_request_hash)
          returning id into new_record_id;
        exit work;
      end if;

      -- The same content hash postJournal computes: kind, memo and the entries sorted by account.
      journal_hash := encode(sha256(convert_to(format('{"kind":"partner_%s","memo":null,"entries":[[%s,"%s"],[%s,"%s"]]}',
        p_type,
        least(from_id, to_id), case when from_id < to_id then -p_amount else p_amount end,
        greatest(from_id, to_id), case when from_id < to_id then p_amount else -p_amount end), 'UTF8')), 'hex');
      insert into ledger_journals (idempotency_key, content_hash, kind)
        values (journal_key, journal_hash, 'partner_' || p_type)
        returning id into new_journal_id;
      insert into ledger_entries (journal_id, account_id, amount)
        values (new_journal_id, from_id, -p_amount), (new_journal_id, to_id, p_amount);
      update ledger_accounts a set balance = a.balance + case when a.id = from_id then -p_amount else p_amount end
        where a.id in (from_id, to_id);
      insert into transaction_records (user_id, partner_city_id, type, amount, status, journal_id, idempotency_key, request_hash)
        values (p_user_id, p_partner_city_id, p_type, p_amount, 2, new_journal_id, p_idempotency_key, p_request_hash)
        returning id into new_record_id;
    end;
      -- The record as the API answers it, in the same round trip.
      return query select result_outcome, r.id, r.user_id, r.partner_city_id, c.name, r.type, r.amount, r.fee, r.status, r.reason,
          r.journal_id, r.idempotency_key, r.request_hash, r.created_at
        from transaction_records r join partner_cities c on c.id = r.partner_city_id
        where r.id = new_record_id;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await partnerTransferFunction.down(db);
  await partnerTransferFunction.up(db);
}

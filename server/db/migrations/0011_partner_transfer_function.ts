import { type Kysely, sql } from 'kysely';

/**
 * A member's transfer between the main wallet and an internal partner wallet as one database
 * function, so the API pays one round trip per transfer instead of about a dozen (decision 021).
 * It does what the transfer service and postJournal did, in the same order and under the same
 * locks: the idempotency key's advisory lock and look-up, the two accounts opened if new, both
 * locked in ascending id, the balance checked, the journal, its entries and the balances written,
 * and the transfer record kept, or a refusal recorded when the source has too little. The
 * database's own rules still stand behind it: the balance floor CHECK, the per-statement
 * journal-balance trigger and the immutability triggers.
 *
 * Outcomes: 'created' (a new record, completed or refused), 'replayed' (the key's first record),
 * 'conflict' (the key was used for another request; nothing written).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function wallet_partner_transfer(
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
  await sql`drop function wallet_partner_transfer(integer, integer, text, bigint, text, text, text, text)`.execute(db);
}

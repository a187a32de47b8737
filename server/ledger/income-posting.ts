import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** A list of ids as one SQL parameter that PGlite and pg both pass the same way. */
const idList = (ids: readonly string[]) => sql`string_to_array(${ids.join(',')}, ',')::bigint[]`;

/**
 * Posts the income of a batch of income records, set-based, inside the caller's transaction:
 * one two-entry journal per record, from the engine room's revenue account to the member's
 * main wallet. The records were just inserted (each order once per day), so every journal is
 * new. The room's account cannot go below zero: its balance floor fails the whole batch.
 * Journals carry the same content hash postJournal would give them (ledger.ts journalHash).
 */
export async function postIncomeJournals(trx: Db, roomAccountId: number, recordIds: readonly string[]): Promise<void> {
  if (recordIds.length === 0) return;
  const records = idList(recordIds);
  const memberKey = sql`'member:' || r.user_id || ':main'`;

  await sql`insert into ledger_accounts (key, kind, user_id)
    select distinct ${memberKey}, 'member_main', r.user_id from income_records r where r.id = any(${records})
    on conflict (key) do nothing`.execute(trx);

  // The same ascending-id lock order as postJournal, so a distribution and a transfer queue, never deadlock.
  await sql`select count(*) from (
      select a.id from ledger_accounts a
      where a.id = ${roomAccountId} or a.key in (select ${memberKey} from income_records r where r.id = any(${records}))
      order by a.id for update
    ) locked`.execute(trx);

  const hashInput = sql`format('{"kind":"income","memo":"%s","entries":[[%s,"%s"],[%s,"%s"]]}',
      r.interest_record_number,
      least(m.id, ${roomAccountId}::int),
      case when m.id < ${roomAccountId}::int then r.amount::text else (-r.amount)::text end,
      greatest(m.id, ${roomAccountId}::int),
      case when m.id < ${roomAccountId}::int then (-r.amount)::text else r.amount::text end)`;
  const journals = await sql<{ id: string }>`insert into ledger_journals (idempotency_key, content_hash, kind, memo)
    select 'income:' || r.order_id || ':' || r.business_date::text, encode(sha256(convert_to(${hashInput}, 'UTF8')), 'hex'), 'income', r.interest_record_number
    from income_records r join ledger_accounts m on m.key = ${memberKey}
    where r.id = any(${records})
    returning id`.execute(trx);
  const journalIds = idList(journals.rows.map((row) => row.id));

  await sql`insert into ledger_entries (journal_id, account_id, amount)
    select j.id, m.id, r.amount
      from income_records r
      join ledger_accounts m on m.key = ${memberKey}
      join ledger_journals j on j.idempotency_key = 'income:' || r.order_id || ':' || r.business_date::text
      where r.id = any(${records})
    union all
    select j.id, ${roomAccountId}, -r.amount
      from income_records r
      join ledger_journals j on j.idempotency_key = 'income:' || r.order_id || ':' || r.business_date::text
      where r.id = any(${records})`.execute(trx);

  await sql`update ledger_accounts a set balance = a.balance + d.delta
    from (select account_id, sum(amount) as delta from ledger_entries where journal_id = any(${journalIds}) group by account_id) d
    where a.id = d.account_id`.execute(trx);
}

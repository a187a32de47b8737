import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** A list of ids as one SQL parameter that PGlite and pg both pass the same way. */
const idList = (ids: readonly string[]) => sql`string_to_array(${ids.join(',')}, ',')::bigint[]`;

/**
 * Posts the income of a batch of income records, set-based, inside the caller's transaction:
 * one journal for the batch, taking the batch's total from the engine room's revenue account
 * and giving each member's main wallet the sum of their records. The records were just
 * inserted (each order once per day), so the journal is new; `journalKey` names the batch.
 * The room's account cannot go below zero: its balance floor fails the whole batch. The journal
 * carries the content hash postJournal would give it (ledger.ts journalHash).
 */
export async function postIncomeJournal(trx: Db, roomAccountId: number, recordIds: readonly string[], journalKey: string): Promise<void> {
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

  // Each account's movement in this journal: the members' sums, and the room's total given out.
  const movements = sql`select m.id as account_id, sum(r.amount) as amount
      from income_records r join ledger_accounts m on m.key = ${memberKey}
      where r.id = any(${records}) group by m.id
    union all
    select ${roomAccountId}::int, -sum(r.amount) from income_records r where r.id = any(${records})`;
  const journal = await sql<{ id: string }>`insert into ledger_journals (idempotency_key, content_hash, kind, memo)
    select ${journalKey},
      encode(sha256(convert_to(format('{"kind":"income","memo":null,"entries":[%s]}',
        (select string_agg(format('[%s,"%s"]', account_id, amount), ',' order by account_id) from (${movements}) moves)), 'UTF8')), 'hex'),
      'income', null
    returning id`.execute(trx);
  const journalId = journal.rows[0]?.id;
  if (journalId === undefined) throw new Error('income journal was not written');

  await sql`insert into ledger_entries (journal_id, account_id, amount)
    select ${journalId}::bigint, account_id, amount from (${movements}) moves`.execute(trx);
  await sql`update ledger_accounts a set balance = a.balance + e.amount
    from ledger_entries e where e.journal_id = ${journalId}::bigint and a.id = e.account_id`.execute(trx);
}

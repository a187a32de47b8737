import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * What a batch of income records gives each member, as the batch's own statement aggregated it:
 * two comma-separated lists of equal length, handed back to the database as they came.
 */
export interface MemberCredits {
  userIds: string;
  amounts: string;
}

/**
 * Posts a batch's income inside the caller's transaction, set-based: one journal taking the batch's
 * total from the engine room's revenue account and giving each member's main wallet their sum.
 *
 * One of the ledger's three writers (decision 007, amended), kept apart from postJournal for speed:
 * a batch credits up to 5,000 members, more than postJournal's 16 entries, and building it in
 * TypeScript would carry every member's sum through the process and back. Two statements whatever
 * the batch's size: the members' accounts opened if new, then one statement that locks every account
 * of the journal in ascending id (the order postJournal takes, so a distribution and a transfer queue
 * rather than deadlock), writes the journal with its content hash (the database's journal_hash, equal
 * to postJournal's), its entries and the balances. The database's rules stand behind it: the room's
 * balance floor fails the whole batch, the journal-balance trigger checks the entries. `journalKey`
 * names the batch, so it is posted once.
 */
export async function postIncomeJournal(trx: Db, roomAccountId: number, credits: MemberCredits, journalKey: string): Promise<void> {
  if (credits.userIds === '') return;
  const userIds = sql`string_to_array(${credits.userIds}, ',')::int[]`;
  const amounts = sql`string_to_array(${credits.amounts}, ',')::bigint[]`;

  await sql`insert into ledger_accounts (key, kind, user_id)
    select 'member:' || member.user_id || ':main', 'member_main', member.user_id from unnest(${userIds}) as member(user_id)
    on conflict (key) do nothing`.execute(trx);

  await sql`with credits as (
      select credit.user_id, credit.amount from unnest(${userIds}, ${amounts}) as credit(user_id, amount)
    ), moves as (
      select a.id as account_id, c.amount from credits c join ledger_accounts a on a.key = 'member:' || c.user_id || ':main'
      union all
      select ${roomAccountId}::int, -(select sum(amount) from credits)::bigint
    ), locked as (
      select a.id from ledger_accounts a where a.id in (select account_id from moves) order by a.id for update
    ), journal as (
      insert into ledger_journals (idempotency_key, content_hash, kind, memo)
      select ${journalKey},
        (select journal_hash('income', null, array_agg(account_id), array_agg(amount)) from moves),
        'income', null
      from (select count(*) from locked) all_locked
      returning id
    ), entries as (
      insert into ledger_entries (journal_id, account_id, amount)
      select journal.id, moves.account_id, moves.amount from journal, moves
      returning account_id, amount
    )
    update ledger_accounts a set balance = a.balance + entries.amount from entries where a.id = entries.account_id`.execute(trx);
}

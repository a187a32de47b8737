import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { mayRunNegative } from './accounts.ts';

export interface LedgerAudit {
  journals: number;
  entries: number;
  /** Journals whose entries do not sum to zero: must be empty. */
  unbalancedJournals: string[];
  /** Accounts whose cached balance differs from the sum of their entries: must be empty. */
  driftedAccounts: number[];
  /** Accounts holding someone's money that stand below zero: must be empty. */
  negativeAccounts: number[];
  /** Sum of every balance: zero, since every journal balances. */
  total: bigint;
}

/** Recomputes every balance from the entries and checks every rule the ledger promises. */
export async function auditLedger(db: Db): Promise<LedgerAudit> {
  const unbalanced = await db
    .selectFrom('ledger_entries')
    .select('journal_id')
    .groupBy('journal_id')
    .having(sql`sum(amount)`, '<>', 0)
    .execute();
  const accounts = await db
    .selectFrom('ledger_accounts as a')
    .leftJoin('ledger_entries as e', 'e.account_id', 'a.id')
    .select(['a.id', 'a.kind', 'a.balance', sql<string>`coalesce(sum(e.amount), 0)`.as('entries_sum')])
    .groupBy(['a.id', 'a.kind', 'a.balance'])
    .execute();
  const counts = await db
    .selectFrom('ledger_journals')
    .select([sql<string>`count(*)`.as('journals'), sql<string>`(select count(*) from ledger_entries)`.as('entries')])
    .executeTakeFirstOrThrow();
  return {
    journals: Number(counts.journals),
    entries: Number(counts.entries),
    unbalancedJournals: unbalanced.map((row) => row.journal_id),
    driftedAccounts: accounts.filter((row) => BigInt(row.balance) !== BigInt(row.entries_sum)).map((row) => row.id),
    negativeAccounts: accounts.filter((row) => BigInt(row.balance) < 0n && !mayRunNegative.has(row.kind)).map((row) => row.id),
    total: accounts.reduce((sum, row) => sum + BigInt(row.balance), 0n),
  };
}

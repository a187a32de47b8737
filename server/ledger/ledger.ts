import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AccountKind } from '../db/schema.ts';
import { ApiError } from '../shared/errors.ts';
import { mayRunNegative } from './accounts.ts';

/**
 * The general writer of journals, entries and balances: a movement of points is one call to
 * `postJournal` inside the caller's transaction. Two other writers exist, each for speed and each
 * taking the same locks in the same order and giving a journal the same content hash (decision 007,
 * amended 2026-11-27): `postIncomeJournal` (income-posting.ts) credits a distribution batch of up to
 * 5,000 members in one statement, and the database function `wallet_partner_transfer`
 * (server/db/functions) writes a member's transfer in one round trip. Nothing else writes ledger rows.
 */

export interface JournalEntry {
  accountId: number;
  /** Signed ten-thousandths of a point: what the account gains (positive) or gives (negative). */
  amount: bigint;
}

export interface JournalInput {
  /** The business event's own name (a client's Idempotency-Key, an order and a day): posting it again moves nothing. */
  idempotencyKey: string;
  kind: string;
  entries: readonly JournalEntry[];
  memo?: string | null;
}

export interface PostedJournal {
  journalId: string;
  /** True when this key was posted before: the first journal is returned and nothing moved. */
  replayed: boolean;
}

/** Above int8's range a balance could overflow; no single movement comes anywhere near this. */
export const entryAmountMax = 10n ** 17n;
const entriesMax = 16;
const keyLengthMax = 200;
const kindLengthMax = 64;

/** A journal the caller built wrongly: a programming error, never a client's. */
export class LedgerInvariantError extends Error {
  override name = 'LedgerInvariantError';
}

/** The journal would take an account that holds someone's money below zero; nothing was written. */
export class InsufficientBalanceError extends Error {
  override name = 'InsufficientBalanceError';
  readonly accountId: number;
  readonly kind: AccountKind;
  constructor(accountId: number, kind: AccountKind) {
    super(`account ${accountId} (${kind}) has too little to give`);
    this.accountId = accountId;
    this.kind = kind;
  }
}

export const keyReusedMessage = 'This idempotency key was already used for a different request';

export class JournalConflictError extends ApiError {
  constructor() {
    super(409, 'idempotency_key_reused', keyReusedMessage);
  }
}

export async function postJournal(trx: Db, input: JournalInput): Promise<PostedJournal> {
  assertWellFormed(input);
  const contentHash = journalHash(input);

  // Locked in ascending id order, the same order for every journal, so two journals touching
  // the same accounts queue rather than deadlock.
  const ids = input.entries.map((entry) => entry.accountId).sort((a, b) => a - b);
  const locked = await trx
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'balance'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  if (locked.length !== ids.length) throw new LedgerInvariantError('journal names an account that does not exist');
  const expected = new Map<number, bigint>();
  for (const account of locked) {
    const amount = input.entries.find((entry) => entry.accountId === account.id)?.amount ?? 0n;
    const after = BigInt(account.balance) + amount;
    if (after < 0n && !mayRunNegative.has(account.kind)) {
      // A journal posted before may have spent what it moved: its replay is an answer, not a refusal.
      const earlier = await findJournal(trx, input.idempotencyKey);
      if (earlier !== undefined) return replay(earlier, contentHash);
      throw new InsufficientBalanceError(account.id, account.kind);
    }
    expected.set(account.id, after);
  }

  // The key's uniqueness decides between a first posting and a replay: one statement, no prior look-up.
  const inserted = await trx
    .insertInto('ledger_journals')
    .values({ idempotency_key: input.idempotencyKey, content_hash: contentHash, kind: input.kind, memo: input.memo ?? null })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted === undefined) {
    // Posted before, or by a concurrent twin that committed while we waited on its row.
    const twin = await findJournal(trx, input.idempotencyKey);
    if (twin === undefined) throw new LedgerInvariantError('journal key conflicted but cannot be found');
    return replay(twin, contentHash);
  }

  await trx
    .insertInto('ledger_entries')
    .values(input.entries.map((entry) => ({ journal_id: inserted.id, account_id: entry.accountId, amount: entry.amount })))
    .execute();
  const cases = sql.join(
    input.entries.map((entry) => sql`when ${entry.accountId} then ${entry.amount.toString()}::bigint`),
    sql` `,
  );
  const updated = await trx
    .updateTable('ledger_accounts')
    .set({ balance: sql`balance + case id ${cases} end` })
    .where('id', 'in', ids)
    .returning(['id', 'balance'])
    .execute();
  for (const row of updated) {
    if (BigInt(row.balance) !== expected.get(row.id)) throw new LedgerInvariantError(`account ${row.id} moved under its lock`);
  }
  return { journalId: inserted.id, replayed: false };
}

/**
 * SHA-256 of what the journal does, independent of the order its entries were listed in. The
 * database's journal_hash (server/db/functions/journal_hash.sql) computes the same for the writers in SQL.
 */
export function journalHash(input: JournalInput): string {
  const entries = [...input.entries].sort((a, b) => a.accountId - b.accountId).map((entry) => [entry.accountId, entry.amount.toString()]);
  return createHash('sha256')
    .update(JSON.stringify({ kind: input.kind, memo: input.memo ?? null, entries }))
    .digest('hex');
}

function assertWellFormed(input: JournalInput): void {
  const fail = (why: string): never => {
    throw new LedgerInvariantError(`journal "${input.idempotencyKey}": ${why}`);
  };
  if (input.idempotencyKey.length === 0 || input.idempotencyKey.length > keyLengthMax) fail('idempotency key length');
  if (input.kind.length === 0 || input.kind.length > kindLengthMax) fail('kind length');
  if (input.entries.length < 2 || input.entries.length > entriesMax) fail(`needs 2 to ${entriesMax} entries`);
  const seen = new Set<number>();
  let sum = 0n;
  for (const entry of input.entries) {
    if (typeof entry.amount !== 'bigint') fail('amounts must be bigint');
    if (!Number.isInteger(entry.accountId) || entry.accountId <= 0) fail('account id');
    if (seen.has(entry.accountId)) fail('an account appears twice');
    seen.add(entry.accountId);
    if (entry.amount === 0n) fail('a zero entry');
    if (entry.amount > entryAmountMax || entry.amount < -entryAmountMax) fail('an entry beyond the largest amount');
    sum += entry.amount;
  }
  if (sum !== 0n) fail(`entries sum to ${sum}, not zero`);
}

async function findJournal(trx: Db, idempotencyKey: string) {
  return trx.selectFrom('ledger_journals').select(['id', 'content_hash']).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

function replay(earlier: { id: string; content_hash: string }, contentHash: string): PostedJournal {
  if (earlier.content_hash !== contentHash) throw new JournalConflictError();
  return { journalId: earlier.id, replayed: true };
}

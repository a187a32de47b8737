import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../tests/helpers/ledger.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import type { Db } from '../db/database.ts';
import { accounts, ensureAccounts } from './accounts.ts';
import { auditLedger } from './ledger.audit.ts';
import {
  InsufficientBalanceError,
  JournalConflictError,
  journalHash,
  LedgerInvariantError,
  postJournal,
  type JournalEntry,
} from './ledger.ts';

/** Slot 0 is the remittance-clearing account (may run negative); slots 1..3 are member wallets (never below zero). */
const slots = 4;
const amount = fc.bigInt({ min: -5_000_000n, max: 5_000_000n }).filter((value) => value !== 0n);

/** A balanced journal over 2 to 4 distinct slots: every entry drawn, the last one closing the sum. */
const journal = fc
  .uniqueArray(fc.integer({ min: 0, max: slots - 1 }), { minLength: 2, maxLength: slots })
  .chain((picked) => fc.tuple(fc.constant(picked), fc.array(amount, { minLength: picked.length - 1, maxLength: picked.length - 1 })))
  .map(([picked, amounts]) => {
    const closing = -amounts.reduce((sum, value) => sum + value, 0n);
    return picked.map((slot, index) => ({ slot, amount: index < amounts.length ? (amounts[index] ?? 0n) : closing }));
  })
  .filter((entries) => entries.every((entry) => entry.amount !== 0n));

/** Keys from a small pool, so that reuse (with the same or with other content) happens often. */
const operation = fc.record({ key: fc.integer({ min: 0, max: 5 }), entries: journal });

describe.each(databaseKinds())('ledger posting rules, property-based, on %s', (kind) => {
  let testApp: TestApp;
  let db: Db;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    db = testApp.database.db;
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('any sequence of postings leaves exactly the balances of a simple model, and the ledger audit clean', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        const run = randomUUID();
        const refs = [accounts.remittanceClearing()];
        for (let index = 1; index < slots; index += 1) refs.push(accounts.memberMain(await insertUser(db)));
        const ids = await ensureAccounts(db, refs);
        const startBalances = await balancesOf(db, ids);

        const model = [...startBalances];
        const postedContent = new Map<number, { hash: string; journalId: string }>();
        for (const op of operations) {
          const entries: JournalEntry[] = op.entries.map((entry) => ({ accountId: ids[entry.slot] ?? 0, amount: entry.amount }));
          const input = { idempotencyKey: `${run}:${op.key}`, kind: 'property', entries };
          const earlier = postedContent.get(op.key);
          const outcome = await db
            .transaction()
            .execute((trx) => postJournal(trx, input))
            .catch((error: unknown) => error);
          if (earlier !== undefined) {
            // A key seen before: the same content replays the first journal, other content is a conflict.
            if (earlier.hash === journalHash(input)) expect(outcome).toEqual({ journalId: earlier.journalId, replayed: true });
            else expect(outcome).toBeInstanceOf(JournalConflictError);
            continue;
          }
          const after = [...model];
          for (const entry of op.entries) after[entry.slot] = (after[entry.slot] ?? 0n) + entry.amount;
          const overdrawn = after.some((balance, slot) => slot !== 0 && balance < 0n);
          if (overdrawn) {
            expect(outcome).toBeInstanceOf(InsufficientBalanceError);
            continue;
          }
          expect(outcome).toMatchObject({ replayed: false });
          postedContent.set(op.key, { hash: journalHash(input), journalId: (outcome as { journalId: string }).journalId });
          model.splice(0, model.length, ...after);
        }
        expect(await balancesOf(db, ids)).toEqual(model);
      }),
      { numRuns: 40 },
    );
    const audit = await auditLedger(db);
    expect(audit).toMatchObject({ unbalancedJournals: [], driftedAccounts: [], negativeAccounts: [], total: 0n });
  });

  it('entries that do not sum to zero are refused before anything is written', async () => {
    const [first = 0, second = 0] = await ensureAccounts(db, [accounts.remittanceClearing(), accounts.memberMain(await insertUser(db))]);
    await fc.assert(
      fc.asyncProperty(amount, amount, async (a, b) => {
        fc.pre(a + b !== 0n);
        const before = await auditLedger(db);
        const posting = db.transaction().execute((trx) =>
          postJournal(trx, {
            idempotencyKey: randomUUID(),
            kind: 'property',
            entries: [
              { accountId: first, amount: a },
              { accountId: second, amount: b },
            ],
          }),
        );
        await expect(posting).rejects.toBeInstanceOf(LedgerInvariantError);
        expect((await auditLedger(db)).journals).toBe(before.journals);
      }),
      { numRuns: 25 },
    );
  });

  it('the content hash ignores entry order and notices any change of amount, account, kind or memo', () => {
    fc.assert(
      fc.property(journal, fc.string(), (entries, memo) => {
        const input = {
          idempotencyKey: 'k',
          kind: 'property',
          memo,
          entries: entries.map((entry) => ({ accountId: entry.slot + 1, amount: entry.amount })),
        };
        expect(journalHash({ ...input, entries: [...input.entries].reverse() })).toBe(journalHash(input));
        const [head, ...rest] = input.entries;
        if (head === undefined) return;
        expect(journalHash({ ...input, entries: [{ ...head, amount: head.amount + 1n }, ...rest] })).not.toBe(journalHash(input));
        expect(journalHash({ ...input, entries: [{ ...head, accountId: 99 }, ...rest] })).not.toBe(journalHash(input));
        expect(journalHash({ ...input, kind: 'other' })).not.toBe(journalHash(input));
        expect(journalHash({ ...input, memo: `${memo}.` })).not.toBe(journalHash(input));
      }),
    );
  });
});

async function balancesOf(db: Db, ids: number[]): Promise<bigint[]> {
  const rows = await db.selectFrom('ledger_accounts').select(['id', 'balance']).where('id', 'in', ids).execute();
  return ids.map((id) => BigInt(rows.find((row) => row.id === id)?.balance ?? '0'));
}

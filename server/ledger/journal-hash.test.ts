import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openUnmigratedDatabase } from '../../tests/helpers/test-app.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { defineFunction } from '../db/functions/index.ts';
import { entryAmountMax, journalHash, type JournalInput } from './ledger.ts';

/** Text as a client or an operator may write it: JSON's escapes, control characters, every plane (a database text holds no NUL). */
const text = fc
  .string({
    unit: fc.oneof(
      fc.constantFrom('"', '\\', '/', '\n', '\t', '\u0001', '\u001f', '\u007f', '\u2028', 'é', '点', '😀'),
      fc.string({ unit: 'binary', maxLength: 1 }),
    ),
    maxLength: 24,
  })
  .filter((value) => !value.includes('\u0000'));

const entries = fc.uniqueArray(
  fc.record({
    accountId: fc.integer({ min: 1, max: 2_147_483_647 }),
    amount: fc.bigInt({ min: -entryAmountMax, max: entryAmountMax }).filter((amount) => amount !== 0n),
  }),
  { minLength: 1, maxLength: 16, selector: (entry) => entry.accountId },
);

const journal: fc.Arbitrary<JournalInput> = fc.record({
  idempotencyKey: fc.constant('any'),
  kind: text,
  memo: fc.option(text, { nil: null }),
  entries,
});

/** Journals written in SQL (the transfer function, the income posting) must hash as postJournal does, or a replay would read as a conflict. */
describe.each(databaseKinds())('journal_hash on %s', (kind) => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, close } = await openUnmigratedDatabase(kind));
    await defineFunction(database.db, 'journal_hash');
  });
  afterAll(async () => {
    await close();
  });

  it('gives every journal the hash the TypeScript writer gives it, whatever order its entries come in', async () => {
    await fc.assert(
      fc.asyncProperty(journal, async (input) => {
        const ids = input.entries.map((entry) => entry.accountId);
        const amounts = input.entries.map((entry) => entry.amount.toString());
        const { rows } = await sql<{ hash: string }>`select journal_hash(${input.kind}, ${input.memo ?? null},
          ${ids}::int[], ${amounts}::bigint[]) as hash`.execute(database.db);
        expect(rows[0]?.hash).toBe(journalHash(input));
      }),
      { numRuns: 300 },
    );
  });
});

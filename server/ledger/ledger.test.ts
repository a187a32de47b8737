import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidOrder } from '../../tests/helpers/income.ts';
import { fundMember, insertUser, points } from '../../tests/helpers/ledger.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import type { Db } from '../db/database.ts';
import { accounts, balanceOf, ensureAccounts } from './accounts.ts';
import { auditLedger } from './ledger.audit.ts';
import { InsufficientBalanceError, JournalConflictError, LedgerInvariantError, postJournal, type JournalInput } from './ledger.ts';

describe.each(databaseKinds())('the ledger on %s', (kind) => {
  let testApp: TestApp;
  let db: Db;
  let alice: number;
  let bob: number;
  let aliceMain: number;
  let bobMain: number;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    db = testApp.database.db;
    alice = await insertUser(db);
    bob = await insertUser(db);
    [aliceMain = 0, bobMain = 0] = await ensureAccounts(db, [accounts.memberMain(alice), accounts.memberMain(bob)]);
    await fundMember(db, alice, points(1000));
  });
  afterAll(async () => {
    await testApp.close();
  });

  const post = (input: JournalInput) => db.transaction().execute((trx) => postJournal(trx, input));
  const transfer = (key: string, amount: bigint, from = aliceMain, to = bobMain): JournalInput => ({
    idempotencyKey: key,
    kind: 'test_transfer',
    entries: [
      { accountId: from, amount: -amount },
      { accountId: to, amount },
    ],
  });
  const counts = async () => {
    const audit = await auditLedger(db);
    return { journals: audit.journals, entries: audit.entries };
  };

  it('moves points between accounts and keeps every cached balance equal to its entries', async () => {
    const posted = await post(transfer('move-1', points(10)));
    expect(posted.replayed).toBe(false);
    expect(await balanceOf(db, accounts.memberMain(alice))).toBe(points(990));
    expect(await balanceOf(db, accounts.memberMain(bob))).toBe(points(10));
    const audit = await auditLedger(db);
    expect(audit).toMatchObject({ unbalancedJournals: [], driftedAccounts: [], negativeAccounts: [], total: 0n });
  });

  it('posting the same key again returns the first journal and moves nothing', async () => {
    const first = await post(transfer('move-twice', points(5)));
    const before = await counts();
    const again = await post(transfer('move-twice', points(5)));
    expect(again).toEqual({ journalId: first.journalId, replayed: true });
    expect(await counts()).toEqual(before);
    expect(await balanceOf(db, accounts.memberMain(bob))).toBe(points(15));
  });

  it('the same content in another entry order is the same journal', async () => {
    const input = transfer('move-reordered', points(1));
    const first = await post(input);
    const reordered = await post({ ...input, entries: [...input.entries].reverse() });
    expect(reordered).toEqual({ journalId: first.journalId, replayed: true });
  });

  it.each([
    ['another amount', () => transfer('move-conflict', points(2))],
    ['other accounts', () => transfer('move-conflict', points(1), bobMain, aliceMain)],
    ['another kind', () => ({ ...transfer('move-conflict', points(1)), kind: 'other_kind' })],
    ['another memo', () => ({ ...transfer('move-conflict', points(1)), memo: 'changed' })],
  ])('reusing a key with %s is a 409 conflict and moves nothing', async (_case, input) => {
    await post(transfer('move-conflict', points(1)));
    const before = await counts();
    const error = await post(input()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(JournalConflictError);
    expect((error as JournalConflictError).statusCode).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it('refuses to take a member account below zero, writing nothing', async () => {
    const before = await counts();
    const bobBefore = await balanceOf(db, accounts.memberMain(bob));
    const error = await post(transfer('overdraw', bobBefore + 1n, bobMain, aliceMain)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InsufficientBalanceError);
    expect((error as InsufficientBalanceError).accountId).toBe(bobMain);
    expect(await counts()).toEqual(before);
    expect(await balanceOf(db, accounts.memberMain(bob))).toBe(bobBefore);
  });

  it('lets an account give exactly all it holds', async () => {
    const carol = await insertUser(db);
    await fundMember(db, carol, 12_345n);
    const [carolMain = 0] = await ensureAccounts(db, [accounts.memberMain(carol)]);
    await post(transfer('give-all', 12_345n, carolMain, aliceMain));
    expect(await balanceOf(db, accounts.memberMain(carol))).toBe(0n);
  });

  it.each([
    [
      'entries that do not sum to zero',
      {
        ...transfer('bad-1', 1n),
        entries: [
          { accountId: 1, amount: -2n },
          { accountId: 2, amount: 1n },
        ],
      },
    ],
    ['a single entry', { ...transfer('bad-2', 1n), entries: [{ accountId: 1, amount: 0n }] }],
    [
      'a zero entry',
      {
        ...transfer('bad-3', 1n),
        entries: [
          { accountId: 1, amount: 0n },
          { accountId: 2, amount: 0n },
        ],
      },
    ],
    [
      'one account twice',
      {
        ...transfer('bad-4', 1n),
        entries: [
          { accountId: 1, amount: -1n },
          { accountId: 1, amount: 1n },
        ],
      },
    ],
    ['an empty key', transfer('', 1n)],
    [
      'a number instead of a bigint',
      {
        ...transfer('bad-5', 1n),
        entries: [
          { accountId: 1, amount: -1 },
          { accountId: 2, amount: 1 },
        ],
      },
    ],
  ])('refuses %s before writing anything', async (_case, input) => {
    const before = await counts();
    await expect(post(input as JournalInput)).rejects.toBeInstanceOf(LedgerInvariantError);
    expect(await counts()).toEqual(before);
  });

  it('refuses an account that does not exist', async () => {
    await expect(post(transfer('ghost', 1n, aliceMain, 999_999))).rejects.toBeInstanceOf(LedgerInvariantError);
  });

  describe('the database backs the code', () => {
    it('refuses to update or delete journals and entries', async () => {
      await expect(sql`update ledger_entries set amount = amount * 2`.execute(db)).rejects.toThrow(/immutable/);
      await expect(sql`delete from ledger_entries`.execute(db)).rejects.toThrow(/immutable/);
      await expect(sql`update ledger_journals set kind = 'edited'`.execute(db)).rejects.toThrow(/immutable/);
      await expect(sql`delete from ledger_journals`.execute(db)).rejects.toThrow(/immutable/);
      await expect(sql`truncate ledger_entries`.execute(db)).rejects.toThrow(/immutable/);
    });

    it('refuses to commit a journal whose entries do not sum to zero', async () => {
      const before = await counts();
      await expect(
        db.transaction().execute(async (trx) => {
          const journal = await trx
            .insertInto('ledger_journals')
            .values({ idempotency_key: 'raw-unbalanced', content_hash: 'x', kind: 'raw' })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx.insertInto('ledger_entries').values({ journal_id: journal.id, account_id: aliceMain, amount: 5n }).execute();
        }),
      ).rejects.toThrow(/does not balance/);
      expect(await counts()).toEqual(before);
    });

    it('refuses an entry that unbalances a journal posted earlier, not only a journal written in the same statement', async () => {
      const posted = await post(transfer('balanced-then-added-to', points(1)));
      const [strangerMain = 0] = await ensureAccounts(db, [accounts.memberMain(await insertUser(db))]);
      const before = await counts();
      await expect(
        sql`insert into ledger_entries (journal_id, account_id, amount) values (${posted.journalId}::bigint, ${strangerMain}, 1)`.execute(
          db,
        ),
      ).rejects.toThrow(/does not balance/);
      expect(await counts()).toEqual(before);
    });

    it('refuses to delete an order: the income records and journals that name it outlive any cancellation', async () => {
      const order = await paidOrder(db, alice, 1, 100, new Date());
      await expect(sql`delete from orders where id = ${order}::bigint`.execute(db)).rejects.toThrow(/never deleted/);
      await expect(sql`truncate orders cascade`.execute(db)).rejects.toThrow(/never deleted/);
      const kept = await db.selectFrom('orders').select('id').where('id', '=', order).executeTakeFirst();
      expect(kept).toEqual({ id: order });
    });

    it('refuses a member balance below zero', async () => {
      await expect(sql`update ledger_accounts set balance = -1 where id = ${bobMain}`.execute(db)).rejects.toThrow(/balance_floor/);
    });

    it('lets the remittance-clearing account run negative: it faces the outside world', async () => {
      expect(await balanceOf(db, accounts.remittanceClearing())).toBeLessThan(0n);
    });
  });

  it('journals in opposite directions at once neither deadlock nor lose a movement', async () => {
    const dave = await insertUser(db);
    const erin = await insertUser(db);
    await fundMember(db, dave, points(100));
    await fundMember(db, erin, points(100));
    const [daveMain = 0, erinMain = 0] = await ensureAccounts(db, [accounts.memberMain(dave), accounts.memberMain(erin)]);
    const rounds = 40;
    await Promise.all(
      Array.from({ length: rounds }, (_, index) =>
        post(
          index % 2 === 0
            ? transfer(`swap-${index}`, points(1), daveMain, erinMain)
            : transfer(`swap-${index}`, points(1), erinMain, daveMain),
        ),
      ),
    );
    expect(await balanceOf(db, accounts.memberMain(dave))).toBe(points(100));
    expect(await balanceOf(db, accounts.memberMain(erin))).toBe(points(100));
    const audit = await auditLedger(db);
    expect(audit).toMatchObject({ unbalancedJournals: [], driftedAccounts: [], negativeAccounts: [], total: 0n });
  });
});

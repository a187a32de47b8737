import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember, insertUser, points } from '../../tests/helpers/ledger.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { journalHash } from '../ledger/ledger.ts';
import { transferInBatch } from './transfer-batches.ts';
import {
  transferInternally,
  transfersInternally,
  type InternalTransferOutcome,
  type InternalTransferRequest,
} from './transfer.repository.ts';

const mainShort = "Insufficient balance of user's main wallet";
const partnerShort = 'Insufficient balance of the partner wallet';
const store = 1;

const deposit = (userId: number, more: Partial<InternalTransferRequest> = {}): InternalTransferRequest => ({
  userId,
  partnerCityId: store,
  type: 'deposit',
  amount: points(100),
  idempotencyKey: null,
  requestHash: 'deposit:1:100',
  mainRefusal: mainShort,
  partnerRefusal: partnerShort,
  ...more,
});

const outcomeOf = (done: InternalTransferOutcome) =>
  'record' in done ? `${done.outcome}:${done.record.status}:${done.record.reason ?? ''}` : done.outcome;

describe.each(databaseKinds())('transfers written together (decision 034) on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const fundedMember = async (whole: number) => {
    const member = await insertUser(testApp.database.db);
    await fundMember(testApp.database.db, member, points(whole));
    return member;
  };
  const expectLedgerSound = async () => {
    const audit = await auditLedger(testApp.database.db);
    expect(audit.unbalancedJournals).toEqual([]);
    expect(audit.driftedAccounts).toEqual([]);
    expect(audit.negativeAccounts).toEqual([]);
    expect(audit.total).toBe(0n);
  };
  /** The transactions that wrote a member's transfer records: fewer than the records when batches formed. */
  const commitsOf = async (userId: number) => {
    const { rows } = await sql<{ commits: string }>`
      select count(distinct xmin::text) as commits from transaction_records where user_id = ${userId}`.execute(testApp.database.db);
    return Number(rows[0]?.commits);
  };

  it('thirty deposits at once on one member: fewer commits, served in arrival order, exactly what the balance allows', async () => {
    const member = await fundedMember(1000);
    // The partner wallet opened first: at a member's very first transfer to a city, a second lone transfer waits
    // for the first's uncommitted wallet before it asks for the member's turn, and the batch formed behind it
    // can take that turn first (arrival order is not kept between requests that race a wallet's opening).
    expect(outcomeOf(await transferInBatch(testApp.database.db, deposit(member)))).toBe('created:2:');
    // The queue forgets that write on its next turn of the event loop: from there, 30 arrive at once.
    await new Promise((resolve) => setImmediate(resolve));
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => transferInBatch(testApp.database.db, deposit(member))));
    expect(outcomes.map(outcomeOf)).toEqual([
      ...Array.from({ length: 9 }, () => 'created:2:'),
      ...Array.from({ length: 21 }, () => `created:3:${mainShort}`),
    ]);
    // The wallet's opening, the first deposit alone, then the other 29 together: a second batch of the same member
    // never runs beside the first, where it could take the member's turn before it.
    expect(await commitsOf(member)).toBe(3);
    await expectLedgerSound();
  });

  it('one key twice in one batch: the second replays the first; the same key for another amount is refused as a conflict', async () => {
    const member = await fundedMember(1000);
    const keyed = { idempotencyKey: 'twice-in-one-batch' };
    const outcomes = await Promise.all([
      transferInBatch(testApp.database.db, deposit(member)),
      transferInBatch(testApp.database.db, deposit(member)),
      transferInBatch(testApp.database.db, deposit(member, keyed)),
      transferInBatch(testApp.database.db, deposit(member, keyed)),
      transferInBatch(testApp.database.db, deposit(member, { ...keyed, amount: points(200), requestHash: 'deposit:1:200' })),
    ]);
    expect(outcomes.map((done) => done.outcome)).toEqual(['created', 'created', 'created', 'replayed', 'conflict']);
    const [, , first, replay] = outcomes;
    expect(replay && 'record' in replay && first && 'record' in first && replay.record.id === first.record.id).toBe(true);
    await expectLedgerSound();
  });

  it('a transfer the database refuses fails alone: the others of its batch are written once', async () => {
    const member = await fundedMember(1000);
    const nobody = 2_000_000_000;
    const requests = [...Array.from({ length: 8 }, () => deposit(member)), deposit(nobody), deposit(member)];
    const settled = await Promise.allSettled(requests.map((request) => transferInBatch(testApp.database.db, request)));
    expect(settled.map((one) => one.status)).toEqual([...Array.from({ length: 8 }, () => 'fulfilled'), 'rejected', 'fulfilled']);
    expect(settled.every((one) => one.status === 'rejected' || one.value.outcome === 'created')).toBe(true);
    const { rows } = await sql<{ n: string }>`select count(*) as n from transaction_records where user_id = ${member}`.execute(
      testApp.database.db,
    );
    expect(Number(rows[0]?.n)).toBe(9);
    await expectLedgerSound();
  });

  it('answers each request of a batch in its own order, whatever the city', async () => {
    const member = await fundedMember(1000);
    const outcomes = await transfersInternally(testApp.database.db, [
      deposit(member),
      deposit(member, { partnerCityId: 999_999 }),
      deposit(member, { type: 'withdrawal', amount: points(50), requestHash: 'withdrawal:1:50' }),
      deposit(member, { type: 'withdrawal', amount: points(100), requestHash: 'withdrawal:1:100' }),
      deposit(member, { amount: points(5000), requestHash: 'deposit:1:5000' }),
      deposit(member, { amount: points(950), requestHash: 'deposit:1:950' }),
    ]);
    expect(outcomes.map(outcomeOf)).toEqual([
      'created:2:',
      'no_city',
      'created:2:',
      `created:3:${partnerShort}`,
      `created:3:${mainShort}`,
      'created:2:',
    ]);
    await expectLedgerSound();
    // Each journal carries the content hash postJournal would have given it, so a replay through the ledger compares alike.
    const { rows } = await sql<{ kind: string; content_hash: string; account_id: number; amount: string }>`
      select j.kind, j.content_hash, e.account_id, e.amount from transaction_records r
        join ledger_journals j on j.id = r.journal_id join ledger_entries e on e.journal_id = j.id
        where r.user_id = ${member}`.execute(testApp.database.db);
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      const entries = rows.filter((other) => other.content_hash === row.content_hash);
      const recomputed = journalHash({
        idempotencyKey: 'any',
        kind: row.kind,
        entries: entries.map((entry) => ({ accountId: entry.account_id, amount: BigInt(entry.amount) })),
      });
      expect(row.content_hash).toBe(recomputed);
    }
  });

  it.runIf(kind === 'postgres')('batches naming the same members in opposite orders never deadlock', async () => {
    const first = await fundedMember(10_000);
    const second = await fundedMember(10_000);
    const rounds = await Promise.allSettled(
      Array.from({ length: 20 }, (_, round) =>
        transfersInternally(testApp.database.db, round % 2 === 0 ? [deposit(first), deposit(second)] : [deposit(second), deposit(first)]),
      ),
    );
    expect(rounds.filter((round) => round.status === 'rejected')).toEqual([]);
    await expectLedgerSound();
  });

  it.runIf(kind === 'postgres')('a lone transfer chosen as a deadlock’s victim is tried again and written once', async () => {
    const member = await fundedMember(1000);
    const key = 'deadlock-victim';
    let transfer: Promise<InternalTransferOutcome> | undefined;
    // Another writer takes the member's turn, then (once the transfer holds its key and waits for the turn) the key's lock.
    const other = testApp.database.db
      .transaction()
      .execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('member-transfers'), ${member}::integer)`.execute(trx);
        transfer = transferInBatch(testApp.database.db, deposit(member, { idempotencyKey: key }));
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sql`select pg_advisory_xact_lock(hashtext(${`transfer:${member}:${key}`}))`.execute(trx);
      })
      .catch((error: unknown) => error);
    await other;
    const done = await transfer;
    expect(done?.outcome).toBe('created');
    const { rows } = await sql<{ n: string }>`select count(*) as n from transaction_records where user_id = ${member}`.execute(
      testApp.database.db,
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it.runIf(kind === 'postgres')('a batch and lone transfers opening the same new wallets at once never deadlock', async () => {
    for (let round = 0; round < 10; round += 1) {
      const members = await Promise.all(Array.from({ length: 8 }, () => fundedMember(1000)));
      const settled = await Promise.allSettled([
        ...members.map((member) => transferInternally(testApp.database.db, deposit(member))),
        transfersInternally(
          testApp.database.db,
          members.map((member) => deposit(member)),
        ),
        transfersInternally(
          testApp.database.db,
          members.toReversed().map((member) => deposit(member)),
        ),
      ]);
      expect(settled.filter((one) => one.status === 'rejected')).toEqual([]);
    }
    await expectLedgerSound();
  });
});

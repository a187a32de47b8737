import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import { registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { memberBalances } from '../ledger/accounts.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';

/** Sized to finish in seconds on two cores while still queueing many requests on the same rows. */
const clients = 32;
const transfersPlanned = 2_000;
const membersCount = 5;
const fundingPerMember = points(5_000);
/** Share of transfers a client sends twice with one Idempotency-Key, as a timed-out client would. */
const retryShare = 0.15;

/** A small seeded generator, so a failing storm can be replayed exactly. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Planned {
  member: Member;
  type: 'deposit' | 'withdrawal';
  city: number;
  /** Ten-thousandths. */
  amount: bigint;
  key: string;
}

interface Outcome {
  planned: Planned;
  statusCode: number;
  recordId: number | undefined;
  recordStatus: number | undefined;
}

describe.each(databaseKinds())('a storm of concurrent transfers on %s', (kind) => {
  let testApp: TestApp;
  let members: Member[];
  const outcomes: Outcome[] = [];
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    members = [];
    for (let index = 0; index < membersCount; index += 1) {
      const member = await registerMember(testApp.app);
      await fundMember(testApp.database.db, member.id, fundingPerMember);
      members.push(member);
    }
  });
  afterAll(async () => {
    await testApp.close();
  });

  it(
    `${transfersPlanned} random transfers from ${clients} clients, some retried, all land exactly once`,
    { timeout: 120_000 },
    async () => {
      const next = random(20_261_122);
      const queue: Planned[] = [];
      for (let index = 0; index < transfersPlanned; index += 1) {
        const planned: Planned = {
          member: members[Math.floor(next() * members.length)] as Member,
          type: next() < 0.55 ? 'deposit' : 'withdrawal',
          city: next() < 0.5 ? 1 : 2,
          amount: 1_000_000n + BigInt(Math.floor(next() * 3_000_000)),
          key: `storm-${index}`,
        };
        queue.push(planned);
        // The retry goes a little later in the queue, so it often races the original.
        if (next() < retryShare) queue.splice(Math.min(queue.length, index + Math.floor(next() * clients)), 0, planned);
      }

      const sendOne = async (planned: Planned): Promise<Outcome> => {
        const response = await send(testApp.app, 'POST', `v1/enjoycity/${planned.city}/${planned.type}`, {
          token: planned.member.token,
          body: { amount: (Number(planned.amount) / 10_000).toFixed(4) },
          headers: { 'idempotency-key': planned.key },
        });
        const body = response.json() as { detail: { id?: number; transaction_recod_status?: number } | null };
        return { planned, statusCode: response.statusCode, recordId: body.detail?.id, recordStatus: body.detail?.transaction_recod_status };
      };
      let cursor = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (cursor < queue.length) {
            const planned = queue[cursor] as Planned;
            cursor += 1;
            outcomes.push(await sendOne(planned));
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      console.info(`${kind}: ${queue.length} requests in ${seconds.toFixed(1)} s (${(queue.length / seconds).toFixed(0)} req/s)`);

      const unexpected = outcomes.filter((outcome) => ![200, 201, 422].includes(outcome.statusCode));
      expect(unexpected.map((outcome) => outcome.statusCode)).toEqual([]);
      expect(outcomes.filter((outcome) => outcome.statusCode === 201).length).toBeGreaterThan(transfersPlanned / 2);
      expect(outcomes.filter((outcome) => outcome.statusCode === 422).length).toBeGreaterThan(0);
    },
  );

  it('every key answered with one record, and retries got the first answer', () => {
    const byKey = new Map<string, Outcome[]>();
    for (const outcome of outcomes) byKey.set(outcome.planned.key, [...(byKey.get(outcome.planned.key) ?? []), outcome]);
    expect(byKey.size).toBe(transfersPlanned);
    let retried = 0;
    for (const group of byKey.values()) {
      expect(new Set(group.map((outcome) => outcome.recordId)).size).toBe(1);
      expect(new Set(group.map((outcome) => outcome.recordStatus)).size).toBe(1);
      expect(group.filter((outcome) => outcome.statusCode === 201).length).toBeLessThanOrEqual(1);
      if (group.length > 1) retried += 1;
    }
    expect(retried).toBeGreaterThan(transfersPlanned * retryShare * 0.5);
  });

  it('balances equal the funding plus exactly the completed transfers the clients were told of', async () => {
    const completed = new Map<number, Planned>();
    for (const outcome of outcomes) {
      if (outcome.recordStatus === 2 && outcome.recordId !== undefined) completed.set(outcome.recordId, outcome.planned);
    }
    for (const member of members) {
      const expected = {
        main: fundingPerMember,
        partners: new Map<number, bigint>([
          [1, 0n],
          [2, 0n],
        ]),
      };
      for (const planned of completed.values()) {
        if (planned.member.id !== member.id) continue;
        const sign = planned.type === 'deposit' ? 1n : -1n;
        expected.main -= sign * planned.amount;
        expected.partners.set(planned.city, (expected.partners.get(planned.city) ?? 0n) + sign * planned.amount);
      }
      const actual = await memberBalances(testApp.database.db, member.id);
      expect(actual.main).toBe(expected.main);
      expect(actual.partners.get(1) ?? 0n).toBe(expected.partners.get(1));
      expect(actual.partners.get(2) ?? 0n).toBe(expected.partners.get(2));
    }
    const { db } = testApp.database;
    const stored = await db.selectFrom('transaction_records').select(['id', 'status', 'journal_id']).execute();
    expect(stored).toHaveLength(transfersPlanned);
    expect(stored.filter((row) => Number(row.status) === 2)).toHaveLength(completed.size);
    expect(stored.every((row) => (Number(row.status) === 2) === (row.journal_id !== null))).toBe(true);
  });

  it('no balance is below zero, every journal balances, every cached balance equals its entries, and the total is unchanged', async () => {
    const audit = await auditLedger(testApp.database.db);
    expect(audit.unbalancedJournals).toEqual([]);
    expect(audit.driftedAccounts).toEqual([]);
    expect(audit.negativeAccounts).toEqual([]);
    expect(audit.total).toBe(0n);
    const memberTotal = await testApp.database.db
      .selectFrom('ledger_accounts')
      .select((eb) => eb.fn.sum<string>('balance').as('total'))
      .where('user_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(BigInt(memberTotal.total)).toBe(fundingPerMember * BigInt(membersCount));
    const completed = new Set(outcomes.filter((outcome) => outcome.recordStatus === 2).map((outcome) => outcome.recordId));
    expect(audit.journals).toBe(membersCount + completed.size);
    expect(audit.entries).toBe(2 * audit.journals);
  });
});

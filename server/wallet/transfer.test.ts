import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import {
  expectFailure,
  expectSuccess,
  expectUnauthorized,
  randomToken,
  registerMember,
  send,
  validationMessage,
  type Member,
} from '../../tests/helpers/members.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { transferInBatch } from './transfer-batches.ts';

const tooSmall = 'Amount cannot be less than 100';
const mainShort = "Insufficient balance of user's main wallet";
const partnerShort = 'Insufficient balance of the partner wallet';

describe.each(databaseKinds())('wallet transfers on %s', (kind) => {
  let testApp: TestApp;
  let member: Member;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    member = await registerMember(testApp.app);
    await fundMember(testApp.database.db, member.id, points(1000));
  });
  afterAll(async () => {
    await testApp.close();
  });

  const call = (
    method: 'GET' | 'POST',
    url: string,
    options: { token?: string; body?: Record<string, unknown>; json?: boolean; key?: string } = {},
  ) =>
    send(testApp.app, method, url, {
      token: options.token ?? member.token,
      ...(options.body === undefined ? {} : { body: options.body }),
      json: options.json ?? false,
      ...(options.key === undefined ? {} : { headers: { 'idempotency-key': options.key } }),
    });
  const mainWallet = async (token = member.token) => expectSuccess(await call('GET', 'v1/userWallet', { token })).main_wallet as number;
  const partnerBalance = async (city: number, token = member.token) =>
    expectSuccess(await call('POST', `v1/enjoycity/${city}/getBalance`, { token })) as number;
  const ledgerCounts = async () => {
    const audit = await auditLedger(testApp.database.db);
    return { journals: audit.journals, entries: audit.entries };
  };
  const recordCount = async () => {
    const row = await testApp.database.db
      .selectFrom('transaction_records')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('GET v1/userWallet shows the main wallet’s ledger balance, and the user record agrees', async () => {
    expect(await mainWallet()).toBe(1000);
    const user = expectSuccess(await call('GET', `v1/user/${member.id}`));
    expect(user.user_wallets).toEqual({ main_wallet: 1000 });
  });

  it('GET v1/enjoycity lists the store and the cinema with zero balances, ids equal to enjoy_city_item ids', async () => {
    const fresh = await registerMember(testApp.app);
    const wallets = expectSuccess(await call('GET', 'v1/enjoycity', { token: fresh.token }));
    expect(wallets).toEqual([
      { id: 1, name: 'store', names: { zhs: '商城', zht: '商城', eng: 'Store' }, disabled: false, balance: 0, enjoy_city_item: { id: 1 } },
      {
        id: 2,
        name: 'cinema',
        names: { zhs: '影城', zht: '影城', eng: 'Cinema' },
        disabled: false,
        balance: 0,
        enjoy_city_item: { id: 2 },
      },
    ]);
  });

  it('a deposit moves points from main to the partner wallet at once and answers with a completed record', async () => {
    const response = await call('POST', 'v1/enjoycity/2/deposit', { body: { amount: '100' } });
    const record = expectSuccess(response, 201);
    expect(record).toEqual({
      id: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      amount: 100,
      fee: 0,
      type: 'deposit',
      transaction_recod_status: 2,
      reason: null,
      enjoy_city: { id: 2, name: 'cinema' },
    });
    expect(await mainWallet()).toBe(900);
    expect(await partnerBalance(2)).toBe(100);
    const wallets = expectSuccess(await call('GET', 'v1/enjoycity'));
    expect(wallets[1]).toMatchObject({ id: 2, balance: 100 });
  });

  it('a withdrawal moves points back from the partner wallet, with a JSON body and 4 decimals', async () => {
    const record = expectSuccess(await call('POST', 'v1/enjoycity/2/withdrawal', { body: { amount: 100 }, json: true }), 201);
    expect(record).toMatchObject({ amount: 100, type: 'withdrawal', transaction_recod_status: 2, enjoy_city: { id: 2, name: 'cinema' } });
    expect(await partnerBalance(2)).toBe(0);
    expectSuccess(await call('POST', 'v1/enjoycity/1/deposit', { body: { amount: '123.4567' } }), 201);
    expect(await partnerBalance(1)).toBe(123.4567);
    expect(await mainWallet()).toBe(876.5433);
    expectSuccess(await call('POST', 'v1/enjoycity/1/withdrawal', { body: { amount: 123.4567 }, json: true }), 201);
    expect(await mainWallet()).toBe(1000);
  });

  it.each([
    ['99.9999', 'deposit'],
    ['0', 'deposit'],
    ['-100', 'deposit'],
    ['99.9999', 'withdrawal'],
    ['0', 'withdrawal'],
    ['-5', 'withdrawal'],
  ])('amount %s on %s answers 422 "Amount cannot be less than 100" with that detail, moving nothing', async (amount, type) => {
    const before = await ledgerCounts();
    const records = await recordCount();
    const body = expectFailure(await call('POST', `v1/enjoycity/1/${type}`, { body: { amount } }), 422, tooSmall);
    expect(body.detail).toBe(tooSmall);
    expect(await ledgerCounts()).toEqual(before);
    expect(await recordCount()).toBe(records);
  });

  it('moves back a remainder below the minimum only when it is the whole partner balance', async () => {
    expectSuccess(await call('POST', 'v1/enjoycity/1/deposit', { body: { amount: '150.5' } }), 201);
    expectSuccess(await call('POST', 'v1/enjoycity/1/withdrawal', { body: { amount: '100' } }), 201);
    expect(await partnerBalance(1)).toBe(50.5);
    // Part of the remainder is still below the minimum: refused, nothing moved.
    expectFailure(await call('POST', 'v1/enjoycity/1/withdrawal', { body: { amount: '50' } }), 422, tooSmall);
    // A deposit of the same small amount stays refused.
    expectFailure(await call('POST', 'v1/enjoycity/1/deposit', { body: { amount: '50.5' } }), 422, tooSmall);
    const main = await mainWallet();
    expectSuccess(await call('POST', 'v1/enjoycity/1/withdrawal', { body: { amount: '50.5000' } }), 201);
    expect(await partnerBalance(1)).toBe(0);
    expect(await mainWallet()).toBe(main + 50.5);
    const audit = await auditLedger(testApp.database.db);
    expect([audit.unbalancedJournals, audit.driftedAccounts, audit.negativeAccounts]).toEqual([[], [], []]);
  });

  it.each([
    ['missing', {}],
    ['empty', { amount: '' }],
    ['five decimals', { amount: '100.00001' }],
    ['non-numeric', { amount: 'abc' }],
    ['exponent', { amount: '1e5' }],
    ['hex', { amount: '0x100' }],
    ['huge', { amount: '1000000000000000000000' }],
    ['beyond the limit', { amount: '100000000001' }],
    ['an SQL fragment', { amount: '100; drop table ledger_entries; --' }],
    ['an SQL quote', { amount: "100' or '1'='1" }],
    ['comma decimal', { amount: '100,5' }],
    ['a list', { 'amount[0]': '100', 'amount[1]': '200' }],
  ])('%s amount answers 422 and changes nothing', async (_case, body) => {
    const before = await ledgerCounts();
    const records = await recordCount();
    const main = await mainWallet();
    const failure = expectFailure(await call('POST', 'v1/enjoycity/1/deposit', { body }), 422);
    expect(failure.message).toBe(validationMessage);
    expect(failure.errors).toHaveProperty('amount');
    expect(await ledgerCounts()).toEqual(before);
    expect(await recordCount()).toBe(records);
    expect(await mainWallet()).toBe(main);
  });

  it.each([
    ['a JSON null', null],
    ['a JSON boolean', true],
    ['a JSON object', { value: 100 }],
    ['a JSON float beyond 4 decimals', 100.00001],
    ['a JSON negative', -100],
  ])('%s amount answers 422 and changes nothing', async (_case, amount) => {
    const before = await ledgerCounts();
    const response = await call('POST', 'v1/enjoycity/1/deposit', { body: { amount }, json: true });
    expectFailure(response, 422);
    expect(await ledgerCounts()).toEqual(before);
  });

  it('a deposit beyond the main wallet answers 422, moves nothing, and leaves a failed record in the history', async () => {
    const before = await ledgerCounts();
    const body = expectFailure(await call('POST', 'v1/enjoycity/1/deposit', { body: { amount: '1000.0001' } }), 422, mainShort);
    expect(body.detail).toMatchObject({ amount: 1000.0001, type: 'deposit', transaction_recod_status: 3, reason: mainShort });
    expect(await ledgerCounts()).toEqual(before);
    expect(await mainWallet()).toBe(1000);
    const history = expectSuccess(await call('GET', 'v1/transactionRecod?type=deposit'));
    expect(history.data[0]).toMatchObject({ id: body.detail.id, transaction_recod_status: 3, reason: mainShort });
  });

  it('a withdrawal beyond the partner wallet answers 422 "Insufficient balance of the partner wallet" and records the failure', async () => {
    const before = await ledgerCounts();
    const body = expectFailure(await call('POST', 'v1/enjoycity/2/withdrawal', { body: { amount: '100' } }), 422, partnerShort);
    expect(body.detail).toMatchObject({ type: 'withdrawal', transaction_recod_status: 3, reason: partnerShort });
    expect(await ledgerCounts()).toEqual(before);
  });

  it('the whole main wallet can be moved, to the last ten-thousandth', async () => {
    const rich = await registerMember(testApp.app);
    await fundMember(testApp.database.db, rich.id, 1_234_567n);
    expectSuccess(await call('POST', 'v1/enjoycity/1/deposit', { token: rich.token, body: { amount: '123.4567' } }), 201);
    expect(await mainWallet(rich.token)).toBe(0);
    expectFailure(await call('POST', 'v1/enjoycity/1/deposit', { token: rich.token, body: { amount: '100' } }), 422, mainShort);
  });

  it.each(['3', '999999', '2147483648', '9999999999'])('partner city %s that does not exist answers 404', async (id) => {
    expectFailure(await call('POST', `v1/enjoycity/${id}/getBalance`), 404);
    expectFailure(await call('POST', `v1/enjoycity/${id}/deposit`, { body: { amount: '100' } }), 404);
    expectFailure(await call('POST', `v1/enjoycity/${id}/withdrawal`, { body: { amount: '100' } }), 404);
    // The city is answered before the amount, as a client reading the contract expects.
    expectFailure(await call('POST', `v1/enjoycity/${id}/deposit`, { body: { amount: '5' } }), 404);
  });

  it.each(['0', '-1', 'abc', '1.5', '0x1'])('a malformed partner city id %s answers 422', async (id) => {
    expectFailure(await call('POST', `v1/enjoycity/${id}/getBalance`), 422);
  });

  describe('Idempotency-Key', () => {
    it('the same key and body returns the first record and moves nothing; another key moves again', async () => {
      const first = expectSuccess(await call('POST', 'v1/enjoycity/1/deposit', { body: { amount: '100' }, key: 'retry-1' }), 201);
      const before = await ledgerCounts();
      const again = expectSuccess(await call('POST', 'v1/enjoycity/1/deposit', { body: { amount: '100.0000' }, key: 'retry-1' }), 200);
      expect(again).toEqual(first);
      expect(await ledgerCounts()).toEqual(before);
      expect(await partnerBalance(1)).toBe(100);
      expectSuccess(await call('POST', 'v1/enjoycity/1/deposit', { body: { amount: '100' }, key: 'retry-2' }), 201);
      expect(await partnerBalance(1)).toBe(200);
    });

    it.each([
      ['another amount', 'deposit', 1, '101'],
      ['another city', 'deposit', 2, '100'],
      ['another direction', 'withdrawal', 1, '100'],
    ])('the same key with %s is 409 and moves nothing', async (_case, type, city, amount) => {
      const first = await call('POST', 'v1/enjoycity/1/deposit', { body: { amount: '100' }, key: 'conflict-1' });
      expect([200, 201]).toContain(first.statusCode);
      const before = await ledgerCounts();
      const records = await recordCount();
      expectFailure(await call('POST', `v1/enjoycity/${city}/${type}`, { body: { amount }, key: 'conflict-1' }), 409);
      expect(await ledgerCounts()).toEqual(before);
      expect(await recordCount()).toBe(records);
    });

    it('a refused transfer replays as the same refusal, even once the balance would allow it', async () => {
      const poor = await registerMember(testApp.app);
      const first = expectFailure(
        await call('POST', 'v1/enjoycity/1/deposit', { token: poor.token, body: { amount: '100' }, key: 'poor-1' }),
        422,
        mainShort,
      );
      await fundMember(testApp.database.db, poor.id, points(500));
      const again = expectFailure(
        await call('POST', 'v1/enjoycity/1/deposit', { token: poor.token, body: { amount: '100' }, key: 'poor-1' }),
        422,
        mainShort,
      );
      expect(again.detail).toEqual(first.detail);
      expect(await mainWallet(poor.token)).toBe(500);
    });

    it('keys belong to one member: another member’s same key is a new transfer', async () => {
      const other = await registerMember(testApp.app);
      await fundMember(testApp.database.db, other.id, points(100));
      expectSuccess(await call('POST', 'v1/enjoycity/1/deposit', { body: { amount: '100' }, key: 'shared-key' }), 201);
      const theirs = expectSuccess(
        await call('POST', 'v1/enjoycity/1/deposit', { token: other.token, body: { amount: '100' }, key: 'shared-key' }),
        201,
      );
      expect(theirs.enjoy_city).toEqual({ id: 1, name: 'store' });
      expect(await partnerBalance(1, other.token)).toBe(100);
    });

    it('ten concurrent retries of one key move the points once', async () => {
      const before = await mainWallet();
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => call('POST', 'v1/enjoycity/2/deposit', { body: { amount: '100' }, key: 'storm-key' })),
      );
      const ids = new Set(responses.map((response) => expectSuccess(response, response.statusCode === 201 ? 201 : 200).id));
      expect(ids.size).toBe(1);
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
      expect(await mainWallet()).toBe(before - 100);
    });

    it.each([
      ['too long', 'k'.repeat(129)],
      ['with a space', 'two words'],
    ])('a key %s answers 422', async (_case, key) => {
      expectFailure(await call('POST', 'v1/enjoycity/1/deposit', { body: { amount: '100' }, key }), 422);
    });
  });

  it('a database failure mid-transfer answers 503 "failed to write database" and moves nothing', async () => {
    const { db } = testApp.database;
    await sql`create function test_refuse_record() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`.execute(
      db,
    );
    await sql`create trigger test_refuse_record before insert on transaction_records for each row execute function test_refuse_record()`.execute(
      db,
    );
    try {
      const before = await ledgerCounts();
      const main = await mainWallet();
      for (const type of ['deposit', 'withdrawal']) {
        const body = expectFailure(await call('POST', `v1/enjoycity/1/${type}`, { body: { amount: '100' } }), 503, 'Transfer failed');
        expect(body.detail).toBe('failed to write database');
      }
      expect(await ledgerCounts()).toEqual(before);
      expect(await mainWallet()).toBe(main);
    } finally {
      await sql`drop trigger test_refuse_record on transaction_records`.execute(db);
      await sql`drop function test_refuse_record()`.execute(db);
    }
  });

  describe('authorization', () => {
    it.each([
      ['GET', 'v1/userWallet'],
      ['GET', 'v1/enjoycity'],
      ['POST', 'v1/enjoycity/1/getBalance'],
      ['POST', 'v1/enjoycity/1/deposit'],
      ['POST', 'v1/enjoycity/1/withdrawal'],
      ['POST', 'v1/enjoycity/999/deposit'],
      ['GET', 'v1/transactionRecod?type=deposit'],
      ['GET', 'v1/transactionRecod?type=bogus'],
      ['GET', 'v1/statement'],
      ['GET', 'v1/statement.csv'],
    ] as const)('%s %s answers 401 without a token, and with an unknown one, before any validation', async (method, url) => {
      const body = method === 'POST' ? { amount: 'not-a-number' } : undefined;
      expectUnauthorized(await send(testApp.app, method, url, body === undefined ? {} : { body }));
      expectUnauthorized(await send(testApp.app, method, url, { token: randomToken(), ...(body === undefined ? {} : { body }) }));
    });

    it('a transfer without a token moves nothing', async () => {
      const before = await ledgerCounts();
      expectUnauthorized(await send(testApp.app, 'POST', 'v1/enjoycity/1/deposit', { body: { amount: '100' } }));
      expect(await ledgerCounts()).toEqual(before);
    });
  });

  it.runIf(kind === 'postgres')('transfers on one member take their turns in the order they asked (migration 0024)', async () => {
    const queued = await registerMember(testApp.app);
    await fundMember(testApp.database.db, queued.id, points(1000));
    const waiting = async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks
        where locktype = 'advisory' and objsubid = 2 and objid = ${queued.id} and not granted`.execute(testApp.database.db);
      return rows[0]?.n ?? 0;
    };
    const untilWaiting = async (count: number) => {
      const deadline = Date.now() + 10_000;
      while ((await waiting()) < count) {
        if (Date.now() > deadline) throw new Error(`${count} transfers never waited for the member's turn`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const deposit = (key: string) => call('POST', 'v1/enjoycity/1/deposit', { token: queued.token, body: { amount: '100' }, key });
    // The member's wallets opened first: a transfer that opens one waits for another's opening, not for its turn.
    expectSuccess(await deposit('turn-0'), 201);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    const holder = testApp.database.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('member-transfers'), ${queued.id})`.execute(trx);
      held();
      await released;
    });
    await holding;
    const first = deposit('turn-1');
    await untilWaiting(1);
    // One process keeps a member's transfers in order itself (decision 034); the turn orders them across processes.
    // The second comes as from another process: its own transfer queue (another Kysely instance on the same pool).
    const anotherProcess = testApp.database.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => args.result,
    });
    const second = transferInBatch(anotherProcess, {
      userId: queued.id,
      partnerCityId: 1,
      type: 'deposit',
      amount: points(100),
      idempotencyKey: 'turn-2',
      requestHash: 'deposit:1:100',
      mainRefusal: "Insufficient balance of user's main wallet",
      partnerRefusal: 'Insufficient balance of the partner wallet',
    });
    await untilWaiting(2);
    release();
    await holder;
    const [one, two] = await Promise.all([first, second]);
    const firstRecord = expectSuccess(one, 201);
    expect('record' in two && two.record.status).toBe(2);
    expect(firstRecord.id).toBeLessThan('record' in two ? Number(two.record.id) : 0);
    expect(await mainWallet(queued.token)).toBe(700);
  });

  it('after all of this every journal balances and every cached balance equals its entries', async () => {
    const audit = await auditLedger(testApp.database.db);
    expect(audit).toMatchObject({ unbalancedJournals: [], driftedAccounts: [], negativeAccounts: [], total: 0n });
  });
});

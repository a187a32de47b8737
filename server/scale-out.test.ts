/**
 * Three server processes on one PostgreSQL, as the product runs at scale behind a load balancer:
 * transfers retried across processes land once, one login wins a race between two processes and
 * every process refuses the loser, and a distribution started on two processes pays each order once.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../tests/helpers/test-app.ts';
import { dayAgo, dayStart, paidOrder } from '../tests/helpers/income.ts';
import { fundMember, insertUser, points } from '../tests/helpers/ledger.ts';
import { otherDeviceMessage } from '../tests/helpers/members.ts';
import { startProduct, type ProductServer } from '../tests/helpers/product-server.ts';
import { upsertOperator } from './operators/login.service.ts';
import { newToken, tokenHash } from './auth/tokens.ts';
import { loadConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { recordRevenue } from './revenue/revenue.service.ts';
import { auditLedger } from './ledger/ledger.audit.ts';

const members = 8;
const fundingPerMember = points(1_000);
const transfers = 240;
const operator = { username: 'scale_operator', password: 'scale operator passphrase' };
const paidOrders = 30;

interface Answer {
  status: number;
  body: { message: string; detail: { id?: number; status?: number } | null };
}

async function call(baseUrl: string, method: string, path: string, token?: string, body?: Record<string, string>): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  // A process under load may drop a connection: the client's retry is part of what is tested.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as Answer['body'] };
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

describe.skipIf(!process.env.DATABASE_URL)('three server processes on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: DatabaseHandle;
  const servers: ProductServer[] = [];
  const urls = () => servers.map((server) => server.baseUrl);

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const env = { DATABASE_URL: scratch.url, CARD_NUMBER_KEY: 'cd'.repeat(32), ORDER_EXPIRY_CHECK_MINUTES: '0' };
    // The first migrates; the other two start at once on the migrated database.
    servers.push(await startProduct(env));
    servers.push(...(await Promise.all([startProduct(env), startProduct(env)])));
    database = await openDatabase({ databaseUrl: scratch.url });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.dispose()));
    await database?.close();
    await scratch?.drop();
  });

  it('transfers sent to all three, some retried on another process at once, each apply exactly once', async () => {
    const { db } = database;
    const people: { id: number; token: string }[] = [];
    for (let index = 0; index < members; index += 1) {
      const id = await insertUser(db);
      const token = newToken();
      await db
        .insertInto('sessions')
        .values({ user_id: id, token_hash: tokenHash(token) })
        .execute();
      await fundMember(db, id, fundingPerMember);
      people.push({ id, token });
    }
    const sends = Array.from({ length: transfers }, (_, index) => {
      const person = people[index % members] ?? people[0]!;
      const type = index % 3 === 0 ? 'withdrawal' : 'deposit';
      const amount = String(100 + ((index * 37) % 400));
      const key = `scale-${index}-${randomBytes(4).toString('hex')}`;
      const send = (server: number) =>
        fetch(`${urls()[server % 3]}/api/v1/enjoycity/1/${type}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ amount }),
        }).then(async (response) => ({ status: response.status, body: (await response.json()) as Answer['body'] }));
      // Every third transfer is retried at once on the next process, as a client that timed out would.
      return Promise.all(index % 3 === 0 ? [send(index), send(index + 1)] : [send(index)]).then((answers) => ({ key, person, answers }));
    });
    const outcomes = await Promise.all(sends);

    for (const { answers } of outcomes) {
      for (const answer of answers) expect([200, 201, 422]).toContain(answer.status);
      // A retry answers with the first request's record, whichever process took it.
      expect(new Set(answers.map((answer) => answer.body.detail?.id)).size).toBe(1);
    }
    const records = await db.selectFrom('transaction_records').select(['idempotency_key', 'status']).execute();
    expect(records).toHaveLength(transfers);
    expect(new Set(records.map((record) => record.idempotency_key)).size).toBe(transfers);
    for (const person of people) {
      const balances = await db.selectFrom('ledger_accounts').select(['kind', 'balance']).where('user_id', '=', person.id).execute();
      const total = balances.reduce((sum, row) => sum + BigInt(row.balance), 0n);
      expect(total, 'a member’s points only move between their own wallets').toBe(fundingPerMember);
    }
    const audit = await auditLedger(db);
    expect(audit.unbalancedJournals).toEqual([]);
    expect(audit.driftedAccounts).toEqual([]);
    expect(audit.negativeAccounts).toEqual([]);
    expect(audit.total).toBe(0n);
  }, 60_000);

  it('a login race on two processes leaves one session, and every process refuses the others as logged in elsewhere', async () => {
    const [first = '', second = '', third = ''] = urls();
    const username = `racer_${randomBytes(4).toString('hex')}`;
    const credentials = { username, password: 'race_pass_1' };
    const registered = await call(first, 'POST', '/api/v1/register', undefined, {
      ...credentials,
      password_confirmation: credentials.password,
      parent_code: 'SOLAR1',
    });
    expect(registered.status).toBe(201);
    const earlier = (registered.body.detail as unknown as { token: string }).token;
    // Every process has seen, and may hold in memory, the session the race will revoke.
    for (const url of [first, second, third]) expect((await call(url, 'GET', '/api/v1/check', earlier)).status).toBe(200);

    const [onFirst, onSecond] = await Promise.all([first, second].map((url) => call(url, 'POST', '/api/v1/login', undefined, credentials)));
    const tokens = [onFirst, onSecond].map((answer) => (answer?.body.detail as unknown as { token: string }).token);
    const checks = await Promise.all(
      tokens.map((token) => Promise.all([first, second, third].map((url) => call(url, 'GET', '/api/v1/check', token)))),
    );
    const winners = checks.filter((answers) => answers.every((answer) => answer.status === 200));
    expect(winners).toHaveLength(1);
    const loser = checks.find((answers) => answers !== winners[0]) ?? [];
    for (const answer of loser) {
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(otherDeviceMessage);
    }
    const open = await database.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select('s.id')
      .where('u.username', '=', username)
      .where('s.revoked_at', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
    for (const url of [first, second, third]) {
      const answer = await call(url, 'GET', '/api/v1/check', earlier);
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(otherDeviceMessage);
    }
  }, 60_000);

  it('a distribution started on two processes at once pays each order once, out of the recorded revenue', async () => {
    const { db } = database;
    const day = dayAgo(1);
    const paidAt = await dayStart(db, dayAgo(3));
    const owner = await insertUser(db);
    for (let index = 0; index < paidOrders; index += 1) await paidOrder(db, owner, 1, 3_000 + index, paidAt);
    await upsertOperator(db, operator.username, operator.password);
    const { id: operatorId } = await db
      .selectFrom('operators')
      .select('id')
      .where('username', '=', operator.username)
      .executeTakeFirstOrThrow();
    await recordRevenue(db, loadConfig({ LOG_LEVEL: 'silent', REVENUE_HOLD_MINUTES: '0' }), operatorId, 1, {
      business_date: day,
      kwh: '1250',
      revenue: '98765.4321',
      evidence: 'scale',
    });
    const [first = '', second = ''] = urls();
    const login = await call(first, 'POST', '/api/admin/v1/login', undefined, operator);
    const token = (login.body.detail as unknown as { token: string }).token;

    const answers = await Promise.all(
      [first, second].map((url) => call(url, 'POST', '/api/admin/v1/income/distribute', token, { business_date: day })),
    );
    for (const answer of answers) expect(answer.status).toBe(200);

    const paid = await db.selectFrom('income_records').select(['order_id']).where('business_date', '=', day).execute();
    expect(paid).toHaveLength(paidOrders);
    expect(new Set(paid.map((row) => row.order_id)).size).toBe(paidOrders);
    const { rows } = await sql<{
      paid: string;
    }>`select coalesce(sum(amount), 0)::text as paid from income_records where business_date = ${day}`.execute(db);
    expect(BigInt(rows[0]?.paid ?? '0')).toBeLessThanOrEqual(points(98_765) + 4_321n);
    const audit = await auditLedger(db);
    expect(audit.unbalancedJournals).toEqual([]);
    expect(audit.driftedAccounts).toEqual([]);
    expect(audit.negativeAccounts).toEqual([]);
    expect(audit.total).toBe(0n);
  }, 60_000);
});

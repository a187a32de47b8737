import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import { expectFailure, expectSuccess, registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { encryptCardNumber } from '../cards/card-cipher.ts';
import { cardKeyOf } from '../cards/card-key.ts';
import { accounts, balanceOf } from '../ledger/accounts.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { signatureHeaders, signedHeaders, verifySignature } from './partner-signature.ts';

const platform = { keyId: 'arcade-key-1', secret: 'the secret the arcade platform gave' };

interface Received {
  method: string;
  path: string;
  body: string;
  verdict: string;
}

/** A partner platform on its own port: answers balances, takes transfers, checks every signature we send. */
async function startPlatform() {
  const received: Received[] = [];
  const state = { balance: '42.5000', status: 202 };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({
        method: request.method ?? '',
        path,
        body,
        verdict: verifySignature(platform, request.headers, request.method ?? '', path, body),
      });
      response.statusCode = state.status;
      response.setHeader('content-type', 'application/json');
      response.end(path.includes('/balances/') ? JSON.stringify({ balance: state.balance }) : '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/gs/v1`, received, state, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe.each(databaseKinds())('an external partner platform over HTTP on %s', (kind) => {
  let testApp: TestApp;
  let member: Member;
  let partner: Awaited<ReturnType<typeof startPlatform>>;
  const cityId = 3;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    partner = await startPlatform();
    await testApp.database.db
      .insertInto('partner_cities')
      .values({
        id: cityId,
        name: 'arcade',
        kind: 'external',
        // Operators must give https (the back office checks); the stand-in listens on plain HTTP on this machine.
        base_url: partner.baseUrl,
        api_key: platform.keyId,
        secret_cipher: encryptCardNumber(cardKeyOf(testApp.app), platform.secret),
      })
      .execute();
    member = await registerMember(testApp.app);
    await fundMember(testApp.database.db, member.id, points(1000));
  });
  afterAll(async () => {
    await testApp.close();
    await partner.close();
  });

  const deposit = (amount: string) =>
    send(testApp.app, 'POST', `v1/enjoycity/${cityId}/deposit`, { token: member.token, body: { amount } });
  const mainWallet = async () =>
    expectSuccess(await send(testApp.app, 'GET', 'v1/userWallet', { token: member.token })).main_wallet as number;
  const resultPath = (transferId: number, city = cityId) => `/api/v1/partners/${city}/transfers/${transferId}/result`;
  /** What the platform sends back: signed with its key unless told otherwise. */
  const report = (
    transferId: number,
    outcome: Record<string, unknown>,
    options: { city?: number; nowMs?: number; secret?: string } = {},
  ) => {
    const body = JSON.stringify(outcome);
    const path = resultPath(transferId, options.city);
    const headers = signedHeaders({ ...platform, secret: options.secret ?? platform.secret }, 'POST', path, body, options.nowMs);
    return testApp.app.inject({ method: 'POST', url: path, headers: { ...headers, 'content-type': 'application/json' }, payload: body });
  };

  it('reads the member’s balance from the platform, with a signed request', async () => {
    const wallet = expectSuccess(await send(testApp.app, 'POST', `v1/enjoycity/${cityId}/getBalance`, { token: member.token }));
    expect(wallet).toBe(42.5);
    expect(partner.received.at(-1)).toMatchObject({ method: 'GET', path: `/gs/v1/balances/${member.id}`, verdict: 'valid' });
  });

  it('hands a deposit over signed, and completes it when the platform reports back', async () => {
    const record = expectSuccess(await deposit('200'), 201);
    expect(record.transaction_recod_status).toBe(1);
    const handed = partner.received.at(-1);
    expect(handed).toMatchObject({ method: 'POST', path: '/gs/v1/transfers', verdict: 'valid' });
    expect(JSON.parse(handed?.body ?? '{}')).toEqual({
      transfer_id: String(record.id),
      user_id: member.id,
      type: 'deposit',
      amount: '200.0000',
    });
    expect(await mainWallet()).toBe(800);

    const completed = expectSuccess(await report(record.id, { status: 'completed' }));
    expect(completed).toMatchObject({ id: record.id, transaction_recod_status: 2 });
    expect(await balanceOf(testApp.database.db, accounts.partnerSettlement(cityId))).toBe(points(200));
    // Reporting the same outcome again changes nothing; reporting another is refused.
    expect(expectSuccess(await report(record.id, { status: 'completed' })).transaction_recod_status).toBe(2);
    expect(expectFailure(await report(record.id, { status: 'failed', reason: 'Account closed' }), 409).error_code).toBe(
      'transfer_already_settled',
    );
    expect(await mainWallet()).toBe(800);
  });

  it('a deposit the platform fails returns the points to the main wallet', async () => {
    const record = expectSuccess(await deposit('300'), 201);
    expect(await mainWallet()).toBe(500);
    expect(expectSuccess(await report(record.id, { status: 'failed', reason: 'Account closed' }))).toMatchObject({
      transaction_recod_status: 3,
      reason: 'Account closed',
    });
    expect(await mainWallet()).toBe(800);
  });

  it('refuses a report that is unsigned, signed with another secret, stale, or about another city, and changes nothing', async () => {
    const record = expectSuccess(await deposit('100'), 201);
    const path = resultPath(record.id);
    const unsigned = await testApp.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json' },
      payload: '{"status":"completed"}',
    });
    expect(expectFailure(unsigned, 401).error_code).toBe('partner_signature_invalid');
    expectFailure(await report(record.id, { status: 'completed' }, { secret: 'a guess' }), 401);
    expectFailure(await report(record.id, { status: 'completed' }, { nowMs: Date.now() - 10 * 60_000 }), 401);
    // City 1 keeps its wallets here and has no platform: nobody can sign for it.
    expectFailure(await report(record.id, { status: 'completed' }, { city: 1 }), 401);
    const tampered = await testApp.app.inject({
      method: 'POST',
      url: path,
      headers: { ...signedHeaders(platform, 'POST', path, '{"status":"failed","reason":"x"}'), 'content-type': 'application/json' },
      payload: '{"status":"completed"}',
    });
    expectFailure(tampered, 401);
    expect(tampered.headers).not.toHaveProperty(signatureHeaders.signature);
    expect(await mainWallet()).toBe(700);
    const noReason = expectFailure(await report(record.id, { status: 'failed' }), 422);
    expect(noReason.errors).toHaveProperty('reason');
    // Signed but about a transfer that is not this city's.
    expectFailure(await report(999_999, { status: 'completed' }), 404);
    expect(expectSuccess(await report(record.id, { status: 'completed' })).transaction_recod_status).toBe(2);
  });

  it('a platform that refuses the hand-over fails the deposit at once and returns the points', async () => {
    partner.state.status = 500;
    try {
      const before = await mainWallet();
      expectFailure(await deposit('100'), 503);
      expect(await mainWallet()).toBe(before);
      expectFailure(await send(testApp.app, 'POST', `v1/enjoycity/${cityId}/getBalance`, { token: member.token }), 503);
      // The wallet list still shows the member's other wallets while this platform cannot answer.
      const wallets = expectSuccess(await send(testApp.app, 'GET', 'v1/enjoycity', { token: member.token })) as { id: number }[];
      expect(wallets.map((wallet) => wallet.id)).toEqual([1, 2]);
    } finally {
      partner.state.status = 202;
    }
    const audit = await auditLedger(testApp.database.db);
    expect(audit).toMatchObject({ unbalancedJournals: [], driftedAccounts: [], negativeAccounts: [] });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import { expectFailure, expectSuccess, registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';

describe.each(databaseKinds())('transfer history and statement on %s', (kind) => {
  let testApp: TestApp;
  let alice: Member;
  let bob: Member;
  /** Alice: 17 deposits of 100..116 to the store, 3 withdrawals of 100 from it, then one refused withdrawal from the cinema. */
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    alice = await registerMember(testApp.app);
    bob = await registerMember(testApp.app);
    await fundMember(testApp.database.db, alice.id, points(10_000));
    await fundMember(testApp.database.db, bob.id, points(1_000));
    for (let index = 0; index < 17; index += 1) await transfer(alice, 'deposit', 1, String(100 + index));
    for (let index = 0; index < 3; index += 1) await transfer(alice, 'withdrawal', 1, '100');
    expect((await transfer(alice, 'withdrawal', 2, '100')).statusCode).toBe(422);
    await transfer(bob, 'deposit', 2, '250');
  });
  afterAll(async () => {
    await testApp.close();
  });

  function transfer(member: Member, type: string, city: number, amount: string) {
    return send(testApp.app, 'POST', `v1/enjoycity/${city}/${type}`, { token: member.token, body: { amount } });
  }
  const history = (member: Member, query: string) => send(testApp.app, 'GET', `v1/transactionRecod${query}`, { token: member.token });

  it('pages deposits newest first in the paginator shape the original app reads', async () => {
    const page = expectSuccess(await history(alice, '?type=deposit&device=mobile'));
    expect(page).toMatchObject({ current_page: 1, per_page: 15, last_page: 2, total: 17, from: 1, to: 15 });
    expect(page.data).toHaveLength(15);
    expect(page.data.map((row: { amount: number }) => row.amount)).toEqual(Array.from({ length: 15 }, (_, index) => 116 - index));
    expect(page.data.every((row: { type: string }) => row.type === 'deposit')).toBe(true);
    expect(page.prev_page_url).toBeNull();
    expect(page.next_page_url).toMatch(/\/api\/v1\/transactionRecod\?type=deposit&device=mobile&page=2$/);
    expect(page.first_page_url).toMatch(/page=1$/);
    expect(page.last_page_url).toMatch(/page=2$/);
    expect(page.links.map((link: { label: string }) => link.label)).toEqual(['&laquo; Previous', '1', '2', 'Next &raquo;']);
    expect(page.links[1]).toMatchObject({ active: true });
  });

  it('the second page holds the rest, and a page past the end is empty, not an error', async () => {
    const second = expectSuccess(await history(alice, '?type=deposit&page=2'));
    expect(second).toMatchObject({ current_page: 2, from: 16, to: 17, next_page_url: null });
    expect(second.data.map((row: { amount: number }) => row.amount)).toEqual([101, 100]);
    expect(second.prev_page_url).toMatch(/page=1$/);
    const past = expectSuccess(await history(alice, '?type=deposit&page=9'));
    expect(past).toMatchObject({ current_page: 9, last_page: 2, total: 17, from: null, to: null, data: [] });
  });

  it('lists withdrawals, failed attempts included with their reason', async () => {
    const page = expectSuccess(await history(alice, '?type=withdrawal'));
    expect(page.total).toBe(4);
    expect(page.data[0]).toMatchObject({
      type: 'withdrawal',
      transaction_recod_status: 3,
      reason: 'Insufficient balance of the partner wallet',
      enjoy_city: { id: 2, name: 'cinema' },
    });
    expect(page.data.slice(1).map((row: { transaction_recod_status: number }) => row.transaction_recod_status)).toEqual([2, 2, 2]);
  });

  it('without a type lists both kinds', async () => {
    expect(expectSuccess(await history(alice, '')).total).toBe(21);
  });

  it.each([
    '?type=bogus',
    '?type=DEPOSIT',
    '?type=deposit&page=0',
    '?type=deposit&page=-1',
    '?type=deposit&page=abc',
    "?type=deposit' or 1=1--",
  ])('%s answers 422', async (query) => {
    expectFailure(await history(alice, query), 422);
  });

  it('a member never sees another member’s records or statement lines', async () => {
    const page = expectSuccess(await history(bob, ''));
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ amount: 250, enjoy_city: { id: 2 } });
    const statement = expectSuccess(await send(testApp.app, 'GET', 'v1/statement', { token: bob.token }));
    expect(statement.total).toBe(3);
    expect(statement.data.map((line: { amount: number }) => line.amount).sort()).toEqual([-250, 1000, 250].sort());
    const csv = await send(testApp.app, 'GET', 'v1/statement.csv', { token: bob.token });
    expect(csv.body.trim().split('\r\n')).toHaveLength(4);
  });

  it('the statement shows every entry that touched the member’s wallets, signed, newest first', async () => {
    const statement = expectSuccess(await send(testApp.app, 'GET', 'v1/statement', { token: alice.token }));
    // Funding (1 line) + 17 deposits and 3 withdrawals (2 lines each: main and partner).
    expect(statement).toMatchObject({ total: 41, per_page: 15, last_page: 3, current_page: 1 });
    const newest = statement.data.slice(0, 2) as { wallet: string }[];
    const newestPartner = newest.find((line) => line.wallet === 'partner');
    const newestMain = newest.find((line) => line.wallet === 'main');
    expect(newestPartner).toEqual({
      id: expect.any(Number),
      journal_id: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-/),
      kind: 'partner_withdrawal',
      wallet: 'partner',
      enjoy_city: { id: 1, name: 'store' },
      amount: -100,
    });
    expect(statement.data[0].journal_id).toBe(statement.data[1].journal_id);
    expect(newestMain).toMatchObject({ wallet: 'main', enjoy_city: null, amount: 100 });
    const last = expectSuccess(await send(testApp.app, 'GET', 'v1/statement?page=3', { token: alice.token }));
    expect(last.data.at(-1)).toMatchObject({ kind: 'test_funding', wallet: 'main', amount: 10_000 });
  });

  it('the statement CSV is a download with every line and 4-decimal amounts that sum to the balances', async () => {
    const response = await send(testApp.app, 'GET', 'v1/statement.csv', { token: alice.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="statement\.csv"$/);
    const [header, ...rows] = response.body.trim().split('\r\n');
    expect(header).toBe('id,journal_id,created_at,kind,wallet,enjoy_city_id,enjoy_city_name,amount');
    expect(rows).toHaveLength(41);
    expect(rows[0]).toMatch(/^\d+,\d+,\d{4}-[^,]+,partner_withdrawal,(main|partner),(1)?,(store)?,-?100\.0000$/);
    expect(rows.at(-1)).toMatch(/,test_funding,main,,,10000\.0000$/);
    const cents = (text: string) => BigInt(text.replace('.', ''));
    const main = rows.filter((row) => row.split(',')[4] === 'main').reduce((sum, row) => sum + cents(row.split(',').at(-1) ?? '0'), 0n);
    const wallet = expectSuccess(await send(testApp.app, 'GET', 'v1/userWallet', { token: alice.token }));
    expect(Number(main) / 10_000).toBe(wallet.main_wallet);
  });
});

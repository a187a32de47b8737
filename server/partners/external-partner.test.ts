import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import { expectFailure, expectSuccess, registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import type { TransferType } from '../db/schema.ts';
import { accounts, balanceOf } from '../ledger/accounts.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { settleTransfer } from '../wallet/transfer-settlement.ts';
import type { ExternalPartnerPlatform } from './external-partner.ts';

/** An in-process stand-in for a partner platform with its own books and its own balance API. */
class FakePartner implements ExternalPartnerPlatform {
  readonly balances = new Map<number, bigint>();
  readonly requests: { transferId: string; userId: number; type: TransferType; amount: bigint }[] = [];
  reachable = true;

  async balance(userId: number): Promise<bigint> {
    return this.balances.get(userId) ?? 0n;
  }

  async requestTransfer(request: { transferId: string; userId: number; type: TransferType; amount: bigint }): Promise<void> {
    if (!this.reachable) throw new Error('connect ECONNREFUSED partner.example');
    this.requests.push(request);
  }
}

const arcade = { id: 3, name: 'arcade' };

describe.each(databaseKinds())('an external partner city on %s', (kind) => {
  let testApp: TestApp;
  let member: Member;
  const partner = new FakePartner();
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    await testApp.database.db
      .insertInto('partner_cities')
      .values({ ...arcade, kind: 'external' })
      .execute();
    testApp.app.partners.connect(arcade.id, partner);
    member = await registerMember(testApp.app);
    await fundMember(testApp.database.db, member.id, points(1000));
  });
  afterAll(async () => {
    await testApp.close();
  });

  const post = (type: TransferType, amount: string, city = arcade.id) =>
    send(testApp.app, 'POST', `v1/enjoycity/${city}/${type}`, { token: member.token, body: { amount } });
  const mainWallet = async () =>
    expectSuccess(await send(testApp.app, 'GET', 'v1/userWallet', { token: member.token })).main_wallet as number;
  const inTransit = () => balanceOf(testApp.database.db, accounts.partnerInTransit(arcade.id));
  const settlement = () => balanceOf(testApp.database.db, accounts.partnerSettlement(arcade.id));
  const answer = (transferId: number, outcome: Parameters<typeof settleTransfer>[3]) =>
    settleTransfer(testApp.database.db, testApp.app.partners, String(transferId), outcome);

  it('shows the partner’s own balance in the wallet list and through getBalance', async () => {
    partner.balances.set(member.id, points(42));
    const wallets = expectSuccess(await send(testApp.app, 'GET', 'v1/enjoycity', { token: member.token }));
    expect(wallets).toContainEqual({ id: 3, name: 'arcade', names: {}, disabled: false, balance: 42, enjoy_city_item: { id: 3 } });
    expect(expectSuccess(await send(testApp.app, 'POST', 'v1/enjoycity/3/getBalance', { token: member.token }))).toBe(42);
  });

  it('a deposit is accepted at once, holds the points in transit, and completes when the partner confirms', async () => {
    const record = expectSuccess(await post('deposit', '200'), 201);
    expect(record).toMatchObject({ transaction_recod_status: 1, type: 'deposit', enjoy_city: arcade });
    expect(partner.requests.at(-1)).toEqual({ transferId: String(record.id), userId: member.id, type: 'deposit', amount: points(200) });
    expect(await mainWallet()).toBe(800);
    expect(await inTransit()).toBe(points(200));

    const settled = await answer(record.id, { status: 'completed' });
    expect(settled.status).toBe(2);
    expect(await inTransit()).toBe(0n);
    expect(await settlement()).toBe(points(200));
    expect(await mainWallet()).toBe(800);
  });

  it('a failed deposit returns the points, and a late second answer changes nothing', async () => {
    const record = expectSuccess(await post('deposit', '300'), 201);
    expect(await mainWallet()).toBe(500);
    const failed = await answer(record.id, { status: 'failed', reason: 'Partner account closed' });
    expect(failed).toMatchObject({ status: 3, reason: 'Partner account closed' });
    expect(await mainWallet()).toBe(800);
    expect(await inTransit()).toBe(0n);

    const late = await answer(record.id, { status: 'completed' });
    expect(late.status).toBe(3);
    expect(await mainWallet()).toBe(800);
    const history = expectSuccess(await send(testApp.app, 'GET', 'v1/transactionRecod?type=deposit', { token: member.token }));
    expect(history.data[0]).toMatchObject({ id: record.id, transaction_recod_status: 3, reason: 'Partner account closed' });
  });

  it('a withdrawal moves nothing until the partner confirms the debit, then credits the main wallet', async () => {
    const record = expectSuccess(await post('withdrawal', '150'), 201);
    expect(record.transaction_recod_status).toBe(1);
    expect(await mainWallet()).toBe(800);
    await answer(record.id, { status: 'completed' });
    expect(await mainWallet()).toBe(950);
    expect(await settlement()).toBe(points(50));
  });

  it('a withdrawal the partner refuses fails with its reason and moves nothing', async () => {
    const record = expectSuccess(await post('withdrawal', '5000'), 201);
    const failed = await answer(record.id, { status: 'failed', reason: 'Insufficient balance of the partner wallet' });
    expect(failed.status).toBe(3);
    expect(await mainWallet()).toBe(950);
  });

  it('a deposit beyond the main wallet is refused here, before the partner hears of it', async () => {
    const asked = partner.requests.length;
    expectFailure(await post('deposit', '5000'), 422, "Insufficient balance of user's main wallet");
    expect(partner.requests).toHaveLength(asked);
  });

  it('a partner that cannot be reached fails the transfer at once and returns the points', async () => {
    partner.reachable = false;
    try {
      const body = expectFailure(await post('deposit', '100'), 503);
      expect(body.detail).toMatchObject({ transaction_recod_status: 3, reason: 'The partner could not be reached' });
      expect(await mainWallet()).toBe(950);
      expect(await inTransit()).toBe(0n);
      // The back office counts it and lists it, where before only the server log said so.
      const operator = await operatorToken(testApp.app, testApp.database.db);
      const counts = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/work-counts?fresh=true', { token: operator })) as {
        partner_failures: number;
      };
      expect(counts.partner_failures).toBe(1);
      const listed = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/partner-failures', { token: operator })) as {
        data: unknown[];
      };
      expect(listed.data).toMatchObject([
        { type: 'deposit', amount: '100.0000', member: { id: member.id }, partner_city: { id: arcade.id, name: 'arcade' } },
      ]);
    } finally {
      partner.reachable = true;
    }
  });

  it('an external city with no platform connected answers 503 and moves nothing', async () => {
    await testApp.database.db.insertInto('partner_cities').values({ id: 4, name: 'offline', kind: 'external' }).execute();
    expectFailure(await post('deposit', '100', 4), 503);
    expectFailure(await send(testApp.app, 'POST', 'v1/enjoycity/4/getBalance', { token: member.token }), 503);
    expect(await mainWallet()).toBe(950);
  });

  it('the ledger stays balanced through every outcome', async () => {
    const audit = await auditLedger(testApp.database.db);
    expect(audit).toMatchObject({ unbalancedJournals: [], driftedAccounts: [], negativeAccounts: [], total: 0n });
  });
});

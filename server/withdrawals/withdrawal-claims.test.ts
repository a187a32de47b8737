import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawalClaimMinutes } from '../../contract/limits.ts';
import { addCard, verifiedMember } from '../../tests/helpers/identity.ts';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import { expectFailure, expectSuccess, send, uniqueName, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { claim, claimedByOtherMessage, notClaimedMessage } from './withdrawals.service.ts';

interface Claim {
  operator_id: number;
  operator: string;
  since: string;
  until: string;
}
interface QueueItem {
  id: number;
  status: number;
  claim: Claim | null;
}

/** Decision 051: one operator at a time sends a withdrawal's bank transfer. */
describe.each(databaseKinds())('withdrawal claims on %s', (kind) => {
  let testApp: TestApp;
  const names = { first: uniqueName('pay'), second: uniqueName('pay'), third: uniqueName('rev') };
  const tokens = { first: '', second: '', third: '' };
  beforeAll(async () => {
    testApp = await createTestApp(kind, { WITHDRAWAL_COOLDOWN_HOURS: '0' });
    tokens.first = await operatorToken(testApp.app, testApp.database.db, names.first);
    tokens.second = await operatorToken(testApp.app, testApp.database.db, names.second);
    tokens.third = await operatorToken(testApp.app, testApp.database.db, names.third, 'reviewer');
  });
  afterAll(async () => {
    const audit = await auditLedger(testApp.database.db);
    expect(audit).toMatchObject({ unbalancedJournals: [], driftedAccounts: [], negativeAccounts: [], total: 0n });
    await testApp.close();
  });

  const operatorId = async (name: string) =>
    (await testApp.database.db.selectFrom('operators').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
  async function heldWithdrawal(): Promise<{ member: Member; id: number }> {
    const member = await verifiedMember(testApp.app, testApp.database.db, 'Lin Mei');
    await fundMember(testApp.database.db, member.id, points(1000));
    const cardId = await addCard(testApp.app, member);
    const held = expectSuccess(
      await send(testApp.app, 'POST', 'v1/withdraw', { token: member.token, body: { bankcard_id: cardId, amount: '300' } }),
      201,
    ) as { id: number };
    return { member, id: held.id };
  }
  const post = (id: number, action: string, token: string, body?: Record<string, string>) =>
    send(testApp.app, 'POST', `admin/v1/withdrawals/${id}/${action}`, { token, ...(body === undefined ? {} : { body }) });
  const pay = (id: number, token: string) => post(id, 'pay', token, { bank_reference: 'TX-1' });
  const queueItem = async (id: number, token = tokens.second) =>
    (expectSuccess(await send(testApp.app, 'GET', 'admin/v1/withdrawals?status=accepted', { token })) as { data: QueueItem[] }).data.find(
      (item) => item.id === id,
    );
  const mainWallet = async (member: Member) =>
    (expectSuccess(await send(testApp.app, 'GET', 'v1/userWallet', { token: member.token })) as { main_wallet: number }).main_wallet;

  it('three operators racing to claim: exactly one wins, and the others are told who holds it', async () => {
    const { id } = await heldWithdrawal();
    const responses = await Promise.all([
      post(id, 'claim', tokens.first),
      post(id, 'claim', tokens.second),
      post(id, 'claim', tokens.third),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = responses.find((response) => response.statusCode === 200);
    const held = (winner?.json() as { detail: QueueItem }).detail.claim;
    expect(held?.operator).toMatch(/^(pay|rev)/);
    for (const lost of responses.filter((response) => response.statusCode === 409)) {
      const body = expectFailure(lost, 409, claimedByOtherMessage);
      expect(body).toMatchObject({ error_code: 'withdrawal_claimed_by_other', detail: { claim: { operator: held?.operator } } });
    }
    const claims = await testApp.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'withdrawal')
      .where('subject_id', '=', String(id))
      .execute();
    expect(claims).toEqual([{ action: 'withdrawal.claim' }]);
  });

  it('others see who holds it and until when, and cannot pay or reject it; the holder pays', async () => {
    const { member, id } = await heldWithdrawal();
    const claimed = expectSuccess(await post(id, 'claim', tokens.first)) as QueueItem;
    expect(claimed.claim?.operator).toBe(names.first);
    const item = await queueItem(id);
    expect(item?.claim).toMatchObject({ operator: names.first, operator_id: await operatorId(names.first) });
    const since = Date.parse(item?.claim?.since ?? '');
    expect(Date.parse(item?.claim?.until ?? '') - since).toBe(withdrawalClaimMinutes * 60_000);

    expect(expectFailure(await pay(id, tokens.second), 409, claimedByOtherMessage).error_code).toBe('withdrawal_claimed_by_other');
    expectFailure(await post(id, 'reject', tokens.third, { reason: 'card closed' }), 409, claimedByOtherMessage);
    expect(expectFailure(await post(id, 'release', tokens.second), 409, notClaimedMessage).error_code).toBe('withdrawal_not_claimed');
    expect((await queueItem(id))?.status).toBe(1);
    expect(await mainWallet(member)).toBe(700);

    expect(expectSuccess(await pay(id, tokens.first))).toMatchObject({ id, status: 2 });
    expect(await queueItem(id)).toBeUndefined();
    expect(expectFailure(await post(id, 'claim', tokens.second), 409).error_code).toBe('withdrawal_already_decided');
  });

  it('a released claim frees the withdrawal for another operator; both steps are audited', async () => {
    const { member, id } = await heldWithdrawal();
    expectSuccess(await post(id, 'claim', tokens.first));
    expect((expectSuccess(await post(id, 'release', tokens.first)) as QueueItem).claim).toBeNull();
    expect((await queueItem(id))?.claim).toBeNull();
    expectSuccess(await post(id, 'claim', tokens.third));
    expectSuccess(await post(id, 'reject', tokens.third, { reason: 'Card closed at the bank' }));
    expect(await mainWallet(member)).toBe(1000);
    const actions = await testApp.database.db
      .selectFrom('audit_log')
      .select(['action', 'operator_id'])
      .where('subject_type', '=', 'withdrawal')
      .where('subject_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['withdrawal.claim', 'withdrawal.release', 'withdrawal.claim', 'withdrawal.reject']);
  });

  it(`a claim runs out after ${withdrawalClaimMinutes} minutes: then another operator may claim or pay it`, async () => {
    const { id } = await heldWithdrawal();
    const longAgo = new Date(Date.now() - (withdrawalClaimMinutes * 60_000 + 1000));
    await claim(testApp.database.db, await operatorId(names.first), String(id), longAgo);
    expect((await queueItem(id))?.claim).toBeNull();
    const fresh = new Date(Date.now() - (withdrawalClaimMinutes * 60_000 - 60_000));
    await claim(testApp.database.db, await operatorId(names.first), String(id), fresh);
    expect((await queueItem(id))?.claim?.operator).toBe(names.first);
    expectFailure(await pay(id, tokens.second), 409, claimedByOtherMessage);
    // Still held for a minute more; then the next claim wins.
    await claim(testApp.database.db, await operatorId(names.first), String(id), longAgo);
    expect(expectSuccess(await post(id, 'claim', tokens.second))).toMatchObject({ claim: { operator: names.second } });
    expectSuccess(await pay(id, tokens.second));
  });

  it('claim and release refuse members, strangers and unknown withdrawals', async () => {
    const { member, id } = await heldWithdrawal();
    expectFailure(await post(id, 'claim', member.token), 403);
    expectFailure(await send(testApp.app, 'POST', `admin/v1/withdrawals/${id}/claim`), 401);
    expectFailure(await post(99_999_999, 'claim', tokens.first), 404);
    expectFailure(await post(99_999_999, 'release', tokens.first), 404);
    expect((await queueItem(id))?.claim).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess, registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { accounts, balanceOf } from '../ledger/accounts.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { adjustmentInsufficientMessage, adjustmentOwnMessage } from './member-adjustment.service.ts';

interface Adjustment {
  id: number;
  status: string;
  amount: string;
  direction: string;
  decided_by: string | null;
}

/** Decision 060: customer service credits or debits a main wallet with a reason; large ones take two administrators. */
describe.each(databaseKinds())('customer service credits and debits on %s', (kind) => {
  let testApp: TestApp;
  let admin: string;
  let second: string;
  let reviewer: string;
  let member: Member;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { REGISTRATIONS_PER_ADDRESS: '100000', ADJUSTMENT_APPROVAL_POINTS: '1000' });
    admin = await operatorToken(testApp.app, testApp.database.db);
    second = await operatorToken(testApp.app, testApp.database.db);
    reviewer = await operatorToken(testApp.app, testApp.database.db, undefined, 'reviewer');
    member = await registerMember(testApp.app);
  });
  afterAll(async () => {
    expect(await auditLedger(testApp.database.db)).toMatchObject({
      unbalancedJournals: [],
      driftedAccounts: [],
      negativeAccounts: [],
      total: 0n,
    });
    await testApp.close();
  });

  const db = () => testApp.database.db;
  let keys = 0;
  const adjust = (body: Record<string, unknown>, token = admin, key = `key-${kind}-${(keys += 1)}`, userId = member.id) =>
    send(testApp.app, 'POST', `admin/v1/members/${userId}/adjustments`, {
      token,
      json: true,
      body,
      headers: { 'idempotency-key': key },
    });
  const decide = (id: number, verb: 'approve' | 'reject', body: Record<string, unknown> = {}, token = second) =>
    send(testApp.app, 'POST', `admin/v1/adjustments/${id}/${verb}`, { token, json: true, body });
  const main = () => balanceOf(db(), accounts.memberMain(member.id));
  const noticesOf = async () =>
    (await db().selectFrom('notifications').select(['kind', 'params']).where('user_id', '=', member.id).orderBy('id').execute()).map(
      (row) => ({ kind: row.kind, params: row.params }),
    );

  it('posts a small credit at once, tells the member with the reason, and a retry of the same request moves nothing', async () => {
    const before = await main();
    const body = { direction: 'credit', amount: '150.5', reason: '补发 11 月 27 日漏发的收益' };
    const first = await adjust(body, admin, 'same-key-1');
    const posted = expectSuccess(first, 201) as Adjustment;
    expect(posted).toMatchObject({ status: 'posted', amount: '150.5000', direction: 'credit' });
    expect(await main()).toBe(before + 1_505_000n);
    expect(await noticesOf()).toContainEqual({ kind: 'balance_credited', params: { amount: '1505000', reason: body.reason } });

    expect(expectSuccess(await adjust(body, admin, 'same-key-1'), 200)).toMatchObject({ id: posted.id, status: 'posted' });
    expect(await main()).toBe(before + 1_505_000n);
    expect(expectFailure(await adjust({ ...body, amount: '151' }, admin, 'same-key-1'), 409).error_code).toBe('idempotency_key_reused');

    // The member's statement names it; the audit log holds the request and the posting.
    const statement = expectSuccess(await send(testApp.app, 'GET', 'v1/statement', { token: member.token })) as {
      data: { kind: string; amount: number }[];
    };
    expect(statement.data[0]).toMatchObject({ kind: 'service_credit', amount: 150.5 });
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'user')
      .where('subject_id', '=', String(member.id))
      .execute();
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['member.adjustment_request', 'member.adjustment']));
  });

  it('refuses a debit larger than the wallet, storing nothing', async () => {
    const before = await main();
    const rowsBefore = await db().selectFrom('member_adjustments').select('id').execute();
    const refused = expectFailure(
      await adjust({ direction: 'debit', amount: String(Number(before / 10_000n) + 1), reason: 'charge back' }),
      409,
    );
    expect(refused).toMatchObject({ error_code: 'main_wallet_insufficient', message: adjustmentInsufficientMessage });
    expect(await main()).toBe(before);
    expect(await db().selectFrom('member_adjustments').select('id').execute()).toEqual(rowsBefore);
    expect(expectFailure(await adjust({ direction: 'debit', amount: '0', reason: 'x' }), 422).error_code).toBe('validation');
    expect(expectFailure(await adjust({ direction: 'gift', amount: '1', reason: 'x' }), 422).error_code).toBe('validation');
    expect(expectFailure(await adjust({ direction: 'credit', amount: '1', reason: '   ' }), 422).error_code).toBe('validation');
    expect(expectFailure(await adjust({ direction: 'credit', amount: '1', reason: 'x' }, admin, undefined, 999_999), 404).error_code).toBe(
      'member_not_found',
    );
    expect(expectFailure(await adjust({ direction: 'credit', amount: '1', reason: 'x' }, reviewer), 403).error_code).toBe(
      'administrators_only',
    );
  });

  it('holds a large credit for a second administrator: not the one who asked, once only', async () => {
    const before = await main();
    const waiting = expectSuccess(
      await adjust({ direction: 'credit', amount: '5000', reason: 'goodwill after the outage' }),
      201,
    ) as Adjustment;
    expect(waiting.status).toBe('pending');
    expect(await main()).toBe(before);
    const counts = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/work-counts?fresh=true', { token: admin })) as {
      adjustments_pending: number;
    };
    expect(counts.adjustments_pending).toBe(1);
    const listed = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/adjustments', { token: second })) as { data: Adjustment[] };
    expect(listed.data.map((row) => row.id)).toEqual([waiting.id]);

    expect(expectFailure(await decide(waiting.id, 'approve', {}, admin), 403)).toMatchObject({
      error_code: 'adjustment_own',
      message: adjustmentOwnMessage,
    });
    expect(await main()).toBe(before);
    // Two other administrators at once: one posts it, the other finds it decided.
    const third = await operatorToken(testApp.app, db());
    const both = await Promise.all([
      decide(waiting.id, 'approve', { note: 'checked the outage log' }),
      decide(waiting.id, 'approve', {}, third),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await main()).toBe(before + 50_000_000n);
    expect(expectFailure(await decide(waiting.id, 'reject', { note: 'too late' }), 409).error_code).toBe('adjustment_not_pending');
    const journals = await db()
      .selectFrom('ledger_journals')
      .select('id')
      .where('idempotency_key', '=', `adjustment:${waiting.id}`)
      .execute();
    expect(journals).toHaveLength(1);
  });

  it('a large debit turned down moves nothing; one approved when the wallet no longer holds it is refused and keeps waiting', async () => {
    const before = await main();
    const turned = expectSuccess(await adjust({ direction: 'debit', amount: '1500', reason: 'duplicate credit' }), 201) as Adjustment;
    expect(expectFailure(await decide(turned.id, 'reject', { note: ' ' }), 422).error_code).toBe('validation');
    expect(expectSuccess(await decide(turned.id, 'reject', { note: 'not a duplicate' }))).toMatchObject({ status: 'rejected' });
    expect(await main()).toBe(before);

    const big = expectSuccess(
      await adjust({ direction: 'debit', amount: String(Number(before / 10_000n)), reason: 'close the account' }),
      201,
    ) as Adjustment;
    expect(big.status).toBe('pending');
    // Meanwhile most of the wallet is debited by a small adjustment.
    expectSuccess(await adjust({ direction: 'debit', amount: '100', reason: 'fee' }), 201);
    expect(expectFailure(await decide(big.id, 'approve'), 409).error_code).toBe('main_wallet_insufficient');
    const row = await db().selectFrom('member_adjustments').select('status').where('id', '=', String(big.id)).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(await main()).toBe(before - 1_000_000n);
    expect(await noticesOf()).toContainEqual({ kind: 'balance_debited', params: { amount: '1000000', reason: 'fee' } });
    const history = expectSuccess(await send(testApp.app, 'GET', `admin/v1/members/${member.id}/adjustments`, { token: admin })) as {
      total: number;
      data: Adjustment[];
    };
    expect(history.data.map((adjustment) => adjustment.status)).toEqual(['posted', 'pending', 'rejected', 'posted', 'posted']);
  });

  it('adds up what one member was given or charged without approval in 24 hours: small ones past the limit wait, even at once', async () => {
    const split = await registerMember(testApp.app);
    const small = (amount: string, direction = 'credit') =>
      adjust({ direction, amount, reason: 'one of several' }, admin, undefined, split.id).then(
        (answer) => (expectSuccess(answer, 201) as Adjustment).status,
      );
    expect([await small('400'), await small('300', 'debit'), await small('300.0001')]).toEqual(['posted', 'posted', 'pending']);
    // Another member's day is their own; two asked at the same moment for one member queue, and the second waits.
    const racing = await registerMember(testApp.app);
    const both = await Promise.all(
      ['600', '600'].map((amount) => adjust({ direction: 'credit', amount, reason: 'twice at once' }, admin, undefined, racing.id)),
    );
    expect(both.map((answer) => (expectSuccess(answer, 201) as Adjustment).status).sort()).toEqual(['pending', 'posted']);
  });
});

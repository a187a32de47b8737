import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedMember } from '../../tests/helpers/identity.ts';
import { expectFailure, expectSuccess, send, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { notifyPayment, placeOrder } from '../../tests/helpers/orders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { accounts, balanceOf } from '../ledger/accounts.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { expireOrders } from '../orders/order-expiry.ts';
import { payerNameDiffersMessage } from './confirmation.service.ts';
import { nothingToUndoMessage, refundPaidNoUndoMessage, undoDayOverMessage, undoPaymentDecision } from './undo.service.ts';

const dayMs = 24 * 60 * 60 * 1000;
const catalogue = (locale: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../locales', `${locale}.json`), 'utf8')) as Record<string, string>;

/** Decision 050: a payer name that is not the member's never refunds an order by a typo, and a mistake is undone the same day. */
describe.each(databaseKinds())('a different payer and undoing a decision on %s', (kind) => {
  let testApp: TestApp;
  let admin: string;
  let reviewer: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { REGISTRATIONS_PER_ADDRESS: '100000' });
    admin = await operatorToken(testApp.app, testApp.database.db);
    reviewer = await operatorToken(testApp.app, testApp.database.db, undefined, 'reviewer');
  });
  afterAll(async () => {
    const audit = await auditLedger(testApp.database.db);
    expect(audit).toMatchObject({ unbalancedJournals: [], driftedAccounts: [], negativeAccounts: [], total: 0n });
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const confirm = (id: number, body: Record<string, unknown>, token = reviewer) =>
    send(testApp.app, 'POST', `admin/v1/orders/${id}/confirm`, { token, body: { bank_reference: 'IN-2026-1128', ...body } });
  const differentPayer = {
    different_payer: true,
    different_payer_reason: 'Paid from his brother’s account, as the statement shows',
    payer_bank: '招商银行',
    payer_account: '6225 8800 1234 5678',
  };
  const undo = (id: number, reason: string, token = admin) =>
    send(testApp.app, 'POST', `admin/v1/orders/${id}/undo`, { token, body: { reason } });
  const orderOf = async (member: Member, id: number) =>
    expectSuccess(await send(testApp.app, 'GET', `v1/order/${id}`, { token: member.token })) as {
      order_status: number;
      reject_reason: string | null;
      payment_returned: boolean;
    };
  const refundsOf = (orderId: number) =>
    db().selectFrom('refunds').selectAll().where('order_id', '=', String(orderId)).orderBy('id').execute();
  const noticeStatuses = async (orderId: number) =>
    (await db().selectFrom('order_notices').select('status').where('order_id', '=', String(orderId)).orderBy('id').execute()).map(
      (row) => row.status,
    );
  const accountStatus = async (member: Member) =>
    (await db().selectFrom('users').select('account_status').where('id', '=', member.id).executeTakeFirstOrThrow()).account_status;
  const kindsFor = async (member: Member) =>
    (await db().selectFrom('notifications').select('kind').where('user_id', '=', member.id).orderBy('id').execute()).map((row) => row.kind);

  async function waitingOrder(realname = '王磊', amount = '20000') {
    const member = await verifiedMember(testApp.app, db(), realname);
    const order = await placeOrder(testApp.app, member, { amount });
    expectSuccess(await notifyPayment(testApp.app, member, order.id), 201);
    return { member, order };
  }

  it('a typo (王磊磊 for a verified 王磊) is refused naming both names, and nothing changes', async () => {
    const { member, order } = await waitingOrder();
    const owedBefore = await balanceOf(db(), accounts.refundsOwed());
    const body = expectFailure(await confirm(order.id, { payer_name: '王磊磊' }), 409, payerNameDiffersMessage);
    expect(body).toMatchObject({ error_code: 'payer_name_differs', detail: { payer_name: '王磊磊', verified_name: '王磊' } });
    expect(await orderOf(member, order.id)).toMatchObject({ order_status: 2, reject_reason: null, payment_returned: false });
    expect(await refundsOf(order.id)).toEqual([]);
    expect(await balanceOf(db(), accounts.refundsOwed())).toBe(owedBefore);
    expect(await accountStatus(member)).toBe('active');
    expect(await noticeStatuses(order.id)).toEqual(['pending']);
    // The flag alone is not enough: the reason and the account the money goes back to are asked for.
    expectFailure(await confirm(order.id, { payer_name: '王磊磊', different_payer: true, payer_bank: '招商银行' }), 422);
    expect(await refundsOf(order.id)).toEqual([]);
    // The right name goes through.
    expect(expectSuccess(await confirm(order.id, { payer_name: '王磊' }))).toMatchObject({ order_status: 3, refund_id: null });
  });

  it('marked as a different payer with a reason: held for refund to the payer’s account, the member not suspended, told in their language', async () => {
    const { member, order } = await waitingOrder('王磊', '20000');
    const owedBefore = await balanceOf(db(), accounts.refundsOwed());
    const held = expectSuccess(await confirm(order.id, { payer_name: '王磊磊', ...differentPayer })) as {
      order_status: number;
      refund_id: number;
    };
    expect(held.order_status).toBe(4);
    expect(await balanceOf(db(), accounts.refundsOwed())).toBe(owedBefore + 200_000_000n);
    expect(await accountStatus(member)).toBe('active');
    const order4 = await orderOf(member, order.id);
    expect(order4).toMatchObject({ order_status: 4, reject_reason: null, payment_returned: true });

    const listed = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/refunds?status=owed', { token: reviewer })) as {
      data: Record<string, unknown>[];
    };
    expect(listed.data.find((refund) => refund.id === held.refund_id)).toMatchObject({
      payer_name: '王磊磊',
      payer_bank: '招商银行',
      payer_account: '6225 8800 1234 5678',
      reason: differentPayer.different_payer_reason,
      amount: 20000,
      status: 'owed',
    });

    // What the member reads comes from the locale files: no English inside the Chinese.
    expect(await kindsFor(member)).toContain('payment_refunded');
    for (const locale of ['zhs', 'zht']) {
      for (const key of ['notice_payment_refunded', 'order_payment_returned', 'notice_payment_reopened']) {
        const text = catalogue(locale)[key] ?? '';
        expect(text, `${locale}.${key}`).toMatch(/\p{Script=Han}/u);
        expect(text.replaceAll(/\{\{\w+\}\}/g, ''), `${locale}.${key}`).not.toMatch(/[A-Za-z]/);
      }
    }
    expect(catalogue('eng').order_payment_returned).toMatch(/returned/);
  });

  it('an administrator undoes a mismatch the same day: the refund is undone, the order waits again and can be confirmed', async () => {
    const { member, order } = await waitingOrder('李娜', '3000');
    const owedBefore = await balanceOf(db(), accounts.refundsOwed());
    const clearingBefore = await balanceOf(db(), accounts.remittanceClearing());
    const held = expectSuccess(await confirm(order.id, { payer_name: '李那', ...differentPayer })) as { refund_id: number };
    expectFailure(await undo(order.id, '   '), 422);
    expect(expectFailure(await undo(order.id, 'wrong name typed', reviewer), 403).error_code).toBe('administrators_only');
    expect((await orderOf(member, order.id)).order_status).toBe(4);

    expect(expectSuccess(await undo(order.id, 'The name was mistyped: 李娜 paid'))).toMatchObject({ order_status: 2 });
    expect(await orderOf(member, order.id)).toMatchObject({ order_status: 2, payment_returned: false });
    expect(await refundsOf(order.id)).toMatchObject([
      { id: String(held.refund_id), status: 'undone', undo_reason: 'The name was mistyped: 李娜 paid' },
    ]);
    expect(await balanceOf(db(), accounts.refundsOwed())).toBe(owedBefore);
    expect(await balanceOf(db(), accounts.remittanceClearing())).toBe(clearingBefore);
    expect(await noticeStatuses(order.id)).toEqual(['pending']);
    expect(await kindsFor(member)).toEqual(expect.arrayContaining(['payment_refunded', 'payment_reopened']));
    expect(expectFailure(await undo(order.id, 'again'), 409, nothingToUndoMessage).error_code).toBe('nothing_to_undo');
    // Not expired while it waits again, however long.
    await expireOrders(db(), testApp.config, new Date(Date.now() + 30 * dayMs));
    expect((await orderOf(member, order.id)).order_status).toBe(2);

    expectSuccess(await confirm(order.id, { payer_name: '李娜' }));
    expect((await orderOf(member, order.id)).order_status).toBe(3);
    const audit = (await db()
      .selectFrom('audit_log')
      .select(['action', 'operator_id'])
      .where('subject_type', '=', 'order')
      .where('subject_id', '=', String(order.id))
      .orderBy('id')
      .execute()) as { action: string }[];
    expect(audit.map((row) => row.action)).toEqual(['order.payer_mismatch', 'order.undo_mismatch', 'order.confirm']);
  });

  it('an undo is refused once the refund was paid out, and after the business day, with nothing changed', async () => {
    const paid = await waitingOrder('赵敏', '1000');
    const { refund_id: refundId } = expectSuccess(await confirm(paid.order.id, { payer_name: '赵明', ...differentPayer })) as {
      refund_id: number;
    };
    expectSuccess(
      await send(testApp.app, 'POST', `admin/v1/refunds/${refundId}/pay`, { token: reviewer, body: { bank_reference: 'OUT-1' } }),
    );
    const owed = await balanceOf(db(), accounts.refundsOwed());
    const refusal = expectFailure(await undo(paid.order.id, 'too late'), 409, refundPaidNoUndoMessage);
    expect(refusal.error_code).toBe('refund_already_paid');
    expect((await orderOf(paid.member, paid.order.id)).order_status).toBe(4);
    expect(await refundsOf(paid.order.id)).toMatchObject([{ status: 'paid' }]);
    expect(await balanceOf(db(), accounts.refundsOwed())).toBe(owed);

    const late = await waitingOrder('钱进', '1000');
    expectSuccess(await confirm(late.order.id, { payer_name: '钱近', ...differentPayer }));
    const operator = await db().selectFrom('operators').select('id').orderBy('id').executeTakeFirstOrThrow();
    await expect(
      undoPaymentDecision(db(), operator.id, String(late.order.id), 'next day', new Date(Date.now() + dayMs)),
    ).rejects.toMatchObject({ statusCode: 409, code: 'undo_day_over', message: undoDayOverMessage });
    expect((await orderOf(late.member, late.order.id)).order_status).toBe(4);
    expect(await refundsOf(late.order.id)).toMatchObject([{ status: 'owed' }]);
  });

  it('a wrongly rejected notice never lets the order expire, and an administrator puts it back the same day', async () => {
    const { member, order } = await waitingOrder('孙丽', '2000');
    expectSuccess(
      await send(testApp.app, 'POST', `admin/v1/orders/${order.id}/reject`, { token: reviewer, body: { reason: '未找到这笔转账' } }),
    );
    expect((await orderOf(member, order.id)).order_status).toBe(1);
    // Three days and more later the schedule leaves it open for a new notice (decision 050)...
    await expireOrders(db(), testApp.config, new Date(Date.now() + 10 * dayMs));
    expect((await orderOf(member, order.id)).order_status).toBe(1);
    // ...while an order nobody sent a notice for still expires.
    const idle = await placeOrder(testApp.app, member, { amount: '500' });
    await expireOrders(db(), testApp.config, new Date(Date.now() + 10 * dayMs));
    expect((await orderOf(member, idle.id)).order_status).toBe(4);

    expectSuccess(await undo(order.id, 'The transfer was on the next statement page'));
    expect(await orderOf(member, order.id)).toMatchObject({ order_status: 2, reject_reason: null });
    expect(await noticeStatuses(order.id)).toEqual(['pending']);
    expectSuccess(await confirm(order.id, { payer_name: '孙丽' }));
    expect((await orderOf(member, order.id)).order_status).toBe(3);
  });

  it('undo is refused for an order with nothing to undo, an unknown order, a member and a stranger', async () => {
    const { member, order } = await waitingOrder('周杰', '1000');
    expectFailure(await undo(order.id, 'nothing'), 409, nothingToUndoMessage);
    expectFailure(await undo(99_999_999, 'nothing'), 404);
    expectFailure(await undo(order.id, 'mine', member.token), 403);
    expectFailure(await send(testApp.app, 'POST', `admin/v1/orders/${order.id}/undo`, { body: { reason: 'x' } }), 401);
    expect((await orderOf(member, order.id)).order_status).toBe(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedMember } from '../../tests/helpers/identity.ts';
import { expectFailure, expectSuccess, registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { notifyPayment, placeOrder, type OrderDetail } from '../../tests/helpers/orders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { uploadPhoto } from '../../tests/helpers/uploads.ts';
import { accounts, balanceOf } from '../ledger/accounts.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { notVerifiedMessage } from '../orders/order.json.ts';
import { notPendingMessage } from '../orders/order.service.ts';
import { notWaitingMessage, payerNameDiffersMessage } from './confirmation.service.ts';

interface AdminNotice {
  id: number;
  status: string;
  account_back_five: string;
  image_path: string;
  remark: string | null;
  order: { id: number; order_number: string; order_status: number; total_amount: number };
  member: { id: number; username: string; realname: string | null; verification_status: string; account_status: string };
}

describe.each(databaseKinds())('payment notices and confirmation on %s', (kind) => {
  let testApp: TestApp;
  let operator: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { REGISTRATIONS_PER_ADDRESS: '100000' });
    operator = await operatorToken(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    const audit = await auditLedger(testApp.database.db);
    expect(audit).toMatchObject({ unbalancedJournals: [], driftedAccounts: [], negativeAccounts: [], total: 0n });
    await testApp.close();
  });

  const getOrder = async (member: Member, id: number) =>
    expectSuccess(await send(testApp.app, 'GET', `v1/order/${id}`, { token: member.token })) as OrderDetail;
  const confirm = (id: number, payerName: string, token = operator) =>
    send(testApp.app, 'POST', `admin/v1/orders/${id}/confirm`, { token, body: { payer_name: payerName, bank_reference: 'BANK-REF-1' } });
  /** Marked on purpose as a payment from someone other than the member (decision 050). */
  const confirmDifferentPayer = (id: number, payerName: string, token = operator) =>
    send(testApp.app, 'POST', `admin/v1/orders/${id}/confirm`, {
      token,
      body: {
        payer_name: payerName,
        bank_reference: 'BANK-REF-1',
        different_payer: true,
        different_payer_reason: 'The statement shows a transfer from the member’s employer',
        payer_bank: 'First Bank',
        payer_account: '6222 0000 1111',
      },
    });
  const reject = (id: number, reason: string, token = operator) =>
    send(testApp.app, 'POST', `admin/v1/orders/${id}/reject`, { token, body: { reason } });
  const queue = async (status = 'pending') =>
    (
      expectSuccess(await send(testApp.app, 'GET', `admin/v1/order-notices?status=${status}`, { token: operator })) as {
        data: AdminNotice[];
      }
    ).data;
  const journalsOf = async (orderId: number) =>
    testApp.database.db
      .selectFrom('ledger_journals')
      .select(['kind', 'idempotency_key'])
      .where('idempotency_key', 'like', `order:${orderId}:%`)
      .execute();
  const accountStatus = async (member: Member) =>
    (await testApp.database.db.selectFrom('users').select('account_status').where('id', '=', member.id).executeTakeFirstOrThrow())
      .account_status;

  /** A verified member with an order waiting for confirmation. */
  async function waitingOrder(realname = 'Chen Jia', amount = '3000') {
    const member = await verifiedMember(testApp.app, testApp.database.db, realname);
    const order = await placeOrder(testApp.app, member, { amount });
    expectSuccess(await notifyPayment(testApp.app, member, order.id), 201);
    return { member, order };
  }

  it('a notice moves the order to waiting confirmation once, with the five digits, photo and remark on the order', async () => {
    const member = await registerMember(testApp.app);
    const order = await placeOrder(testApp.app, member);
    const image = await uploadPhoto(testApp.app, member.token);
    const notice = expectSuccess(
      await send(testApp.app, 'POST', 'v1/orderNotice', {
        token: member.token,
        body: { order_id: order.id, account_back_five: '01234', image, remark: 'Paid at the counter' },
      }),
      201,
    ) as { id: number; order_id: number; status: string; image_path: string; order: OrderDetail };
    expect(notice).toMatchObject({ order_id: order.id, status: 'pending', image_path: `/api/v1/image/${image}` });
    expect(notice.order.order_status).toBe(2);
    const read = await getOrder(member, order.id);
    expect(read.order_status).toBe(2);
    expect(read.order_notice).toEqual({
      account_back_five: '01234',
      image,
      image_path: `/api/v1/image/${image}`,
      remark: 'Paid at the counter',
      // Two accounts take payments and the member named none.
      remittance_account: null,
    });
    expect(read.hold_reason).toBe(notVerifiedMessage);
    expect(expectFailure(await notifyPayment(testApp.app, member, order.id), 409).message).toBe(notPendingMessage);
    expect(
      expectFailure(await send(testApp.app, 'PUT', `v1/order/${order.id}`, { token: member.token, body: { amount: '200' } }), 409).message,
    ).toBe(notPendingMessage);
  });

  it.each([
    ['account_back_five', '1234'],
    ['account_back_five', '123456'],
    ['account_back_five', '12a45'],
    ['account_back_five', ''],
    ['remark', 'x'.repeat(201)],
    ['remark', 'a\u0000b'],
    ['image', 'abc'],
    ['image', 999_999],
    ['order_id', 999_999],
    ['order_id', '<script>'],
  ] as const)('refuses %s = %j with 422, the order still pending', async (field, value) => {
    const member = await registerMember(testApp.app);
    const order = await placeOrder(testApp.app, member);
    const body = expectFailure(await notifyPayment(testApp.app, member, order.id, { [field]: value }), 422);
    expect(Object.keys(body.errors as object)).toContain(field);
    expect((await getOrder(member, order.id)).order_status).toBe(1);
  });

  it('refuses another member’s photo as proof', async () => {
    const member = await registerMember(testApp.app);
    const stranger = await registerMember(testApp.app);
    const order = await placeOrder(testApp.app, member);
    const body = expectFailure(
      await notifyPayment(testApp.app, member, order.id, { image: await uploadPhoto(testApp.app, stranger.token) }),
      422,
    );
    expect(Object.keys(body.errors as object)).toEqual(['image']);
    expect((await getOrder(member, order.id)).order_status).toBe(1);
  });

  it('the queue shows order, member name, five digits and photo; confirming posts clearing → order sales and pays the order off', async () => {
    const { member, order } = await waitingOrder('Chen Jia', '3000.5');
    const item = (await queue()).find((notice) => notice.order.id === order.id);
    expect(item).toMatchObject({
      status: 'pending',
      account_back_five: '12345',
      image_path: expect.stringMatching(/^\/api\/v1\/image\/\d+$/),
      order: { order_number: order.order_number, order_status: 2, total_amount: 3000.5 },
      member: { id: member.id, username: member.username, realname: 'Chen Jia', verification_status: 'approved', account_status: 'active' },
    });
    expect((await getOrder(member, order.id)).hold_reason).toBeNull();
    const photo = await testApp.app.inject({
      method: 'GET',
      url: item?.image_path ?? '',
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);

    const salesBefore = await balanceOf(testApp.database.db, accounts.orderSales());
    expectSuccess(await confirm(order.id, '  chen   JIA '));
    const paid = await getOrder(member, order.id);
    expect(paid).toMatchObject({ order_status: 3, reject_reason: null });
    expect(paid.paid_at).not.toBeNull();
    expect(paid.order_notice?.account_back_five).toBe('12345');
    expect(await balanceOf(testApp.database.db, accounts.orderSales())).toBe(salesBefore + 30_005_000n);
    expect(await journalsOf(order.id)).toEqual([{ kind: 'order_payment', idempotency_key: `order:${order.id}:confirm` }]);
    // The member's wallet is not a purchase: nothing lands there.
    expect(await balanceOf(testApp.database.db, accounts.memberMain(member.id))).toBe(0n);
    expect((await queue('confirmed')).some((notice) => notice.order.id === order.id)).toBe(true);
    expect(expectFailure(await confirm(order.id, 'Chen Jia'), 409).message).toBe(notWaitingMessage);
    expect(expectFailure(await reject(order.id, 'late'), 409).message).toBe(notWaitingMessage);

    const audit = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/audit', { token: operator })) as {
      data: { action: string; subject_id: string; before: { status: number }; after: { status: number; payer_name: string } }[];
    };
    const entry = audit.data.find((row) => row.action === 'order.confirm' && row.subject_id === String(order.id));
    expect(entry?.before.status).toBe(2);
    expect(entry?.after).toMatchObject({ status: 3, payer_name: 'chen   JIA' });
  });

  it('a payer who is not the member, marked so: nothing credited to the sale, a refund owed to the payer’s account, the order cancelled, the member not suspended', async () => {
    const { member, order } = await waitingOrder('Wang Fang', '5000');
    const { db } = testApp.database;
    const [salesBefore, owedBefore] = [await balanceOf(db, accounts.orderSales()), await balanceOf(db, accounts.refundsOwed())];
    const body = expectFailure(await confirm(order.id, 'Someone Else'), 409, payerNameDiffersMessage);
    expect(body).toMatchObject({ error_code: 'payer_name_differs', detail: { payer_name: 'Someone Else', verified_name: 'Wang Fang' } });
    expect((await getOrder(member, order.id)).order_status).toBe(2);
    const held = expectSuccess(await confirmDifferentPayer(order.id, 'Someone Else')) as { order_status: number; refund_id: number };
    expect(held.order_status).toBe(4);
    expect(await balanceOf(db, accounts.orderSales())).toBe(salesBefore);
    expect(await balanceOf(db, accounts.refundsOwed())).toBe(owedBefore + 50_000_000n);
    const refunds = await db.selectFrom('refunds').selectAll().where('order_id', '=', String(order.id)).execute();
    expect(refunds).toMatchObject([
      {
        id: String(held.refund_id),
        payer_name: 'Someone Else',
        payer_bank: 'First Bank',
        payer_account: '6222 0000 1111',
        amount: '50000000',
        status: 'owed',
        user_id: member.id,
      },
    ]);
    expect(await journalsOf(order.id)).toEqual([]);
    expect(
      await db.selectFrom('ledger_journals').select('kind').where('idempotency_key', '=', `refund:${held.refund_id}:owed`).execute(),
    ).toEqual([{ kind: 'order_payment_refund_owed' }]);
    expect(await accountStatus(member)).toBe('active');
    const cancelled = await getOrder(member, order.id);
    expect(cancelled).toMatchObject({ order_status: 4, reject_reason: null, paid_at: null });
    expect(expectFailure(await confirm(order.id, 'Wang Fang'), 409).message).toBe(notWaitingMessage);
    expect((await queue('refunded')).find((notice) => notice.order.id === order.id)?.member.account_status).toBe('active');
    const audit = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/audit', { token: operator })) as {
      data: { action: string; subject_id: string; after: { account_status: string; refund_id: string; payer_bank: string } }[];
    };
    expect(audit.data.find((row) => row.action === 'order.payer_mismatch' && row.subject_id === String(order.id))?.after).toMatchObject({
      account_status: 'active',
      payer_bank: 'First Bank',
    });
  });

  it('an owed refund is listed and, once sent back, paid out of refunds owed exactly once', async () => {
    const { member, order } = await waitingOrder('He Ping', '1234.5678');
    const { db } = testApp.database;
    const refundId = (expectSuccess(await confirmDifferentPayer(order.id, 'Stranger Payer')) as { refund_id: number }).refund_id;
    const owed = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/refunds?status=owed', { token: operator })) as {
      data: { id: number; order_id: number; payer_name: string; amount: number; status: string; member: { id: number } }[];
    };
    expect(owed.data.find((refund) => refund.id === refundId)).toMatchObject({
      order_id: order.id,
      payer_name: 'Stranger Payer',
      payer_bank: 'First Bank',
      payer_account: '6222 0000 1111',
      amount: 1234.5678,
      status: 'owed',
      member: { id: member.id },
    });
    const owedBefore = await balanceOf(db, accounts.refundsOwed());
    const pay = () =>
      send(testApp.app, 'POST', `admin/v1/refunds/${refundId}/pay`, { token: operator, body: { bank_reference: 'OUT-77' } });
    const responses = await Promise.all([pay(), pay()]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(db, accounts.refundsOwed())).toBe(owedBefore - 12_345_678n);
    const paid = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/refunds?status=paid', { token: operator })) as {
      data: { id: number }[];
    };
    expect(paid.data.map((refund) => refund.id)).toContain(refundId);
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/refunds', { token: member.token }), 403);
    expectFailure(
      await send(testApp.app, 'POST', 'admin/v1/refunds/99999999/pay', { token: operator, body: { bank_reference: 'x' } }),
      404,
    );
  });

  it('an unverified member’s payment cannot be confirmed: 409 with the message the member also sees, nothing changes', async () => {
    const member = await registerMember(testApp.app);
    const order = await placeOrder(testApp.app, member);
    expectSuccess(await notifyPayment(testApp.app, member, order.id), 201);
    expect(expectFailure(await confirm(order.id, 'Anyone'), 409).message).toBe(notVerifiedMessage);
    const waiting = await getOrder(member, order.id);
    expect(waiting).toMatchObject({ order_status: 2, hold_reason: notVerifiedMessage });
    expect(await journalsOf(order.id)).toEqual([]);
    expect(await accountStatus(member)).toBe('active');
    expect(await testApp.database.db.selectFrom('refunds').select('id').where('order_id', '=', String(order.id)).execute()).toEqual([]);
  });

  it('a rejected notice returns the order to pending payment with the reason; the member notifies again', async () => {
    const { member, order } = await waitingOrder('Li Wei');
    expectFailure(await reject(order.id, '   '), 422);
    expectSuccess(await reject(order.id, 'No transfer with these digits arrived'));
    const pending = await getOrder(member, order.id);
    expect(pending).toMatchObject({ order_status: 1, reject_reason: 'No transfer with these digits arrived', order_notice: null });
    expect((await queue('rejected')).some((notice) => notice.order.id === order.id)).toBe(true);
    expectSuccess(await send(testApp.app, 'PUT', `v1/order/${order.id}`, { token: member.token, body: { amount: '3500' } }));
    expectSuccess(await notifyPayment(testApp.app, member, order.id, { account_back_five: '99999' }), 201);
    const again = await getOrder(member, order.id);
    expect(again).toMatchObject({ order_status: 2, reject_reason: null, order_notice: { account_back_five: '99999' } });
    expectSuccess(await confirm(order.id, 'Li Wei'));
    expect((await getOrder(member, order.id)).order_status).toBe(3);
    expect(await balanceOf(testApp.database.db, accounts.memberMain(member.id))).toBe(0n);
  });

  it('two confirmations racing: exactly one takes effect', async () => {
    const { member, order } = await waitingOrder('Zhao Lei');
    const second = await operatorToken(testApp.app, testApp.database.db);
    const responses = await Promise.all([
      confirm(order.id, 'Zhao Lei'),
      confirm(order.id, 'Zhao Lei', second),
      confirm(order.id, 'Zhao Lei'),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await journalsOf(order.id)).toHaveLength(1);
    expect((await getOrder(member, order.id)).order_status).toBe(3);
  });

  it('a confirmation racing a mismatch report: exactly one takes effect', async () => {
    const { member, order } = await waitingOrder('Sun Yu');
    const responses = await Promise.all([
      confirm(order.id, 'Sun Yu'),
      confirmDifferentPayer(order.id, 'Not Sun'),
      reject(order.id, 'duplicate'),
    ]);
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const status = (await getOrder(member, order.id)).order_status;
    expect(await journalsOf(order.id)).toHaveLength(status === 3 ? 1 : 0);
    const refunds = await testApp.database.db.selectFrom('refunds').select('id').where('order_id', '=', String(order.id)).execute();
    expect(refunds).toHaveLength(status === 4 ? 1 : 0);
  });

  it('operator paths refuse members (403) and strangers (401); a member cannot confirm their own order', async () => {
    const { member, order } = await waitingOrder('Xu Ming');
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/order-notices', { token: member.token }), 403);
    expectFailure(await confirm(order.id, 'Xu Ming', member.token), 403);
    expectFailure(await reject(order.id, 'x', member.token), 403);
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/order-notices'), 401);
    expectFailure(
      await send(testApp.app, 'POST', `admin/v1/orders/${order.id}/confirm`, { body: { payer_name: 'Xu Ming', bank_reference: 'r' } }),
      401,
    );
    expectFailure(await send(testApp.app, 'POST', 'v1/orderNotice', { body: { order_id: order.id } }), 401);
    expect((await getOrder(member, order.id)).order_status).toBe(2);
    expectFailure(
      await send(testApp.app, 'POST', 'admin/v1/orders/99999999/confirm', {
        token: operator,
        body: { payer_name: 'A', bank_reference: 'r' },
      }),
      404,
    );
    expectFailure(
      await send(testApp.app, 'POST', `admin/v1/orders/${order.id}/confirm`, { token: operator, body: { payer_name: '' } }),
      422,
    );
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/order-notices?status=bogus', { token: operator }), 422);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayAgo, dayStart, paidOrder } from '../../tests/helpers/income.ts';
import { addCard, verifiedMember } from '../../tests/helpers/identity.ts';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import { expectFailure, expectSuccess, send } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { notifyPayment, placeOrder } from '../../tests/helpers/orders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { businessDate } from '../db/business-day.ts';
import { pointsToDecimal } from '../shared/money.ts';
import { distributeIncome } from '../distribution/distribution.service.ts';

interface Close {
  day: string;
  time_zone: string;
  movements: { journal_kind: string; account_kind: string; amount: string }[];
  balances: { account_kind: string; engine_room_id: number | null; amount: string }[];
}

/** The rows of a CSV the books write (no field of these tests holds a comma or a quote). */
const rowsOf = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));

/** Sums decimal amounts exactly, as ten-thousandths. */
const total = (amounts: string[]) => amounts.reduce((sum, amount) => sum + BigInt(amount.replace('.', '')), 0n);

describe.each(databaseKinds())("the accountant's books on %s", (kind) => {
  let testApp: TestApp;
  let operator: string;
  let today: string;
  const incomeDay = dayAgo(2);
  let orderNumber: string;
  let username: string;

  beforeAll(async () => {
    testApp = await createTestApp(kind, { WITHDRAWAL_COOLDOWN_HOURS: '0', REVENUE_HOLD_MINUTES: '0' });
    const { app, database } = testApp;
    operator = await operatorToken(app, database.db);
    today = await businessDate(database.db, new Date());

    // Today: a payment confirmed (a Chinese name, which Excel shows only with the byte-order mark) and a withdrawal paid.
    const member = await verifiedMember(app, database.db, '林美');
    username = member.username;
    const order = await placeOrder(app, member, { amount: 1000.5 });
    orderNumber = order.order_number;
    expectSuccess(await notifyPayment(app, member, order.id), 201);
    expectSuccess(
      await send(app, 'POST', `admin/v1/orders/${order.id}/confirm`, {
        token: operator,
        body: { payer_name: '林美', bank_reference: 'REMIT-7' },
      }),
    );
    await fundMember(database.db, member.id, points(500));
    const cardId = await addCard(app, member);
    const held = expectSuccess(
      await send(app, 'POST', 'v1/withdraw', { token: member.token, body: { bankcard_id: cardId, amount: '100' } }),
      201,
    ) as {
      id: number;
    };
    expectSuccess(
      await send(app, 'POST', `admin/v1/withdrawals/${held.id}/pay`, { token: operator, body: { bank_reference: 'PAYOUT-1' } }),
    );

    // Two days ago: a room's revenue shared among two orders.
    const paidAt = new Date((await dayStart(database.db, incomeDay)).getTime() - 3_600_000);
    for (const amount of [3000, 4500]) await paidOrder(database.db, member.id, 1, amount, paidAt);
    const revenue = { business_date: incomeDay, kwh: '10', revenue: '2000', evidence: 'meter' };
    expectSuccess(await send(app, 'POST', 'admin/v1/engine-rooms/1/revenue', { token: operator, body: revenue }), 201);
    await distributeIncome(database.db, testApp.config, { date: incomeDay });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const book = (name: string, from: string, to: string, token = operator) =>
    send(testApp.app, 'GET', `admin/v1/books/${name}.csv?from=${from}&to=${to}`, { token });
  const close = async (day: string) =>
    expectSuccess(await send(testApp.app, 'GET', `admin/v1/books/close?day=${day}`, { token: operator })) as Close;
  const moved = (figures: Close, journalKind: string, accountKind: string) =>
    BigInt(
      figures.movements.find((row) => row.journal_kind === journalKind && row.account_kind === accountKind)?.amount.replace('.', '') ?? '0',
    );

  it('writes payments confirmed with a byte-order mark, decimal amounts and business-zone times, totalling what the ledger received', async () => {
    const response = await book('payments', today, today);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="payments-confirmed-${today}-${today}.csv"`);
    expect(response.body.startsWith('\uFEFForder_number,username,paid_at (')).toBe(true);
    const [, ...rows] = rowsOf(response.body);
    const ours = rows.find((row) => row[0] === orderNumber);
    // 1,000.5 points as members see them, never 10005000; the time as the business zone's clock reads it.
    expect(ours).toEqual([
      orderNumber,
      username,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      '1000.5000',
      '林美',
      'REMIT-7',
    ]);
    expect(total(rows.map((row) => row[3] ?? ''))).toBe(moved(await close(today), 'order_payment', 'order_sales'));
  });

  it('writes withdrawals paid with the bank and the last four digits, totalling what left the held account', async () => {
    const [, ...rows] = rowsOf((await book('withdrawals', today, today)).body);
    expect(rows).toEqual([[expect.any(String), username, expect.any(String), '100.0000', 'Bank of Taiwan', '4567', 'PAYOUT-1']]);
    expect(-total(rows.map((row) => row[3] ?? ''))).toBe(moved(await close(today), 'withdrawal_payout', 'withdrawals_held'));
  });

  it("writes the journal's every entry of the period, each journal balanced, as many entries as the ledger holds", async () => {
    const [header, ...rows] = rowsOf((await book('journal', incomeDay, today)).body);
    expect(header?.[2]).toMatch(/^time \(.+\)$/);
    const byJournal = new Map<string, bigint>();
    for (const row of rows) byJournal.set(row[1] ?? '', (byJournal.get(row[1] ?? '') ?? 0n) + BigInt((row[7] ?? '').replace('.', '')));
    expect([...byJournal.values()].every((sum) => sum === 0n)).toBe(true);
    const counted = await sql<{ entries: number }>`select count(*)::int as entries from ledger_entries`.execute(testApp.database.db);
    // Every entry this test made falls within the two days (the fresh database had none before).
    expect(rows.length).toBe(counted.rows[0]?.entries);
  });

  it('writes income per order and business day, totalling the income records of the day', async () => {
    const [, ...rows] = rowsOf((await book('income', incomeDay, incomeDay)).body);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row[0] === incomeDay && /^\d+\.\d{4}$/.test(row[5] ?? ''))).toBe(true);
    const recorded = await sql<{
      total: string;
    }>`select sum(amount)::text as total from income_records where business_date = ${incomeDay}::date`.execute(testApp.database.db);
    expect(total(rows.map((row) => row[5] ?? ''))).toBe(BigInt(recorded.rows[0]?.total ?? '-1'));
  });

  it("closes a day with the ledger's own figures: members' wallets at the day's end equal their balances", async () => {
    const figures = await close(today);
    expect(figures).toMatchObject({ day: today, time_zone: expect.any(String) });
    const members = await sql<{
      total: string;
    }>`select sum(balance)::text as total from ledger_accounts where kind = 'member_main'`.execute(testApp.database.db);
    const mainWallets = figures.balances.find((row) => row.account_kind === 'member_main');
    expect(mainWallets?.amount).toBe(pointsToDecimal(BigInt(members.rows[0]?.total ?? '0')));
    // Every journal balances, so each day's movements sum to nothing.
    expect(total(figures.movements.map((row) => row.amount))).toBe(0n);
  });

  it('refuses a range that is not one, and anyone but an administrator', async () => {
    for (const [from, to] of [
      [today, incomeDay],
      ['2026-02-30', '2026-03-01'],
      ['2024-01-01', '2025-01-01'],
    ] as const) {
      const body = expectFailure(await book('journal', from, to), 422);
      expect(body.error_code).toBe('books_range_invalid');
    }
    expect((await book('journal', 'yesterday', today)).statusCode).toBe(422);
    const reviewer = await operatorToken(testApp.app, testApp.database.db, undefined, 'reviewer');
    expectFailure(await book('payments', today, today, reviewer), 403);
    expectFailure(await send(testApp.app, 'GET', `admin/v1/books/close?day=${today}`, { token: reviewer }), 403);
    expect((await book('payments', today, today, 'not-a-token')).statusCode).toBe(401);
  });
});

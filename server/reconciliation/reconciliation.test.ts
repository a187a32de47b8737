import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementBytesMax } from '../../contract/reconciliation.ts';
import { verifiedMember } from '../../tests/helpers/identity.ts';
import { expectFailure, expectSuccess, send, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { notifyPayment, placeOrder } from '../../tests/helpers/orders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { formFields } from '../../widgets/admin/shared/form-fields.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';

interface Line {
  id: number | null;
  line: number;
  amount: string | null;
  booked_on: string | null;
  payer_name: string;
  state: string;
  notice: { order_id: number; order_number: string; member: { username: string } } | null;
  confirmed_order: { order_number: string } | null;
}
interface View {
  groups: Record<string, number>;
  lines: { data: Line[]; total: number };
}

const account = 1;
const header = '交易日期,存入金額,對方戶名,摘要,對方帳號';

/** Decision 059: a bank statement confirms a payment only where amount, last five digits and the payer's name all agree. */
describe.each(databaseKinds())('bank reconciliation on %s', (kind) => {
  let testApp: TestApp;
  let reviewer: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { REGISTRATIONS_PER_ADDRESS: '100000' });
    reviewer = await operatorToken(testApp.app, testApp.database.db, undefined, 'reviewer');
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
  const post = (url: string, body: Record<string, unknown>, token = reviewer) =>
    send(testApp.app, 'POST', url, { token, body, json: true });
  const file = (csv: string, extra: Record<string, unknown> = {}) => ({
    remittance_account_id: account,
    file_name: 'statement.csv',
    csv,
    ...extra,
  });
  const view = async (id: number, show = 'matched') =>
    expectSuccess(await send(testApp.app, 'GET', `admin/v1/bank-statements/${id}?show=${show}`, { token: reviewer })) as View;
  const orderStatusOf = async (member: Member, id: number) =>
    (expectSuccess(await send(testApp.app, 'GET', `v1/order/${id}`, { token: member.token })) as { order_status: number }).order_status;

  async function waiting(realname: string, amount: string, backFive: string) {
    const member = await verifiedMember(testApp.app, db(), realname);
    const order = await placeOrder(testApp.app, member, { amount });
    expectSuccess(await notifyPayment(testApp.app, member, order.id, { account_back_five: backFive }), 201);
    return { member, order };
  }

  it('matches two notices, leaves a different name unmatched, confirms both in one step and never twice', async () => {
    const wang = await waiting('王磊', '20011', '12345');
    const li = await waiting('李娜', '30013', '67890');
    const zhang = await waiting('张伟', '50017', '24680');
    const csv = [
      header,
      '2026/11/27,"20,011.00",王磊,IN-001,6222 0000 1234 5',
      '2026/11/27,30013,李娜,IN-002,6222000067890',
      '2026/11/27,50017,张小伟,IN-003,6222000024680',
      '2026/11/27,-1500,电费,OUT-1,',
      '2026/11/28,777,陌生人,IN-004,6222000011111',
    ].join('\r\n');

    // The preview guesses the columns from the header and stores nothing.
    const preview = expectSuccess(await post('admin/v1/bank-statements/preview', file(csv))) as {
      mapping: { columns: Record<string, string>; date_order: string };
      problem: string | null;
      counts: Record<string, number>;
      lines: Line[];
    };
    expect(preview.mapping).toEqual({
      columns: { booked_on: '交易日期', amount: '存入金額', payer_name: '對方戶名', reference: '摘要', payer_account: '對方帳號' },
      date_order: 'ymd',
    });
    expect(preview.problem).toBeNull();
    expect(preview.counts).toMatchObject({ matched: 2, name_differs: 1, not_credit: 1, no_notice: 1 });
    expect(preview.lines[0]).toMatchObject({
      id: null,
      amount: '20011.0000',
      state: 'matched',
      notice: { order_number: wang.order.order_number },
    });
    expect(await db().selectFrom('bank_statement_lines').select('id').execute()).toEqual([]);

    const imported = expectSuccess(await post('admin/v1/bank-statements', file(csv)), 201) as {
      statement: { id: number; lines_total: number };
    };
    expect(imported.statement.lines_total).toBe(5);
    // The same file again adds nothing.
    expect(expectFailure(await post('admin/v1/bank-statements', file(csv)), 409).error_code).toBe('statement_imported_before');

    const matched = await view(imported.statement.id);
    expect(matched.groups).toEqual({ matched: 2, unmatched: 2, confirmed: 0, skipped: 1 });
    expect(matched.lines.data.map((line) => line.notice?.order_number)).toEqual([wang.order.order_number, li.order.order_number]);
    expect((await view(imported.statement.id, 'unmatched')).lines.data).toMatchObject([
      { payer_name: '张小伟', state: 'name_differs' },
      { payer_name: '陌生人', state: 'no_notice' },
    ]);

    const pairs = matched.lines.data.map((line) => ({ line_id: line.id, order_id: line.notice?.order_id }));
    const results = expectSuccess(await post(`admin/v1/bank-statements/${imported.statement.id}/confirm`, { lines: pairs })) as {
      outcome: string;
      order_number: string;
    }[];
    expect(results.map((result) => result.outcome)).toEqual(['confirmed', 'confirmed']);
    expect(await orderStatusOf(wang.member, wang.order.id)).toBe(3);
    expect(await orderStatusOf(li.member, li.order.id)).toBe(3);
    expect(await orderStatusOf(zhang.member, zhang.order.id)).toBe(2);

    // Each confirmation is the ordinary one: audited with the statement line and the bank's reference, and told to the member.
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('subject_type', '=', 'order')
      .where('subject_id', '=', String(wang.order.id))
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('order.confirm');
    expect(audit.after).toMatchObject({ payer_name: '王磊', bank_reference: 'IN-001', statement_line_id: String(pairs[0]?.line_id) });
    const told = await db().selectFrom('notifications').select('kind').where('user_id', '=', wang.member.id).execute();
    expect(told.map((row) => row.kind)).toContain('payment_confirmed');

    // Sent again (a double click), nothing is confirmed twice.
    const again = expectSuccess(await post(`admin/v1/bank-statements/${imported.statement.id}/confirm`, { lines: pairs })) as {
      outcome: string;
    }[];
    expect(again.map((result) => result.outcome)).toEqual(['changed', 'changed']);
    const after = await view(imported.statement.id, 'confirmed');
    expect(after.groups).toEqual({ matched: 0, unmatched: 2, confirmed: 2, skipped: 1 });
    expect(after.lines.data.map((line) => line.confirmed_order?.order_number)).toEqual([wang.order.order_number, li.order.order_number]);
    expect(after.lines.data.map((line) => line.booked_on)).toEqual(['2026-11-27', '2026-11-27']);
    const journals = await db()
      .selectFrom('ledger_journals')
      .select('id')
      .where('idempotency_key', '=', `order:${wang.order.id}:confirm`)
      .execute();
    expect(journals).toHaveLength(1);

    // The mapping is remembered for the account, and the import is in the audit log.
    const accounts = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/bank-statement-accounts', { token: reviewer })) as {
      id: number;
      mapping: unknown;
    }[];
    expect(accounts.find((row) => row.id === account)?.mapping).toEqual(preview.mapping);
    const importAudit = await db().selectFrom('audit_log').select('action').where('subject_type', '=', 'bank_statement').execute();
    expect(importAudit).toEqual([{ action: 'bank_statement.import' }]);
  });

  it('leaves to an operator what fits loosely: other digits, two lines for one notice, two notices for one line, an order shown but changed', async () => {
    const one = await waiting('赵敏', '40019', '11223');
    const twinA = await waiting('周杰', '40023', '55667');
    const twinB = await waiting('周杰', '40023', '55667');
    const csv = [
      header,
      '2026-11-27,40019,赵敏,IN-10,6222000099999',
      '2026-11-27,40019,赵敏,IN-11,6222000011223',
      '2026-11-27,40019,赵敏,IN-12,6222000011223',
      '2026-11-27,40023,周杰,IN-13,6222000055667',
    ].join('\n');
    const imported = expectSuccess(await post('admin/v1/bank-statements', file(csv)), 201) as { statement: { id: number } };
    const unmatched = await view(imported.statement.id, 'unmatched');
    expect(unmatched.lines.data.map((line) => line.state)).toEqual(['digits_differ', 'several_lines', 'several_lines', 'several_notices']);
    // A pair the client names that is not a match now is left alone.
    const [line] = unmatched.lines.data;
    const results = expectSuccess(
      await post(`admin/v1/bank-statements/${imported.statement.id}/confirm`, { lines: [{ line_id: line?.id, order_id: one.order.id }] }),
    ) as { outcome: string }[];
    expect(results).toMatchObject([{ outcome: 'changed' }]);
    for (const { member, order } of [one, twinA, twinB]) expect(await orderStatusOf(member, order.id)).toBe(2);
  });

  it('two operators confirming the same pair at once confirm it once', async () => {
    const { member, order } = await waiting('孙丽', '40031', '33445');
    const imported = expectSuccess(
      await post('admin/v1/bank-statements', file(`${header}\n2026-11-27,40031,孙丽,IN-20,6222000033445`)),
      201,
    ) as {
      statement: { id: number };
    };
    const [line] = (await view(imported.statement.id)).lines.data;
    const body = { lines: [{ line_id: line?.id, order_id: order.id }] };
    const both = await Promise.all([1, 2].map(() => post(`admin/v1/bank-statements/${imported.statement.id}/confirm`, body)));
    const outcomes = both.map((response) => (expectSuccess(response) as { outcome: string }[])[0]?.outcome).sort();
    expect(outcomes).toEqual(['changed', 'confirmed']);
    expect(await orderStatusOf(member, order.id)).toBe(3);
  });

  it('reads a semicolon-separated statement, and confirms a payer the bank prints masked (王*明) but not one it hides too much of', async () => {
    const masked = await waiting('周小明', '40043', '55667');
    const hidden = await waiting('吴美玲', '40047', '55668');
    const csv = [
      header.replaceAll(',', ';'),
      '2026-11-27;40043;周*明;IN-30;6222000055667',
      '2026-11-27;40047;吴**;IN-31;6222000055668',
    ].join('\n');
    const imported = expectSuccess(await post('admin/v1/bank-statements', file(csv)), 201) as { statement: { id: number } };
    const [line] = (await view(imported.statement.id)).lines.data;
    expect(line).toMatchObject({ payer_name: '周*明', state: 'matched', notice: { order_number: masked.order.order_number } });
    expect((await view(imported.statement.id, 'unmatched')).lines.data).toMatchObject([{ payer_name: '吴**', state: 'name_differs' }]);
    const body = { lines: [{ line_id: line?.id, order_id: masked.order.id }] };
    expect(expectSuccess(await post(`admin/v1/bank-statements/${imported.statement.id}/confirm`, body))).toMatchObject([
      { outcome: 'confirmed' },
    ]);
    expect(await orderStatusOf(masked.member, masked.order.id)).toBe(3);
    expect(await orderStatusOf(hidden.member, hidden.order.id)).toBe(2);
    // Typed into the payment queue, a masked name is not the verified name: the queue compares names whole.
    const typed = await waiting('郑小华', '40051', '55669');
    const refused = await post(`admin/v1/orders/${typed.order.id}/confirm`, { payer_name: '郑*华', bank_reference: 'IN-32' });
    expect(expectFailure(refused, 409).error_code).toBe('payer_name_differs');
  });

  it('shows a line whose payment an operator confirmed by hand in the payments queue as settled, not as money nobody accounted for', async () => {
    const { member, order } = await waiting('冯晓', '40061', '24680');
    const imported = expectSuccess(
      await post('admin/v1/bank-statements', file(`${header}\n2026-11-27,40061,冯晓,IN-40,6222000024680`)),
      201,
    ) as { statement: { id: number } };
    expect((await view(imported.statement.id)).lines.data).toMatchObject([{ state: 'matched' }]);
    expectSuccess(await post(`admin/v1/orders/${order.id}/confirm`, { payer_name: '冯晓', bank_reference: 'IN-40' }));
    expect(await orderStatusOf(member, order.id)).toBe(3);

    const settled = await view(imported.statement.id, 'confirmed');
    expect(settled.lines.data).toMatchObject([{ state: 'confirmed_by_hand', notice: { order_number: order.order_number } }]);
    expect((await view(imported.statement.id, 'unmatched')).lines.data).toEqual([]);
    // It is not offered for confirming again.
    const again = { lines: [{ line_id: settled.lines.data[0]?.id, order_id: order.id }] };
    expect(expectSuccess(await post(`admin/v1/bank-statements/${imported.statement.id}/confirm`, again))).toMatchObject([
      { outcome: 'changed' },
    ]);
    // A credit no confirmed notice fits stays for an operator.
    const stray = expectSuccess(
      await post('admin/v1/bank-statements', file(`${header}\n2026-11-27,40061,冯晓,IN-41,6222000099999`)),
      201,
    ) as { statement: { id: number } };
    expect((await view(stray.statement.id, 'unmatched')).lines.data).toMatchObject([{ state: 'no_notice' }]);
  });

  it('reads dates as the bank writes them once the operator says how', async () => {
    const { member, order } = await waiting('钱进', '40037', '77889');
    const csv = ['日期,金額,戶名,備註', '115/11/27,NT$ 40037,钱进,匯款 6222000077889'].join('\n');
    const mapping = { columns: { booked_on: '日期', amount: '金額', payer_name: '戶名', reference: '備註' }, date_order: 'roc' };
    // Sent as the back office sends it: form-encoded, the mapping in brackets.
    const form = formFields(file(csv, { remittance_account_id: 2, mapping }));
    const preview = expectSuccess(await send(testApp.app, 'POST', 'admin/v1/bank-statements/preview', { token: reviewer, body: form })) as {
      lines: { booked_on: string; state: string }[];
    };
    // With no account column, the last five digits are read from the reference.
    expect(preview.lines).toMatchObject([{ booked_on: '2026-11-27', state: 'matched' }]);
    expectSuccess(await post('admin/v1/bank-statements', file(csv, { remittance_account_id: 2, mapping })), 201);
    // The next file of that account opens with the mapping remembered.
    const next = expectSuccess(
      await post('admin/v1/bank-statements/preview', file(`${csv}\n115/11/28,500,某人,x`, { remittance_account_id: 2 })),
    ) as { mapping: unknown; counts: Record<string, number> };
    expect(next.mapping).toEqual(mapping);
    expect(next.counts).toMatchObject({ imported_before: 1, no_notice: 1 });
    expect(await orderStatusOf(member, order.id)).toBe(2);
  });

  it('refuses what it cannot read, with a reason, and stores nothing', async () => {
    const before = await db().selectFrom('bank_statements').select('id').execute();
    const unmapped = { columns: { booked_on: 'Date', amount: 'Amount', payer_name: 'Name', reference: 'Nope' }, date_order: 'ymd' };
    const csv = 'Date,Amount,Name,Ref\n2026-11-27,100,A B,x';
    const preview = expectSuccess(await post('admin/v1/bank-statements/preview', file(csv, { mapping: unmapped }))) as {
      problem: string;
      header: string[];
    };
    expect(preview).toMatchObject({ problem: 'mapping', header: ['Date', 'Amount', 'Name', 'Ref'] });
    expect(expectFailure(await post('admin/v1/bank-statements', file(csv, { mapping: unmapped })), 422).error_code).toBe(
      'statement_columns_unmapped',
    );
    expect(expectFailure(await post('admin/v1/bank-statements', file('Date,Amount\n"2026', {})), 422).error_code).toBe(
      'statement_unreadable',
    );
    const bad = expectSuccess(
      await post('admin/v1/bank-statements/preview', file('Date,Amount,Name,Ref\n2026-02-30,1.23456,,x\n2026-11-27,abc,Z Y,y')),
    ) as { lines: { problems: string[]; state: string }[] };
    expect(bad.lines).toMatchObject([
      { state: 'bad', problems: ['date_invalid', 'amount_invalid', 'payer_missing'] },
      { state: 'bad', problems: ['amount_invalid'] },
    ]);
    const big = `Date,Amount,Name,Ref\n${'2026-11-27,1,A,x\n'.repeat(statementBytesMax / 16)}`;
    expect(expectFailure(await post('admin/v1/bank-statements/preview', file(big)), 413).error_code).toBe('statement_too_large');
    expect(expectFailure(await post('admin/v1/bank-statements/preview', file(csv, { remittance_account_id: 9999 })), 404).error_code).toBe(
      'receiving_account_not_found',
    );
    expect(expectFailure(await send(testApp.app, 'GET', 'admin/v1/bank-statements/999999', { token: reviewer }), 404).error_code).toBe(
      'statement_not_found',
    );
    expect(await db().selectFrom('bank_statements').select('id').execute()).toEqual(before);
  });

  it('is for operators only', async () => {
    const member = await verifiedMember(testApp.app, db(), '吴昊');
    const response = await send(testApp.app, 'GET', 'admin/v1/bank-statements', { token: member.token });
    expect([401, 403]).toContain(response.statusCode);
    const listed = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/bank-statements', { token: reviewer })) as { total: number };
    expect(listed.total).toBeGreaterThan(0);
  });
});

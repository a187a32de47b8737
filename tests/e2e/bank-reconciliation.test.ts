import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zhs from '../../locales/zhs.json' with { type: 'json' };
import { accessibilityViolations, newVisitor, pressAndConfirm } from '../helpers/browser.ts';
import { ProductApi, runAdmin } from '../helpers/product-api.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

const operatorName = 'statement_operator';
const operatorPassword = 'a long operator passphrase';
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

interface Waiting {
  member: { token: string; id: number };
  order: { id: number; order_number: string };
}

/**
 * Bank reconciliation in the back office (decision 059), at a laptop's 1366×768 in simplified
 * Chinese: three members notify payments; the bank's statement file (Traditional Chinese headers,
 * as a Taiwanese bank exports it) holds two credits that match and one from a payer whose name is
 * not the member's; the operator imports it, confirms the two matched pairs in one step, and the
 * third line stays listed with its reason. Reload and Back keep the place.
 */
describe('bank reconciliation: a statement confirms two notices and leaves one line unmatched', () => {
  let product: ProductServer;
  let api: ProductApi;
  let operator: string;
  const waiting: Waiting[] = [];

  before(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-statement-'));
    await runAdmin(dataDir, ['create-operator', operatorName], { OPERATOR_PASSWORD: operatorPassword });
    product = await startProduct({}, dataDir);
    api = new ProductApi(product.baseUrl);
    operator = await api.operatorLogin(operatorName, operatorPassword);
    const stamp = Date.now().toString(36);
    for (const [index, [realname, amount, digits]] of (
      [
        ['王磊', 3000, '11111'],
        ['李娜', 4000, '22222'],
        ['张伟', 5000, '33333'],
      ] as const
    ).entries()) {
      const member = await api.verifiedMember(operator, `stmt${index}_${stamp}`, 'sun2026', realname);
      const order = await api.call<{ id: number; order_number: string }>('POST', 'v1/order', member.token, {
        item_content: [{ product_id: 1, count: 1 }],
        delivery_method_id: 1,
        engine_room_id: 1,
        payment_method_id: 1,
        amount,
      });
      await api.call('POST', 'v1/orderNotice', member.token, {
        order_id: order.id,
        account_back_five: digits,
        image: await api.uploadPhoto(member.token),
      });
      waiting.push({ member, order });
    }
  });
  after(async () => {
    await product.dispose();
  });

  const statusOf = async ({ member, order }: Waiting) =>
    (await api.call<{ order_status: number }>('GET', `v1/order/${order.id}`, member.token)).order_status;

  test('the operator imports the statement, confirms the matched pairs at once, and the other line stays', async () => {
    const desk = await newVisitor();
    try {
      const { page } = desk;
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.goto(`${product.baseUrl}/admin`);
      await page.getByLabel(zhs.admin_username).fill(operatorName);
      await page.getByLabel(zhs.admin_password).fill(operatorPassword);
      await page.getByRole('button', { name: zhs.admin_login }).click();
      await page.getByRole('button', { name: zhs.admin_statements, exact: true }).click();

      const csv = [
        '交易日期,存入金額,對方戶名,摘要,對方帳號',
        '2026/11/27,"3,000.00",王磊,匯款 A1,812-0000-11111',
        '2026/11/27,4000,李娜,匯款 A2,812-0000-22222',
        '2026/11/27,5000,張偉,匯款 A3,812-0000-33333',
        '2026/11/27,-120,手續費,FEE,',
      ].join('\r\n');
      await page.getByLabel(zhs.admin_stmt_account).selectOption({ index: 1 });
      await page.getByLabel(zhs.admin_stmt_file).setInputFiles({ name: '11月對帳單.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByText(fill(zhs.admin_stmt_preview_summary, { total: 4, matched: 2, unmatched: 1, before: 0, skipped: 1 })).waitFor();
      // The columns were guessed from the bank's own header names.
      assert.equal(await page.getByLabel(zhs.admin_stmt_column_payer_name).inputValue(), '對方戶名');
      assert.deepEqual(await accessibilityViolations(page), []);

      await page.getByRole('button', { name: zhs.admin_stmt_import_button }).click();
      await page.getByRole('button', { name: fill(zhs.admin_stmt_group_matched, { count: 2 }) }).waitFor();
      const [wang, li, zhang] = waiting;
      await page.getByRole('cell', { name: new RegExp(wang?.order.order_number ?? '-') }).waitFor();
      await page.getByRole('cell', { name: new RegExp(li?.order.order_number ?? '-') }).waitFor();
      assert.equal(await page.getByRole('cell', { name: '2026-11-27', exact: true }).count(), 2);
      assert.deepEqual(await accessibilityViolations(page), []);

      await pressAndConfirm(page, fill(zhs.admin_stmt_confirm, { count: 2 }));
      await page.getByText(fill(zhs.admin_stmt_confirm_result, { confirmed: 2, changed: 0, refused: 0 })).waitFor();
      assert.deepEqual(await Promise.all(waiting.map(statusOf)), [3, 3, 2]);
      // The payments queue's badge follows at once: one notice still waits.
      await page
        .getByRole('button', { name: new RegExp(`^${zhs.admin_notices}`) })
        .getByText(fill(zhs.admin_work_waiting, { count: 1 }))
        .waitFor({ state: 'attached' });
      assert.ok(zhang !== undefined);

      // The line whose payer is not the member stays, saying why; a reload keeps the place.
      await page.getByRole('button', { name: fill(zhs.admin_stmt_group_unmatched, { count: 1 }) }).click();
      await page.getByRole('cell', { name: zhs.admin_stmt_state_name_differs }).waitFor();
      await page.reload();
      await page.getByRole('cell', { name: zhs.admin_stmt_state_name_differs }).waitFor();
      assert.match(page.url(), /#statements\?statement=\d+&show=unmatched$/);
      await page.goBack();
      await page.getByText(zhs.admin_stmt_group_empty).waitFor();
      assert.match(page.url(), /#statements\?statement=\d+$/);
      await page.getByRole('button', { name: fill(zhs.admin_stmt_group_confirmed, { count: 2 }) }).click();
      await page.getByRole('cell', { name: wang?.order.order_number ?? '-' }).waitFor();
      assert.deepEqual(await accessibilityViolations(page), []);
    } finally {
      await desk.close();
    }
  });
});

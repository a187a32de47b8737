import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import eng from '../../locales/eng.json' with { type: 'json' };
import { dateInZone } from '../../server/db/business-day.ts';
import { accessibilityViolations, newVisitor, pressAndConfirm } from '../helpers/browser.ts';
import { ProductApi, runAdmin } from '../helpers/product-api.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

const operatorName = 'revenue_operator';
const operatorPassword = 'a long operator passphrase';
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/**
 * Meter data by CSV in the back office (decision 028): a member owns 2 units of a room of 40; the
 * operator imports a file of two good rows and one for a room that does not exist; the preview
 * names the bad row and records nothing; the confirmation records the good rows; the day's
 * distribution then pays the member 2/40 of 8,000 less the 10 % fee, exactly 360, and the screen
 * explains it.
 */
describe('revenue by CSV: one bad row refused, the good rows recorded and shared out', () => {
  let product: ProductServer;
  let api: ProductApi;
  let member: { token: string; id: number };
  const today = dateInZone(new Date(), 'Asia/Taipei');

  before(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-revenue-'));
    await runAdmin(dataDir, ['create-operator', operatorName], { OPERATOR_PASSWORD: operatorPassword });
    product = await startProduct({}, dataDir);
    api = new ProductApi(product.baseUrl);
    const operator = await api.operatorLogin(operatorName, operatorPassword);
    await api.call('PUT', 'admin/v1/engine-rooms/2/capacity', operator, { capacity_units: 40, reason: 'panels counted on site' });
    member = await api.verifiedMember(operator, `meter_${Date.now().toString(36)}`, 'sun2026');
    await api.paidOrder(operator, member, 2, 2 * 15_000_000);
  });
  after(async () => {
    await product.dispose();
  });

  test('the operator previews, confirms with a reason, distributes the day and reads why each order earned', async () => {
    const desk = await newVisitor();
    try {
      const { page } = desk;
      await page.goto(`${product.baseUrl}/eng/admin`);
      await page.getByLabel(eng.admin_username).fill(operatorName);
      await page.getByLabel(eng.admin_password).fill(operatorPassword);
      await page.getByRole('button', { name: eng.admin_login }).click();
      await page.getByRole('button', { name: eng.admin_revenue, exact: true }).click();

      const csv = [
        'room,business_date,kwh,revenue,evidence',
        `2,${today},3000,8000,meter 2`,
        `999,${today},10,5,`,
        `1,${today},100.5,12.3456,`,
      ].join('\n');
      await page
        .getByLabel(eng.admin_rev_import_file)
        .setInputFiles({ name: 'meters.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: eng.admin_rev_import_preview }).click();
      const bad = page.locator('table', { has: page.locator('caption', { hasText: eng.admin_rev_import_bad_caption }) });
      await bad.getByText(eng.admin_rev_problem_room_unknown).waitFor();
      assert.equal(await bad.locator('tbody tr').count(), 1);
      assert.equal((await bad.locator('tbody th').textContent())?.trim(), '3');
      assert.deepEqual(await accessibilityViolations(page), []);

      await page.getByLabel(eng.admin_rev_import_reason).fill('November meter readings');
      await page.getByRole('button', { name: fill(eng.admin_rev_import_confirm, { ok: 2 }) }).click();
      await page.getByText(fill(eng.admin_rev_import_done, { ok: 2, before: 0, bad: 1 })).waitFor();
      await page.getByRole('cell', { name: 'meter 2' }).waitFor();

      await page.locator('#gs-revenue-day').fill(today);
      await pressAndConfirm(page, eng.admin_distribute);
      await page.getByText(fill(eng.admin_distributed, { total: '360.0000', orders: 1 })).waitFor();

      const row = page.getByRole('row', { name: /meter 2/ });
      await row.getByRole('button', { name: eng.admin_rev_explain }).click();
      const explained = page.locator('section', { has: page.getByRole('heading', { name: eng.admin_rev_explain_title }) });
      await explained.getByText(eng.admin_rev_state_finished, { exact: true }).waitFor();
      await explained.getByRole('rowheader', { name: eng.admin_rev_outcome_paid }).first().waitFor();
      await explained.getByText('7,200.0000').waitFor();
      assert.deepEqual(await accessibilityViolations(page), []);
    } finally {
      await desk.close();
    }
    const records = await api.call<{ data: { amount: number }[] }>('GET', 'v1/interest', member.token);
    assert.deepEqual(
      records.data.map((record) => record.amount),
      [360],
    );
  });
});

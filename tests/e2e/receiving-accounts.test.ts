import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import eng from '../../locales/eng.json' with { type: 'json' };
import { accessibilityViolations, failNextRequest, newVisitor } from '../helpers/browser.ts';
import { ProductApi, runAdmin } from '../helpers/product-api.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

const operatorName = 'accounts_operator';
const operatorPassword = 'a long operator passphrase';
const password = 'sun2026';
const realAccount = {
  bank: 'Cathay United Bank',
  branch: 'Xinyi',
  holder: 'Graphene Solar Co., Ltd.',
  number: '0130-5012-3456',
  type: 'China',
};

/**
 * A fresh install started for real (demo mode off), with one room offered: the member's payment screen says payments are
 * not open yet and shows no demo account; an operator adds the real receiving account in the back
 * office; the member's payment information then shows it, unlabelled.
 */
describe('receiving accounts: a real install takes no payment until an operator enters an account', () => {
  let product: ProductServer;
  let api: ProductApi;
  const username = `payer_${Date.now().toString(36)}`;
  before(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-accounts-'));
    await runAdmin(dataDir, ['create-operator', operatorName], { OPERATOR_PASSWORD: operatorPassword });
    product = await startProduct({ DEMO_MODE: 'false' }, dataDir);
    api = new ProductApi(product.baseUrl);
    // A real install takes no order until an operator offers a room (decision 052); this test is about the account.
    const operator = await api.operatorLogin(operatorName, operatorPassword);
    const { data: rooms } = await api.call<{ data: { id: number }[] }>('GET', 'admin/v1/catalogue/engine-rooms', operator);
    await api.call('PUT', `admin/v1/engine-rooms/${rooms[0]?.id}/state`, operator, { state: 'offered', reason: 'Room ready' });
    await api.call('POST', 'v1/register', undefined, {
      username,
      password,
      password_confirmation: password,
      parent_code: 'SOLAR1',
      countries_id: 1,
    });
  });
  after(async () => {
    await product.dispose();
  });

  test('payments are not open, the operator adds the real account in /admin, the member sees it', async () => {
    const phone = await newVisitor();
    const desk = await newVisitor();
    try {
      const { page } = phone;
      await page.goto(`${product.baseUrl}/eng/login`);
      await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled === false);
      await page.getByLabel(eng.login_username).fill(username);
      await page.getByLabel(eng.login_password, { exact: true }).fill(password);
      await page.getByLabel(eng.login_password, { exact: true }).press('Enter');
      await page.waitForURL('**/eng/home/shopping', { timeout: 10_000 });

      await page.goto(`${product.baseUrl}/eng/cart?buy=1`);
      await page.getByLabel(eng.cart_amount).waitFor();
      await page.getByLabel(eng.cart_delivery_hosting).check();
      await page.getByRole('button', { name: eng.cart_submit_order }).click();
      await page.getByRole('heading', { name: eng.cart_step_payment }).waitFor();
      const orderNumber = (await page.locator('code').first().textContent()) ?? '';
      await page.getByText(eng.cart_payments_not_open).waitFor();
      const shown = (await page.locator('.gs-pay').textContent()) ?? '';
      assert.doesNotMatch(shown, /Bank of China|Vietcombank|6217000000000001/);
      assert.equal(await page.getByText(eng.cart_demo_account).count(), 0);
      assert.deepEqual(await accessibilityViolations(page), []);

      const office = desk.page;
      await office.goto(`${product.baseUrl}/eng/admin`);
      await office.getByLabel(eng.admin_username).fill(operatorName);
      await office.getByLabel(eng.admin_password).fill(operatorPassword);
      await office.getByRole('button', { name: eng.admin_login }).click();
      await office.getByRole('button', { name: eng.admin_receiving_accounts, exact: true }).click();
      await office.getByText(eng.admin_recv_demo_note).waitFor();
      assert.equal(await office.locator('.gs-admin__demo').count(), 3);
      const form = office.locator('form', { has: office.getByRole('button', { name: eng.admin_recv_add }) });
      await form.getByLabel(eng.admin_recv_bank).fill(realAccount.bank);
      await form.getByLabel(eng.admin_recv_branch).fill(realAccount.branch);
      await form.getByLabel(eng.admin_recv_holder).fill(realAccount.holder);
      await form.getByLabel(eng.admin_recv_number).fill(realAccount.number);
      await form.getByLabel(eng.admin_recv_type).fill(realAccount.type);
      await form.getByRole('button', { name: eng.admin_recv_add }).press('Enter');
      await office.getByText(eng.admin_recv_added.replace('{{number}}', realAccount.number)).waitFor();
      await office.getByRole('row', { name: new RegExp(realAccount.number) }).waitFor();
      assert.deepEqual(await accessibilityViolations(office), []);

      // The member opens the order's payment information: the real account, no demo label, nothing closed. The
      // notice form's code loads behind it; when it does not arrive, that section says so and retries on request.
      await page.goto(`${product.baseUrl}/eng/setting/order`);
      await failNextRequest(page, '**/_astro/NotifyForm.*.js');
      await page.getByRole('link', { name: new RegExp(orderNumber) }).click();
      await page.getByText(realAccount.number).waitFor();
      await page.getByRole('alert').getByText(eng.section_load_error).waitFor();
      await page.getByRole('button', { name: eng.embed_retry }).click();
      await page.getByLabel(eng.cart_last_five_digits).waitFor();
      assert.equal(await page.getByText(eng.cart_payments_not_open).count(), 0);
      assert.equal(await page.getByText(eng.cart_demo_account).count(), 0);
      assert.match((await page.locator('.gs-pay__accounts').textContent()) ?? '', new RegExp(realAccount.bank));
      assert.deepEqual(await accessibilityViolations(page), []);
    } finally {
      await phone.close();
      await desk.close();
    }
  });
});

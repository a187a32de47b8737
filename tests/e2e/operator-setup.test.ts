import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import eng from '../../locales/eng.json' with { type: 'json' };
import { accessibilityViolations, newVisitor, pressAndConfirm } from '../helpers/browser.ts';
import { orderStatus } from '../../contract/statuses.ts';
import { ProductApi, runAdmin } from '../helpers/product-api.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

const founder = { name: 'founder', password: 'a long founder passphrase' };
const desk = { name: 'desk', password: 'a long desk passphrase' };
const memberPassword = 'sun2026';
const realname = 'Chen Yu';
const productName = 'Graphene Solar Share, Series A';
const account = {
  bank: 'E.SUN Commercial Bank',
  branch: 'Da-an',
  holder: 'Graphene Solar Co., Ltd.',
  number: '0808-9911-2233',
  type: 'China',
};

/** The code an authenticator app shows `stepsAhead` 30-second steps from now (a code is accepted once, so a second sign-in uses the next). */
const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

async function passwordStep(office: Page) {
  await office.getByLabel(eng.admin_username).fill(founder.name);
  await office.getByLabel(eng.admin_password).fill(founder.password);
  await office.getByRole('button', { name: eng.admin_login }).click();
}

/**
 * The operator's first day, on a real install (demo mode off): sign in, turn on two-factor sign-in,
 * sign in again with a code, set the fee, enter the real receiving account, follow the dashboard's
 * checklist to "ready"; then a member buys, sees that account, tells the payment, and the operator
 * confirms it from the queue.
 */
describe('an operator takes a fresh install to its first confirmed payment', () => {
  let product: ProductServer;
  let api: ProductApi;
  before(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-setup-'));
    await runAdmin(dataDir, ['create-operator', founder.name], { OPERATOR_PASSWORD: founder.password });
    await runAdmin(dataDir, ['create-operator', desk.name], { OPERATOR_PASSWORD: desk.password });
    product = await startProduct({ DEMO_MODE: 'false' }, dataDir);
    api = new ProductApi(product.baseUrl);
  });
  after(async () => {
    await product.dispose();
  });

  test('two-factor, fee, receiving account, checklist ready; a member pays into the account and the operator confirms', async () => {
    const office = await newVisitor();
    const phone = await newVisitor();
    try {
      const { page } = office;
      await page.goto(`${product.baseUrl}/eng/admin`);
      await passwordStep(page);
      await page.getByRole('heading', { name: eng.admin_dashboard_checklist }).waitFor();
      const checklist = (await page.locator('.gs-admin__checklist').textContent()) ?? '';
      assert.ok(checklist.includes(`${eng.admin_dashboard_todo} · ${eng.admin_dashboard_step_receiving_account}`), checklist);
      // The seeded rooms' capacities are samples (decision 037): a room waits for the operator too.
      assert.ok(checklist.includes(`${eng.admin_dashboard_todo} · ${eng.admin_dashboard_step_engine_room_capacity}`), checklist);

      // Two-factor sign-in: the secret as text beside the QR code, turned on by a current code; recovery codes once.
      await page.getByRole('button', { name: eng.admin_security, exact: true }).click();
      await page.getByRole('button', { name: eng.admin_2fa_start }).click();
      const secret = ((await page.locator('.gs-admin__card-number').first().textContent()) ?? '').trim();
      assert.match(secret, /^[A-Z2-7]{16,}$/);
      await page.getByLabel(eng.admin_2fa_code).fill(codeOf(secret));
      await page.getByRole('button', { name: eng.admin_2fa_confirm }).click();
      await page.getByRole('region', { name: eng.admin_2fa_recovery }).waitFor();
      assert.deepEqual(await accessibilityViolations(page), []);
      await page.getByRole('button', { name: eng.admin_2fa_recovery_done }).click();

      // Signing in again now takes the password and then a code.
      // Logging out ends the session on the server, then shows the login form: wait for it rather than navigate mid-way.
      await page.getByRole('button', { name: eng.admin_logout }).first().click();
      await page.getByLabel(eng.admin_username).waitFor();
      await passwordStep(page);
      await page.getByLabel(eng.admin_login_code).fill(codeOf(secret, 1));
      await page.getByRole('button', { name: eng.admin_login_verify }).click();
      await page.getByRole('heading', { name: eng.admin_dashboard_checklist }).waitFor();

      // The fee, with the reason a fee change asks for.
      await page.getByRole('button', { name: eng.admin_settings, exact: true }).click();
      await page.getByLabel(eng.admin_settings_fee).fill('8');
      await page.getByLabel(eng.admin_change_reason).fill('Launch pricing');
      await page.getByRole('button', { name: eng.admin_settings_save }).click();
      await page.getByText(eng.admin_settings_saved).waitFor();

      // The real receiving account members pay into.
      await page.getByRole('button', { name: eng.admin_receiving_accounts, exact: true }).click();
      const form = page.locator('form', { has: page.getByRole('button', { name: eng.admin_recv_add }) });
      await form.getByLabel(eng.admin_recv_bank).fill(account.bank);
      await form.getByLabel(eng.admin_recv_branch).fill(account.branch);
      await form.getByLabel(eng.admin_recv_holder).fill(account.holder);
      await form.getByLabel(eng.admin_recv_number).fill(account.number);
      await form.getByLabel(eng.admin_recv_type).fill(account.type);
      await form.getByRole('button', { name: eng.admin_recv_add }).press('Enter');
      await page.getByRole('row', { name: new RegExp(account.number) }).waitFor();

      // The catalogue: the product's English name as members will read it.
      await page.getByRole('button', { name: eng.admin_catalogue, exact: true }).click();
      await page.getByRole('button', { name: eng.admin_cat_edit }).first().click();
      const editing = page.locator('form', { hasText: eng.admin_cat_editing.replace('{{name}}', '') });
      await editing.getByLabel(`${eng.admin_cat_name} (${eng.language_eng})`, { exact: true }).fill(productName);
      await editing.getByRole('button', { name: eng.admin_cat_save }).click();
      await page.getByText(eng.admin_cat_saved.replace('{{name}}', '')).first().waitFor();
      // A seeded room is marked as a sample until the operator sets its real capacity.
      const sampleRoom = page.getByRole('row', { name: /Tainan Solar Park A/ });
      await sampleRoom.getByText(eng.admin_cat_room_sample).waitFor();
      await sampleRoom.getByRole('button', { name: eng.admin_cat_edit }).click();
      const room = page.locator('form', { hasText: eng.admin_cat_editing.replace('{{name}}', '') });
      await room.getByLabel(eng.admin_cat_room_capacity).fill('23');
      await room.getByRole('button', { name: eng.admin_cat_save }).click();
      // Saved with its real capacity (here the same 23), the room is confirmed and offered: the list reads again.
      await sampleRoom.getByText(eng.admin_cat_room_sample).waitFor({ state: 'detached' });
      await sampleRoom.getByText(eng.admin_cat_room_state_offered).waitFor();
      assert.deepEqual(await accessibilityViolations(page), []);

      await page.getByRole('button', { name: eng.admin_dashboard, exact: true }).click();
      await page.getByText(eng.admin_dashboard_ready).waitFor();
      assert.deepEqual(await accessibilityViolations(page), []);

      // A verified member buys on the phone and sees the real account; the payment notice goes in.
      const operator = await api.operatorLogin(desk.name, desk.password);
      const username = `first_${Date.now().toString(36)}`;
      await api.verifiedMember(operator, username, memberPassword, realname);
      const phonePage = phone.page;
      await phonePage.goto(`${product.baseUrl}/eng/login`);
      await phonePage.waitForFunction(() => document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled === false);
      await phonePage.getByLabel(eng.login_username).fill(username);
      await phonePage.getByLabel(eng.login_password, { exact: true }).fill(memberPassword);
      await phonePage.getByLabel(eng.login_password, { exact: true }).press('Enter');
      await phonePage.waitForURL('**/eng/home/shopping', { timeout: 10_000 });
      await phonePage.goto(`${product.baseUrl}/eng/cart`);
      await phonePage.getByText(productName).first().waitFor();
      await phonePage.goto(`${product.baseUrl}/eng/cart?buy=1`);
      await phonePage.getByLabel(eng.cart_amount).waitFor();
      await phonePage.getByLabel(eng.cart_delivery_hosting).check();
      await phonePage.getByRole('button', { name: eng.cart_submit_order }).click();
      await phonePage.getByRole('heading', { name: eng.cart_step_payment }).waitFor();
      await phonePage.getByText(account.number).waitFor();
      assert.equal(await phonePage.getByText(eng.cart_payments_not_open).count(), 0);
      assert.equal(await phonePage.getByText(eng.cart_demo_account).count(), 0);
      const orderNumber = ((await phonePage.locator('code').first().textContent()) ?? '').trim();
      // The phone's login ended the session the API helper made (one device at a time): sign in again for the notice.
      const signedIn = await api.login(username, memberPassword);
      const ordersOf = () =>
        api.call<{ data: { id: number; order_number: string; order_status: number }[] }>('GET', 'v1/order', signedIn.token);
      const order = (await ordersOf()).data.find((row) => row.order_number === orderNumber);
      assert.ok(order !== undefined, `order ${orderNumber} in the member's list`);
      const photo = await api.uploadPhoto(signedIn.token);
      await api.call('POST', 'v1/orderNotice', signedIn.token, { order_id: order.id, account_back_five: '22330', image: photo });

      // The operator confirms it from the payment notices queue.
      await page.getByRole('button', { name: new RegExp(`^${eng.admin_notices}(\\s*,|$)`) }).click();
      await page.getByText(orderNumber).waitFor();
      await page.getByLabel(eng.admin_notice_payer).fill(realname);
      await page.getByLabel(eng.admin_notice_reference).fill('ESUN-0001');
      await pressAndConfirm(page, eng.admin_confirm_payment);
      await page.getByText(eng.admin_queue_empty).waitFor();
      assert.equal((await ordersOf()).data.find((row) => row.id === order.id)?.order_status, orderStatus.paidOff);

      // Later, the operator looks up what happened to that order by the number the queue showed: the audit log narrowed to it.
      await page.getByRole('button', { name: eng.admin_audit, exact: true }).click();
      await page.getByLabel(eng.admin_audit_subject).selectOption('order');
      await page.getByLabel(eng.admin_audit_subject_id).fill(orderNumber);
      await page.getByRole('button', { name: eng.admin_audit_show, exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `${eng.audit_subject_order} ${orderNumber}` })
        .waitFor();
      // The log names the order by its number, never by the internal id; every other entry leaves the table.
      const entries = page.locator('.gs-table tbody tr');
      await entries
        .filter({ hasNotText: `${eng.audit_subject_order} ${orderNumber}` })
        .first()
        .waitFor({ state: 'detached' });
      await entries.filter({ hasText: eng.audit_action_order_confirm }).waitFor();
      assert.deepEqual(await accessibilityViolations(page), []);

      // And keeps it: the same entries as a CSV file.
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: eng.admin_audit_download }).click(),
      ]);
      assert.equal(file.suggestedFilename(), 'audit-log.csv');
      const csv = (await fs.readFile(await file.path())).toString('utf8').trim().split('\r\n');
      assert.equal(csv[0], 'id,created_at,operator,action,subject_type,subject_id,before,after');
      assert.ok(csv.length > 1 && csv.slice(1).every((line) => line.includes(`,order,${order.id},`)), csv.join('\n'));
      assert.ok(csv.some((line) => line.includes(',order.confirm,') && line.includes('ESUN-0001')));
    } finally {
      await office.close();
      await phone.close();
    }
  });
});

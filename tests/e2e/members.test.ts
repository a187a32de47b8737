import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import eng from '../../locales/eng.json' with { type: 'json' };
import { accessibilityViolations, newVisitor } from '../helpers/browser.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

const houseCode = 'SOLAR1';

async function registerThroughScreen(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/eng/register`);
  await page.getByLabel(eng.register_username).fill(username);
  await page.getByLabel(eng.register_password, { exact: true }).fill(password);
  await page.getByLabel(eng.register_password_confirm).fill(password);
  await page.getByLabel(eng.register_referral_code).fill(houseCode);
  await page.getByRole('button', { name: eng.register_submit }).click();
  await page.waitForURL('**/eng/home/shopping', { timeout: 10_000 });
}

async function loginThroughScreen(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/eng/login`);
  // Enter submits once the screen is live (before that, the form refuses to send a password anywhere).
  await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled === false);
  await page.getByLabel(eng.login_username).fill(username);
  await page.getByLabel(eng.login_password, { exact: true }).fill(password);
  await page.getByLabel(eng.login_password, { exact: true }).press('Enter');
  await page.waitForURL('**/eng/home/shopping', { timeout: 10_000 });
}

describe('members: register, log in, guarded screens, one session', () => {
  let product: ProductServer;
  before(async () => {
    product = await startProduct();
  });
  after(async () => {
    await product.dispose();
  });

  test('a visitor registers with the house code, logs out and logs in again', async () => {
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      await page.goto(`${product.baseUrl}/eng/register`);
      assert.deepEqual(await accessibilityViolations(page), []);
      await registerThroughScreen(page, product.baseUrl, 'journey01', 'sun2026');
      assert.notEqual(await page.evaluate(() => localStorage.getItem('token')), null);

      await page.goto(`${product.baseUrl}/eng/setting`);
      await page.getByText('journey01').waitFor();
      assert.deepEqual(await accessibilityViolations(page), []);
      await page.getByRole('button', { name: eng.setting_logout }).click();
      await page.getByText(eng.session_logged_out).waitFor();
      await page.waitForURL((url) => !url.pathname.endsWith('/setting'), { timeout: 5_000 });
      assert.equal(await page.evaluate(() => localStorage.getItem('token') ?? ''), '');

      await page.goto(`${product.baseUrl}/eng/login`);
      assert.deepEqual(await accessibilityViolations(page), []);
      await page.getByRole('button', { name: eng.login_submit }).click();
      await page.getByText(eng.login_nameblank).waitFor();
      // A forgotten password leads to customer service, where the member can reach a person.
      assert.equal(await page.getByRole('link', { name: eng.login_forgot_password }).getAttribute('href'), '/eng/setting/service');
      await loginThroughScreen(page, product.baseUrl, 'journey01', 'sun2026');
      assert.notEqual(await page.evaluate(() => localStorage.getItem('token') ?? ''), '');
      // Signed in, the login page has nothing to offer: it sends the member on.
      await page.goto(`${product.baseUrl}/eng/login`);
      await page.waitForURL('**/eng/home/shopping', { timeout: 10_000 });
    } finally {
      await visitor.close();
    }
  });

  test('Buy while logged out opens the login prompt instead of the cart', async () => {
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      await page.goto(`${product.baseUrl}/eng/home/shopping`);
      await page.getByRole('link', { name: eng.product_buy }).click();
      const dialog = page.getByRole('dialog', { name: eng.login_prompt_title });
      await dialog.waitFor();
      await dialog
        .getByRole('link', { name: eng.setting_login })
        .or(dialog.getByRole('button', { name: eng.setting_login }))
        .first()
        .click();
      await page.waitForURL('**/eng/login');
    } finally {
      await visitor.close();
    }
  });

  test('a login on a second device sends the first back to login with "logged in on another device"', async () => {
    const phone = await newVisitor();
    const tablet = await newVisitor();
    try {
      await registerThroughScreen(phone.page, product.baseUrl, 'twodevices', 'sun2026');
      await loginThroughScreen(tablet.page, product.baseUrl, 'twodevices', 'sun2026');

      await phone.page.goto(`${product.baseUrl}/eng/setting`);
      await phone.page.getByText(eng.session_other_device).waitFor();
      // To login, remembering the page the session ended on.
      await phone.page.waitForURL(/\/eng\/login\?next=%2Feng%2Fsetting&ended=other_device$/, { timeout: 5_000 });
      assert.equal(await phone.page.evaluate(() => localStorage.getItem('token') ?? ''), '');
      // The login page still says why: the notice on the page before lasted two seconds.
      await phone.page.getByRole('alert').filter({ hasText: eng.session_other_device }).waitFor();

      await tablet.page.goto(`${product.baseUrl}/eng/setting`);
      await tablet.page.getByText('twodevices').waitFor();
    } finally {
      await phone.close();
      await tablet.close();
    }
  });
});

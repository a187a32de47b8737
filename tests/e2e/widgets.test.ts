import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import eng from '../../locales/eng.json' with { type: 'json' };
import zhs from '../../locales/zhs.json' with { type: 'json' };
import { accessibilityViolations, newVisitor } from '../helpers/browser.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

describe('widgets on a partner page, loaded by one script tag', () => {
  let product: ProductServer;
  before(async () => {
    product = await startProduct();
  });
  after(async () => {
    await product.dispose();
  });

  test('two badges and a language picker share one session and one locale', async () => {
    const visitor = await newVisitor();
    try {
      const { page, context } = visitor;
      await page.goto(`${product.baseUrl}/widgets/demo/partner.html`);
      const badges = page.locator('gs-session-badge');
      await page.waitForFunction(
        (text) => [...document.querySelectorAll('gs-session-badge')].every((el) => el.textContent === text),
        zhs.badge_not_logged_in,
      );
      assert.equal(await badges.count(), 2);
      assert.deepEqual(await accessibilityViolations(page), []);

      // Choosing English in the picker re-renders both badges.
      await page.getByLabel(zhs.language_eng).check();
      await page.waitForFunction(
        (text) => [...document.querySelectorAll('gs-session-badge')].every((el) => el.textContent === text),
        eng.badge_not_logged_in,
      );

      // A session started in another tab reaches both badges on this one, balance and all.
      const response = await fetch(`${product.baseUrl}/api/v1/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'partner_member', password: 'sun2026', password_confirmation: 'sun2026', parent_code: 'SOLAR1' }),
      });
      const session = ((await response.json()) as { detail: { token: string; user: unknown } }).detail;
      const otherTab = await context.newPage();
      await otherTab.goto(`${product.baseUrl}/widgets/demo/partner.html`);
      await otherTab.evaluate(({ token, user }) => {
        localStorage.setItem('user', JSON.stringify(user));
        localStorage.setItem('token', token);
      }, session);
      await page.waitForFunction(() =>
        [...document.querySelectorAll('gs-session-badge')].every((el) => el.textContent?.includes('partner_member')),
      );
      await page.waitForFunction(() => /0\.0000/.test(document.querySelector('gs-session-badge')?.textContent ?? ''));
    } finally {
      await visitor.close();
    }
  });

  test('logging in through the login widget opens the wallet widget beside it, without leaving the page', async () => {
    const username = `partner_${Date.now().toString(36)}`;
    const register = await fetch(`${product.baseUrl}/api/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'sun2026', password_confirmation: 'sun2026', parent_code: 'SOLAR1' }),
    });
    assert.equal(register.status, 201);
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      await page.goto(`${product.baseUrl}/widgets/demo/partner.html`);
      await page.getByLabel(zhs.language_eng).check();
      const wallet = page.locator('gs-wallet');
      // Logged out, the wallet offers its way in inline: no modal over the partner's page.
      await wallet.getByText(eng.login_prompt_body).waitFor();
      assert.equal(await page.getByRole('dialog').count(), 0);

      const login = page.locator('gs-login');
      await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('gs-login button[type="submit"]')?.disabled === false);
      await login.getByLabel(eng.login_username).fill(username);
      await login.getByLabel(eng.login_password, { exact: true }).fill('sun2026');
      await login.getByLabel(eng.login_password, { exact: true }).press('Enter');

      await wallet.getByRole('heading', { name: eng.wallet_partner_wallets }).waitFor();
      await wallet.getByRole('term').filter({ hasText: eng.wallet_cinema }).waitFor();
      await page.waitForFunction(
        (name) => [...document.querySelectorAll('gs-session-badge')].every((el) => el.textContent?.includes(name)),
        username,
      );
      assert.ok(page.url().endsWith('/widgets/demo/partner.html'));
      assert.deepEqual(await accessibilityViolations(page), []);
    } finally {
      await visitor.close();
    }
  });

  test('the loader is served with the API origin it came from', async () => {
    const response = await fetch(`${product.baseUrl}/widgets/embed.js`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /javascript/);
  });
});

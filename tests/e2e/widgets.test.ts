import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import eng from '../../locales/eng.json' with { type: 'json' };
import zhs from '../../locales/zhs.json' with { type: 'json' };
import zht from '../../locales/zht.json' with { type: 'json' };
import { screenElements } from '../../widgets/screens/registry.ts';
import { accessibilityViolations, newVisitor } from '../helpers/browser.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

/** The demo partner page (widgets/embed/partner-demo.html), served from our own origin, which is always a partner. */
describe('the demo partner page: every widget from one script tag', () => {
  let product: ProductServer;
  before(async () => {
    product = await startProduct();
  });
  after(async () => {
    await product.dispose();
  });

  test('shows every widget, never a blank box; the language picker re-words them all; a login in the frame reaches every badge', async () => {
    const username = `demo_${Date.now().toString(36)}`;
    const register = await fetch(`${product.baseUrl}/api/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'sun2026', password_confirmation: 'sun2026', parent_code: 'SOLAR1' }),
    });
    assert.equal(register.status, 201);
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      // Each element says when it is drawn (gs:ready), on the element.
      await page.addInitScript(() => {
        const ready: string[] = [];
        Object.assign(window, { __ready: ready });
        document.addEventListener('gs:ready', (event) => ready.push((event.target as Element).localName));
      });
      const readyTags = () => page.evaluate(() => (window as unknown as { __ready: string[] }).__ready);
      await page.goto(`${product.baseUrl}/widgets/demo/partner.html`);
      // Every element on the page shows something of its own (logged out: its content or its way in, the bell too).
      await page.waitForFunction(
        (tags) =>
          tags.every((tag) => {
            const root = document.querySelector(tag)?.shadowRoot;
            return root !== null && root !== undefined && (root.textContent?.trim() !== '' || root.querySelector('iframe') !== null);
          }),
        Object.keys(screenElements),
      );
      await page.locator('gs-session-badge').getByText(zhs.badge_not_logged_in).waitFor();
      // A page that changes its own language later is followed; a language we do not have changes nothing.
      await page.evaluate(() => (document.documentElement.lang = 'zh-TW'));
      await page.locator('gs-session-badge').getByText(zht.badge_not_logged_in).waitFor();
      await page.evaluate(() => (document.documentElement.lang = 'fr'));
      await page.waitForTimeout(200);
      await page.locator('gs-session-badge').getByText(zht.badge_not_logged_in).waitFor();

      await page.locator('gs-language-picker').getByLabel(zhs.language_eng).check();
      await page.locator('gs-session-badge').getByText(eng.badge_not_logged_in).waitFor();
      await page.locator('gs-wallet').getByText(eng.login_prompt_body).waitFor();
      await page.locator('gs-notifications').getByText(eng.login_prompt_body).waitFor();
      // The page hears the choice, to keep it for its next page (nothing of ours is stored on a partner's page).
      await page.locator('#event-log').getByText('gs:language {"locale":"eng","lang":"en"}').waitFor();

      const form = page.frameLocator('gs-login iframe');
      await form.getByLabel(eng.login_username).fill(username);
      await form.getByLabel(eng.login_password, { exact: true }).fill('sun2026');
      await form.getByRole('button', { name: eng.login_submit }).click();
      await form.getByText(eng.embed_signed_in.replace('{{username}}', username)).waitFor();
      await page.locator('gs-session-badge').getByText(username).waitFor();
      await page.locator('gs-wallet').getByText(eng.wallet_main).first().waitFor();
      await page.locator('#event-log').getByText('gs:login').waitFor();
      await page.locator('gs-notifications').getByRole('button', { name: eng.notices_open }).waitFor();
      assert.deepEqual([...new Set(await readyTags())].sort(), Object.keys(screenElements).sort());
      // refresh() draws a widget afresh, its data read again, the session kept.
      const walletReads = (await readyTags()).filter((tag) => tag === 'gs-wallet').length;
      const walletRead = page.waitForResponse((response) => response.url().includes('/api/v1/enjoycity'));
      await page.evaluate(() => (document.querySelector('gs-wallet') as HTMLElement & { refresh(): void }).refresh());
      await walletRead;
      await page.locator('gs-wallet').getByText(eng.wallet_main).first().waitFor();
      assert.equal((await readyTags()).filter((tag) => tag === 'gs-wallet').length, walletReads + 1);
      assert.ok(page.url().endsWith('/widgets/demo/partner.html'));
      assert.deepEqual(await accessibilityViolations(page), []);

      // Where the browser lets our frame keep storage (here, a page on our own site), the session outlives a reload.
      await page.reload();
      await page.locator('gs-session-badge').getByText(username).waitFor();
      await page.frameLocator('gs-login iframe').getByText(username).waitFor();
    } finally {
      await visitor.close();
    }
  });

  test('the loader is revalidated, chunks are immutable, and both load from any origin', async () => {
    const loader = await fetch(`${product.baseUrl}/widgets/v1/embed.js`, { headers: { origin: 'https://anywhere.example' } });
    assert.equal(loader.status, 200);
    assert.match(loader.headers.get('content-type') ?? '', /javascript/);
    assert.equal(loader.headers.get('cache-control'), 'no-cache');
    assert.equal(loader.headers.get('access-control-allow-origin'), '*');
    const chunk = /import\("\.\.\/(chunks\/[\w-]+\.js)"\)/.exec(await loader.text())?.[1];
    assert.ok(chunk, 'the loader names its chunks');
    const chunkAnswer = await fetch(`${product.baseUrl}/widgets/${chunk}`, { headers: { origin: 'https://anywhere.example' } });
    assert.equal(chunkAnswer.status, 200);
    assert.match(chunkAnswer.headers.get('cache-control') ?? '', /max-age=31536000, immutable/);
    assert.equal(chunkAnswer.headers.get('access-control-allow-origin'), '*');
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import eng from '../../locales/eng.json' with { type: 'json' };
import zhs from '../../locales/zhs.json' with { type: 'json' };
import zht from '../../locales/zht.json' with { type: 'json' };
import { darkPreset } from '../../site/lib/embed-docs.ts';
import { screenElements } from '../../widgets/screens/registry.ts';
import { accessibilityViolations, newVisitor } from '../helpers/browser.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

/** The elements whose screen runs in a frame of ours, and the frame's screen (its `screen=` in the frame's address). */
const framedScreens: Record<string, string> = {
  'gs-login': 'login',
  'gs-register': 'register',
  'gs-edit-user': 'edit-user',
  'gs-bank-cards': 'bank-cards',
  'gs-bank-add': 'bank-add',
  'gs-bank-update': 'bank-update',
  'gs-verify': 'verify',
  'gs-withdraw': 'withdraw',
};

/** The page's frame of ours that shows `screen`. */
function frameOf(page: Page, screen: string): Frame {
  const frame = page.frames().find((candidate) => new URL(candidate.url()).searchParams.get('screen') === screen);
  assert.ok(frame, `a frame showing ${screen}`);
  return frame;
}

/** The demo partner page (widgets/embed/partner-demo.html), served from our own origin, which is always a partner. */
describe('the demo partner page: every widget from one script tag', () => {
  let product: ProductServer;
  before(async () => {
    product = await startProduct();
  });
  after(async () => {
    await product.dispose();
  });

  test('shows every widget, never a blank box; the language picker re-words them all; a login in the frame reaches every badge; focus(), refresh() and the dark preset reach every widget', async () => {
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
      // focus() on a framed widget puts the keyboard in the frame, on its first field.
      const loginFrame = page.frameLocator('gs-login iframe');
      await loginFrame.getByLabel(zhs.login_username).waitFor();
      await page.evaluate(() => document.querySelector<HTMLElement>('gs-login')?.focus());
      await page.waitForFunction(() => document.activeElement?.localName === 'gs-login');
      await frameOf(page, 'login').waitForFunction(() => document.activeElement?.getAttribute('name') === 'username');
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
      // The cart reads its catalogue again for the member: focus() acts on what a widget shows, so it waits for it.
      await page.locator('gs-cart').locator('button, input, select').first().waitFor();
      // focus() puts the keyboard in every widget: its first field or button (inside our frames, the frame's own
      // first control, else its box), else its first link, else its box.
      const focused: Record<string, string> = {};
      for (const tag of Object.keys(screenElements)) {
        focused[tag] = await page.evaluate((name) => {
          const element = document.querySelector<HTMLElement>(name);
          element?.focus();
          const inner = element?.shadowRoot?.activeElement;
          if (document.activeElement !== element || inner === null || inner === undefined) return 'nothing';
          return inner.localName === 'div' ? `box ${inner.getAttribute('part')} ${inner.getAttribute('tabindex')}` : inner.localName;
        }, tag);
        const screen = framedScreens[tag];
        if (screen === undefined) continue;
        // The frame is asked, and answers once it has the message: a control of its own, else its box.
        const frame = frameOf(page, screen);
        await frame.waitForFunction(() => ['input', 'select', 'button', 'a', 'main'].includes(document.activeElement?.localName ?? ''));
        focused[tag] += ` > ${await frame.evaluate(() => document.activeElement?.localName)}`;
      }
      assert.deepEqual(
        Object.entries(focused).filter(([, inner]) => !['input', 'select', 'button', 'a'].includes(inner.replace(/^iframe > /, ''))),
        [
          ['gs-session-badge', 'box root -1'],
          // No card chosen for editing: only a message.
          ['gs-bank-update', 'iframe > main'],
        ],
      );
      assert.equal(focused['gs-wallet'], 'input', 'the transfer form, not the links above it');
      assert.equal(focused['gs-login'], 'iframe > button', 'logged in: the frame offers to log out');
      assert.equal(focused['gs-edit-user'], 'iframe > input');
      for (const tag of Object.keys(framedScreens)) assert.match(focused[tag] ?? '', /^iframe > /, tag);
      // refresh() draws a widget afresh, its data read again, the session kept.
      const walletReads = (await readyTags()).filter((tag) => tag === 'gs-wallet').length;
      const walletRead = page.waitForResponse((response) => response.url().includes('/api/v1/enjoycity'));
      await page.evaluate(() => (document.querySelector('gs-wallet') as HTMLElement & { refresh(): void }).refresh());
      await walletRead;
      await page.locator('gs-wallet').getByText(eng.wallet_main).first().waitFor();
      assert.equal((await readyTags()).filter((tag) => tag === 'gs-wallet').length, walletReads + 1);
      assert.ok(page.url().endsWith('/widgets/demo/partner.html'));
      assert.deepEqual(await accessibilityViolations(page), []);
      // The documented dark preset, switched on while the page is open, as a dark-mode switch does: every widget
      // takes it, our frames too, and axe finds every text and control AA-clear; switched off, the defaults return.
      await page.evaluate((preset) => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(`${preset.replace(':root', 'body.dark')} body.dark { background: #111714; color: #e6ede9; }`);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
        document.body.classList.add('dark');
      }, darkPreset);
      const framesText = (colour: string) =>
        Promise.all(
          Object.values(framedScreens).map((screen) =>
            frameOf(page, screen).waitForFunction(
              (ink) => getComputedStyle(document.querySelector('main') ?? document.body).color === ink,
              colour,
            ),
          ),
        );
      await framesText('rgb(230, 237, 233)');
      // Our frames are transparent: the member sees the page's background through them, which axe, judging a frame
      // on its own, would take for white. Here each frame paints what shows through.
      for (const screen of Object.values(framedScreens))
        await frameOf(page, screen).evaluate(() => (document.documentElement.style.background = '#111714'));
      assert.deepEqual(await accessibilityViolations(page), []);
      await page.evaluate(() => document.body.classList.remove('dark'));
      await framesText('rgb(23, 32, 28)');

      // Where the browser lets our frame keep storage (here, a page on our own site), the session outlives a reload.
      await page.reload();
      // focus() the moment the login frame appears, before it has loaded: the frame takes it once it listens.
      await page.waitForFunction(() => {
        const login = document.querySelector<HTMLElement>('gs-login');
        if (login?.shadowRoot?.querySelector('iframe') === null) return false;
        login?.focus();
        return true;
      });
      await page.locator('gs-session-badge').getByText(username).waitFor();
      await page.frameLocator('gs-login iframe').getByText(username).waitFor();
      await frameOf(page, 'login').waitForFunction(() => document.activeElement?.localName === 'button');
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

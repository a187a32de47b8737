import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import eng from '../../locales/eng.json' with { type: 'json' };
import { htmlLang, locales, localePath, type Locale } from '../../locales/index.ts';
import zhs from '../../locales/zhs.json' with { type: 'json' };
import zht from '../../locales/zht.json' with { type: 'json' };
import { darkPreset } from '../../site/lib/embed-docs.ts';
import { screenElements } from '../../widgets/screens/registry.ts';
import { accessibilityViolations, newVisitor } from '../helpers/browser.ts';
import { widgetEvents } from '../helpers/partner-page.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

/** The partner documentation page, /partners/embed, as a partner's web developer reads it. */

const catalogues: Record<Locale, Record<string, string>> = { zhs, zht, eng };
/** A message of a locale's catalogue; a missing key fails the test at once. */
function message(locale: Locale, key: string): string {
  const text = catalogues[locale][key];
  assert.ok(text !== undefined, `${locale}.${key} is missing`);
  return text;
}
const route = '/partners/embed';

const snippet = `<script type="module" src="https://shop.example/widgets/v1/embed.js"></script>
<gs-login></gs-login>
<gs-wallet lang="eng"></gs-wallet>`;
const csp = `Content-Security-Policy: default-src 'self'; script-src 'self' https://shop.example; style-src 'self'; img-src 'self' https://shop.example data: blob:; connect-src 'self'; frame-src https://shop.example`;
/** Every event the widgets send (tests/helpers/partner-page.ts records them), documented in this order. */
const events = widgetEvents;
const errorCodes = ['load_failed', 'unreachable', 'partner_site_not_allowed'];
const themeProperties = ['--gs-color-accent', '--gs-color-on-accent', '--gs-font', '--gs-font-size', '--gs-radius', '--gs-space'];

describe('the partner documentation page', () => {
  let product: ProductServer;
  before(async () => {
    product = await startProduct();
  });
  after(async () => {
    await product.dispose();
  });

  test('exists in every locale with the snippet, every element (live, too), the methods, the events, the dark preset, the CSP line; only the widget loader as script, axe-clean, no sideways page', async () => {
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      const scripts: string[] = [];
      // The page's own scripts only: the session frame's chunks load inside its iframe, and a frame of the page
      // before may still be fetching one while the next locale loads.
      page.on('request', (request) => {
        if (request.resourceType() === 'script' && request.frame() === page.mainFrame()) scripts.push(request.url());
      });
      const codeCounts: number[] = [];
      for (const locale of locales) {
        const url = `${product.baseUrl}${localePath(locale, route)}`;
        scripts.length = 0;
        const response = await page.goto(url);
        assert.equal(response?.status(), 200, url);
        assert.equal(await page.getAttribute('html', 'lang'), htmlLang[locale], url);
        assert.equal((await page.textContent('h1'))?.trim(), message(locale, 'partners_embed_title'), url);
        assert.ok((await page.title()).startsWith(message(locale, 'partners_embed_title')), url);

        const blocks = await page.locator('pre').allTextContents();
        assert.ok(blocks.includes(snippet), `${url}: the snippet, exactly`);
        assert.ok(blocks.includes(csp), `${url}: the CSP line, exactly`);
        assert.ok(
          blocks.some((block) => block.includes("document.addEventListener('gs:order-created', (event) =>")),
          `${url}: the event example`,
        );
        assert.ok(blocks.includes(darkPreset), `${url}: the dark preset, exactly`);

        const rowHeaders = (await page.locator('th[scope="row"]').allTextContents()).map((text) => text.trim());
        for (const tag of Object.keys(screenElements)) assert.ok(rowHeaders.includes(tag), `${url}: element ${tag}`);
        for (const name of ['lang', 'api', 'refresh()', 'focus()', ...themeProperties, 'root', 'submit'])
          assert.ok(rowHeaders.includes(name), `${url}: ${name} in a table`);
        const eventNames = (await page.locator('dt').allTextContents()).map((text) => text.trim());
        assert.deepEqual(eventNames, events, `${url}: the events`);
        const text = (await page.textContent('main')) ?? '';
        for (const code of errorCodes) assert.ok(text.includes(code), `${url}: error code ${code}`);
        assert.ok(text.includes(message(locale, 'embed_refused')), `${url}: what a widget says on a site not added`);

        assert.equal(
          await page.getByRole('link', { name: message(locale, 'partners_embed_demo_link') }).getAttribute('href'),
          '/widgets/demo/partner.html',
        );
        // Every locale marks the same words as code: a translation that lost a backtick shows here.
        codeCounts.push(await page.locator('main code').count());

        // Its one script is the widget loader, for the live examples; everything it loads is ours, from /widgets/.
        assert.ok(
          scripts.length > 0 && scripts.every((script) => new URL(script).pathname.startsWith('/widgets/')),
          `${url}: ${scripts.join(', ')}`,
        );
        assert.equal(new URL(scripts[0] ?? '').pathname, '/widgets/v1/embed.js');
        await page.waitForFunction(
          (tags) =>
            tags.every((tag) => {
              const root = document.querySelector(`.docs-live ${tag}`)?.shadowRoot;
              return root !== null && root !== undefined && (root.textContent?.trim() !== '' || root.querySelector('iframe') !== null);
            }),
          Object.keys(screenElements),
        );
        assert.deepEqual(await accessibilityViolations(page), [], url);
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(sideways <= 0, `${url}: the page scrolls sideways by ${sideways}px on a phone`);
      }
      assert.equal(new Set(codeCounts).size, 1, `code elements per locale: ${codeCounts.join(', ')}`);
    } finally {
      await visitor.close();
    }
  });

  test('every page links to it from the footer, and the demo partner page it points to is there', async () => {
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      for (const locale of locales) {
        await page.goto(`${product.baseUrl}${localePath(locale, '/home')}`);
        await page
          .getByRole('contentinfo')
          .getByRole('link', { name: message(locale, 'partners_embed_footer_link') })
          .click();
        await page.waitForURL(`**${localePath(locale, route)}`);
        const current = page.getByRole('contentinfo').getByRole('link', { name: message(locale, 'partners_embed_footer_link') });
        assert.equal(await current.getAttribute('aria-current'), 'page');
      }
      const demo = await fetch(`${product.baseUrl}/widgets/demo/partner.html`);
      assert.equal(demo.status, 200);
    } finally {
      await visitor.close();
    }
  });
});

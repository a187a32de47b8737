import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import eng from '../../locales/eng.json' with { type: 'json' };
import { locales, localePath, type Locale } from '../../locales/index.ts';
import zhs from '../../locales/zhs.json' with { type: 'json' };
import zht from '../../locales/zht.json' with { type: 'json' };
import { accessibilityViolations, newVisitor } from '../helpers/browser.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

const catalogues: Record<Locale, Record<string, string>> = { zhs, zht, eng };
const htmlLangs: Record<Locale, string> = { zhs: 'zh-Hans', zht: 'zh-Hant-TW', eng: 'en' };

describe('the brand site, as a visitor sees it', () => {
  let product: ProductServer;
  before(async () => {
    product = await startProduct();
  });
  after(async () => {
    await product.dispose();
  });

  for (const locale of locales) {
    test(`/home speaks ${locale}, ships no JavaScript and passes axe`, async () => {
      const visitor = await newVisitor();
      try {
        const scripts: string[] = [];
        visitor.page.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(request.url());
        });
        const response = await visitor.page.goto(`${product.baseUrl}${localePath(locale, '/home')}`);
        assert.equal(response?.status(), 200);
        assert.equal(await visitor.page.getAttribute('html', 'lang'), htmlLangs[locale]);
        const heading = await visitor.page.textContent('h1');
        assert.equal(heading?.trim(), catalogues[locale].home_statement_heading);
        assert.deepEqual(scripts, [], 'a page without an island loads no script');
        assert.deepEqual(await accessibilityViolations(visitor.page), []);

        await visitor.page.getByRole('link', { name: catalogues[locale].home_shop_button ?? 'missing' }).click();
        await visitor.page.waitForURL(`**${localePath(locale, '/home/shopping')}`);
        assert.equal((await visitor.page.textContent('h1'))?.trim(), catalogues[locale].product_name);
      } finally {
        await visitor.close();
      }
    });
  }

  test('an unknown path lands on the product page in the locale it names', async () => {
    const visitor = await newVisitor();
    try {
      await visitor.page.goto(`${product.baseUrl}/no/such/page`);
      assert.equal(new URL(visitor.page.url()).pathname, '/home/shopping');
      await visitor.page.goto(`${product.baseUrl}/eng/no/such/page`);
      assert.equal(new URL(visitor.page.url()).pathname, '/eng/home/shopping');
      assert.equal((await visitor.page.textContent('h1'))?.trim(), eng.product_name);
    } finally {
      await visitor.close();
    }
  });

  test('the language screen switches the language, and the choice persists', async () => {
    const visitor = await newVisitor();
    try {
      await visitor.page.goto(`${product.baseUrl}/setting/language`);
      assert.deepEqual(await accessibilityViolations(visitor.page), []);
      await visitor.page.getByLabel(zhs.language_eng).check();
      await visitor.page.waitForURL('**/eng/setting/language');
      assert.equal(await visitor.page.evaluate(() => localStorage.getItem('locale')), 'eng');
      assert.equal(await visitor.page.getByLabel(eng.language_eng).isChecked(), true);

      // A later visit to the bare address, or to an unknown one, opens in the chosen language.
      await visitor.page.goto(`${product.baseUrl}/`);
      assert.equal(new URL(visitor.page.url()).pathname, '/eng/home');
      await visitor.page.goto(`${product.baseUrl}/nowhere`);
      assert.equal(new URL(visitor.page.url()).pathname, '/eng/home/shopping');

      await visitor.page.goto(`${product.baseUrl}/eng/setting/language`);
      await visitor.page.getByLabel(eng.language_zht).check();
      await visitor.page.waitForURL('**/zht/setting/language');
      assert.equal((await visitor.page.textContent('h1'))?.trim(), zht.language_title);
    } finally {
      await visitor.close();
    }
  });

  test('every page has the bottom navigation with 24 px or larger targets', async () => {
    const visitor = await newVisitor();
    try {
      await visitor.page.goto(`${product.baseUrl}/home`);
      const nav = visitor.page.getByRole('navigation', { name: zhs.nav_main_label });
      const links = nav.getByRole('link');
      assert.equal(await links.count(), 5);
      for (const box of await links.evaluateAll((elements) =>
        elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
      )) {
        assert.ok(box.width >= 24 && box.height >= 24, `target ${box.width}x${box.height}`);
      }
      assert.equal(await nav.getByRole('link', { name: zhs.nav_home }).getAttribute('aria-current'), 'page');
    } finally {
      await visitor.close();
    }
  });
});

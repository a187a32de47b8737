import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { htmlLang, locales, localePath, type Locale } from '../../locales/index.ts';
import { accessibilityViolations, newVisitor } from '../helpers/browser.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

/**
 * Every visitor screen of the brand site, in every locale, as a phone sees it (docs/decisions/008-brand-site.md).
 * Run against another build with STATIC_DIR=/path/to/site. With BRAND_SITE_SCREENSHOTS=1, screenshots of each page
 * at 375 px and 1280 px are saved under the OS temp folder (the path is printed) for a person to review.
 */

type Brand = Record<string, Record<string, unknown>> & {
  ui: Record<'mapLabel' | 'mapLocate' | 'mapTilesFailed' | 'mapZoomIn', string>;
  prevention: { types: { title: string }[] };
  instruction: { directions: string[] };
  cooperate: { heading: string };
};
const brand = Object.fromEntries(
  locales.map((locale) => [locale, parse(fs.readFileSync(`site/content/brand/${locale}.yaml`, 'utf8')) as Brand]),
) as Record<Locale, Brand>;
const partners = parse(fs.readFileSync('site/content/partners.yaml', 'utf8')) as { name: Record<Locale, string> }[];
const settings = parse(fs.readFileSync('site/content/settings/site.yaml', 'utf8')) as { contact: { phone: string }; map: { zoom: number } };

/** Route, the content section whose heading is the page's h1, and whether the page may load a script. */
const pages: { route: string; section: string; script?: boolean }[] = [
  { route: '/home', section: 'home' },
  { route: '/home/shopping', section: 'shopping' },
  { route: '/fun', section: 'fun' },
  { route: '/fun/cooperate', section: 'cooperate', script: true },
  { route: '/setting/about', section: 'about' },
  { route: '/setting/service', section: 'service' },
  { route: '/setting/instruction', section: 'instruction' },
  { route: '/setting/warning', section: 'warning' },
  { route: '/prevention', section: 'prevention' },
  { route: '/setting/terms', section: 'terms' },
  { route: '/setting/bitex', section: 'bitex' },
  { route: '/setting/question', section: 'question' },
  { route: '/setting/vrb', section: 'vrb' },
  { route: '/setting/contact', section: 'contact' },
];

const tileServer = 'https://tile.openstreetmap.org/**';
/**
 * Screenshots for a person to review, with BRAND_SITE_SCREENSHOTS=1: they assert nothing, and 84 full-page
 * pictures would be a fifth of this file's time in every test run.
 */
const screenshotDir =
  process.env.BRAND_SITE_SCREENSHOTS === '1'
    ? path.join(os.tmpdir(), `brand-site-screenshots-${new Date().toISOString().slice(0, 10)}`)
    : undefined;

async function screenshotBothWidths(page: Page, stem: string): Promise<void> {
  await page.screenshot({ path: `${stem}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${stem}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
}

/** Tiles never load in tests, with or without internet: the page must cope. */
async function blockTiles(page: Page, requested: string[] = []): Promise<void> {
  await page.route(tileServer, (route) => {
    requested.push(route.request().url());
    return route.abort();
  });
}

/** Interactive things smaller than 24 × 24 CSS px (WCAG 2.5.8), ignoring Leaflet's attribution text links. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.$$eval('a[href], button, summary, input, [tabindex="0"]', (elements) =>
    elements
      .filter((element) => !element.closest('.leaflet-control-attribution, .skip-link'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 24 || box.height < 24))
      .map(({ element, box }) => `${element.tagName} ${element.textContent?.trim().slice(0, 30)} ${box.width}x${box.height}`),
  );
}

describe('the brand site, every visitor screen in every locale', () => {
  let product: ProductServer;
  before(async () => {
    product = await startProduct();
    if (screenshotDir !== undefined) {
      fs.mkdirSync(screenshotDir, { recursive: true });
      console.log(`Brand site screenshots: ${screenshotDir}`);
    }
  });
  after(async () => {
    await product.dispose();
  });

  for (const locale of locales) {
    test(`every page speaks ${locale}, has its content, alternates, no stray script, axe-clean, large targets`, async () => {
      const visitor = await newVisitor();
      try {
        const { page } = visitor;
        await blockTiles(page);
        const scripts: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(request.url());
        });
        for (const { route, section, script } of pages) {
          scripts.length = 0;
          const url = `${product.baseUrl}${localePath(locale, route)}`;
          const response = await page.goto(url);
          assert.equal(response?.status(), 200, url);
          assert.equal(await page.getAttribute('html', 'lang'), htmlLang[locale], url);
          const content = brand[locale][section] as { heading: string; title: string; description: string };
          assert.equal((await page.textContent('h1'))?.trim(), content.heading, url);
          assert.ok((await page.title()).startsWith(content.title), url);
          assert.equal(await page.getAttribute('meta[name="description"]', 'content'), content.description, url);
          const alternates = await page.$$eval('link[rel="alternate"][hreflang]', (links) =>
            links.map((link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`),
          );
          assert.deepEqual(
            alternates,
            [...locales.map((other) => `${htmlLang[other]} ${localePath(other, route)}`), `x-default ${route}`],
            url,
          );
          if (script !== true) assert.deepEqual(scripts, [], `${url} loads no script`);
          if (route === '/fun/cooperate') await page.locator('.leaflet-container').waitFor();
          assert.deepEqual(await accessibilityViolations(page), [], url);
          assert.deepEqual(await smallTargets(page), [], url);
          if (screenshotDir !== undefined)
            await screenshotBothWidths(page, path.join(screenshotDir, `${locale}${route.replaceAll('/', '-')}`));
        }
      } finally {
        await visitor.close();
      }
    });
  }

  test('the key content: 9 numbered directions, the fraud types, the phone that dials, the AML rules, the risk notice', async () => {
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      const eng = brand.eng;
      await page.goto(`${product.baseUrl}/eng/setting/instruction`);
      assert.deepEqual(await page.locator('ol.steps > li').allTextContents(), eng.instruction.directions);

      await page.goto(`${product.baseUrl}/eng/prevention`);
      assert.equal(await page.locator('details').count(), eng.prevention.types.length);

      await page.goto(`${product.baseUrl}/eng/setting/service`);
      const phone = page.getByRole('link', { name: settings.contact.phone });
      assert.equal(await phone.getAttribute('href'), `tel:+${settings.contact.phone.replace(/\D/g, '')}`);
      assert.equal(await page.getByRole('link', { name: eng.service?.['chatLabel'] as string }).count(), 1);

      await page.goto(`${product.baseUrl}/eng/setting/warning`);
      const warning = (await page.textContent('main')) ?? '';
      assert.match(warning, /not credit/);
      assert.match(warning, /refund to the payer/);
      assert.match(warning, /do not confiscate/);

      await page.goto(`${product.baseUrl}/eng/setting/contact`);
      for (const network of ['Telegram', 'WhatsApp', 'Facebook', 'Twitter'])
        assert.match((await page.textContent('main')) ?? '', new RegExp(network));

      await page.goto(`${product.baseUrl}/eng/home/shopping`);
      assert.match((await page.textContent('main')) ?? '', /not guaranteed/);
    } finally {
      await visitor.close();
    }
  });

  test('the fun city posters open full screen and close, by mouse and by keyboard', async () => {
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      const eng = brand.eng;
      const fun = eng.fun as { store: { title: string }; iot: { title: string } };
      await page.goto(`${product.baseUrl}/eng/fun`);
      const poster = page.getByRole('dialog', { name: fun.store.title });
      const banner = page.getByRole('button', { name: new RegExp(fun.store.title) });

      await banner.click();
      await poster.waitFor();
      const box = await poster.boundingBox();
      assert.ok(box !== null && box.width >= 370 && box.height >= 800, `full screen: ${JSON.stringify(box)}`);
      assert.deepEqual(await accessibilityViolations(page), []);
      await poster.getByRole('button').click();
      await poster.waitFor({ state: 'hidden' });

      await banner.focus();
      await page.keyboard.press('Enter');
      await poster.waitFor();
      assert.equal(
        await poster.getByRole('button').evaluate((button) => button === document.activeElement),
        true,
        'focus moves to the poster',
      );
      await page.keyboard.press('Escape');
      await poster.waitFor({ state: 'hidden' });
      assert.equal(await banner.evaluate((button) => button === document.activeElement), true, 'focus returns to the banner');

      const iot = page.getByRole('dialog', { name: fun.iot.title });
      await page.getByRole('button', { name: new RegExp(fun.iot.title) }).focus();
      await page.keyboard.press('Space');
      await iot.waitFor();
      await page.keyboard.press('Enter');
      await iot.waitFor({ state: 'hidden' });
    } finally {
      await visitor.close();
    }
  });

  test('the fraud accordion opens by mouse and keyboard, one type at a time', async () => {
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      const types = brand.eng.prevention.types;
      await page.goto(`${product.baseUrl}/eng/prevention`);
      const details = page.locator('details');
      assert.equal(await details.nth(0).getAttribute('open'), '', 'the first type starts open');
      await page.locator('summary', { hasText: types[1]?.title ?? '' }).click();
      assert.equal(await details.nth(1).evaluate((element) => (element as HTMLDetailsElement).open), true);
      assert.equal(await details.nth(0).evaluate((element) => (element as HTMLDetailsElement).open), false, 'opening one closes the other');

      await page.locator('summary', { hasText: types[2]?.title ?? '' }).focus();
      await page.keyboard.press('Enter');
      assert.equal(await details.nth(2).evaluate((element) => (element as HTMLDetailsElement).open), true);
      await page.keyboard.press('Space');
      assert.equal(await details.nth(2).evaluate((element) => (element as HTMLDetailsElement).open), false);
    } finally {
      await visitor.close();
    }
  });

  test('the carousels move by keyboard and by their buttons, one picture per view on a phone, two on a wide screen', async () => {
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(`${product.baseUrl}/eng/home/shopping`);
      const track = page.locator('.carousel__track');
      const slideWidth = await page
        .locator('.carousel__slide')
        .first()
        .evaluate((slide) => slide.getBoundingClientRect().width);
      const trackWidth = await track.evaluate((element) => element.clientWidth);
      assert.ok(Math.abs(slideWidth - trackWidth) < 2, `one per view: ${slideWidth} of ${trackWidth}`);

      await track.focus();
      await page.keyboard.press('ArrowRight');
      // Smooth scrolling: wait until it settles on the second picture's snap point.
      const second = slideWidth + 12;
      await page.waitForFunction((target) => Math.abs((document.querySelector('.carousel__track')?.scrollLeft ?? 0) - target) < 4, second);
      const afterKey = await track.evaluate((element) => element.scrollLeft);

      // The CSS scroll buttons are pseudo-elements: click where the "next" one sits.
      const box = await track.boundingBox();
      assert.ok(box !== null);
      // Let the keyboard scroll finish first (a click during the snap animation can be absorbed by it).
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const element = document.querySelector('.carousel__track');
            let last = -1;
            const check = () => (element?.scrollLeft === last ? resolve() : ((last = element?.scrollLeft ?? 0), setTimeout(check, 150)));
            check();
          }),
      );
      await page.mouse.click(box.x + box.width - 8 - 22, box.y + box.height / 2);
      await page.waitForFunction((before) => (document.querySelector('.carousel__track')?.scrollLeft ?? 0) > before + 100, afterKey, {
        timeout: 10_000,
      });

      await page.goto(`${product.baseUrl}/eng/setting/about`);
      assert.equal(await page.locator('.carousel__slide').count(), 15);
      const perView = () =>
        page
          .locator('.carousel__track')
          .evaluate((element) => Math.round(element.clientWidth / (element.querySelector('li')?.getBoundingClientRect().width ?? 1)));
      assert.equal(await perView(), 1);
      await page.setViewportSize({ width: 1280, height: 900 });
      assert.equal(await perView(), 2);
    } finally {
      await visitor.close();
    }
  });

  test('the partner map: tiles fail, the list shows and says so; zoom by mouse and keyboard; geolocation', async () => {
    const visitor = await newVisitor();
    try {
      const { page, context } = visitor;
      const requested: string[] = [];
      await blockTiles(page, requested);
      const ui = brand.eng.ui;
      await page.goto(`${product.baseUrl}/eng/fun/cooperate`);
      await page.getByRole('status').filter({ hasText: ui.mapTilesFailed }).waitFor();
      assert.deepEqual(
        (await page.locator('.partner-list li strong').allTextContents()).map((name) => name.trim()).sort(),
        partners.map((partner) => partner.name.eng).sort(),
      );
      const seeded = settings.map.zoom;
      assert.ok(
        requested.some((url) => url.includes(`/${seeded}/`)),
        'asked the tile server for the seeded zoom',
      );
      const map = page.getByRole('region', { name: ui.mapLabel });
      const zoomIs = (zoom: number) => page.locator(`.partner-map__map[data-zoom="${zoom}"]`).waitFor();
      await zoomIs(seeded);

      await page.getByRole('button', { name: ui.mapZoomIn }).click();
      await zoomIs(seeded + 1);
      await map.focus();
      await page.keyboard.press('Minus');
      await zoomIs(seeded);
      await page.keyboard.press('Equal');
      await zoomIs(seeded + 1);

      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: 25.04, longitude: 121.56 });
      await page.getByRole('button', { name: ui.mapLocate }).click();
      await zoomIs(14);
      assert.equal(await page.locator('path.leaflet-interactive').count(), 1, 'a marker shows where the visitor is');
      assert.equal(await page.locator('.leaflet-marker-icon').count(), partners.length);
    } finally {
      await visitor.close();
    }
  });

  test('/empty exists in every locale with its text, alternates and a no-script way back', async () => {
    for (const locale of locales) {
      const response = await fetch(`${product.baseUrl}${localePath(locale, '/empty')}`);
      assert.equal(response.status, 200);
      const html = await response.text();
      const empty = brand[locale]['empty'] as { heading: string; description: string };
      assert.match(html, new RegExp(`<html lang="${htmlLang[locale]}"`));
      assert.ok(html.includes(`<h1>${empty.heading}</h1>`), locale);
      assert.ok(html.includes(`<meta name="description" content="${empty.description}">`), locale);
      assert.equal([...html.matchAll(/<link rel="alternate" hreflang=/g)].length, locales.length + 1);
      assert.ok(html.includes(`url=${localePath(locale, '/home/shopping')}`), 'noscript refresh to the product page');
    }
  });

  test('/empty goes back to the previous page, or to the product page when there is none', async () => {
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      await page.goto(`${product.baseUrl}/eng/fun`);
      await page.evaluate(() => (location.href = '/eng/empty'));
      await page.waitForURL('**/eng/empty');
      await page.waitForURL('**/eng/fun');
      await page.close();

      const fresh = await visitor.context.newPage();
      await fresh.goto(`${product.baseUrl}/zht/empty`);
      await fresh.waitForURL('**/zht/home/shopping');
      // Arriving from another site is not "back" into this one either.
      await fresh.goto(`${product.baseUrl}/eng/empty`, { referer: 'https://elsewhere.example/' });
      await fresh.waitForURL('**/eng/home/shopping');
    } finally {
      await visitor.close();
    }
  });
});

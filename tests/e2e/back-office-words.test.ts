import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import zhs from '../../locales/zhs.json' with { type: 'json' };
import zht from '../../locales/zht.json' with { type: 'json' };
import { accessibilityViolations, newVisitor } from '../helpers/browser.ts';
import { ProductApi, runAdmin } from '../helpers/product-api.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

const operatorName = 'words_desk';
const operatorPassword = 'a long operator passphrase';

/**
 * Latin words an operator may read on a Chinese screen, each for its reason. Data is read as such by
 * the page's own marks (a name's English translation in `lang="en"`, a bank's names in
 * `translate="no"`, codes in `<code>`); addresses, zone ids and anything with a digit are codes.
 * Data the test itself made (usernames, references) is added per run.
 */
const allowed = new Set(
  [
    // Codes the operator reads or types: encodings, file formats, a network, a spreadsheet's byte-order mark, the zone
    // list's UTC, the date format and CSV header of a meter import.
    ...['CSV', 'UTF', 'BIG', 'GB', 'KB', 'BOM', 'ID', 'TRC', 'ERC', 'PNG', 'JPEG', 'UTC', 'YYYY-MM-DD'],
    ...['room', 'business', 'date', 'kwh', 'revenue', 'evidence'],
    // Proper names: the English language by its own name (every language picker's convention), a spreadsheet, the
    // brand's virtual coin and its exchange as the brand texts name them.
    ...['English', 'Excel', 'VRB', 'Bitex'],
    // Units.
    ...['kWh', 'Wh'],
  ].map((word) => word.toLowerCase()),
);

type Messages = Record<string, string>;

/** A text each screen with seeded work shows once that work has loaded, by the tab's name. */
const seededWork = (words: Messages): Record<string, string | RegExp> => ({
  [words.admin_notices ?? '']: '12345',
  [words.admin_orders ?? '']: /REMIT-/,
  [words.admin_audit ?? '']: words.audit_action_order_confirm ?? '',
});

/** The Latin words of a screen's visible text that are not allowed, each with where it was seen. */
async function latinWords(page: Page, extra: ReadonlySet<string>): Promise<string[]> {
  // Text the page itself marks as not Chinese (a name's English translation, code) is left out, as a reader would.
  const text = await page.evaluate(() => {
    const root = document.querySelector('.gs-admin');
    if (root === null) return '';
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent === null || parent.closest('code, kbd, samp, script, style, [translate="no"], [lang]:not([lang^="zh"])') !== null)
        continue;
      if (parent.closest('[hidden], [aria-hidden="true"]') !== null) continue;
      parts.push(node.textContent ?? '');
    }
    return parts.join(' ');
  });
  const plain = text
    .replace(/\b\w*\d\w*\b/g, ' ') // order numbers, references and other codes with digits
    .replace(/https?:\/\/\S+/g, ' ') // addresses
    .replace(/\b[A-Z][A-Za-z_]+\/[A-Za-z_/+-]+/g, ' ') // IANA zone ids, chosen from a list
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ') // e-mail addresses
    .replace(/\b[\w-]+(\.[\w-]+)+\b/g, ' '); // domain and file names
  const words = plain.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g) ?? []; // a single capital letter labels a room (Park A)
  return [...new Set(words)].filter((word) => !allowed.has(word.toLowerCase()) && !extra.has(word.toLowerCase()));
}

/**
 * Every back-office screen in simplified and traditional Chinese, with seeded work in it, at a
 * laptop's 1366×768: no Latin word that is not a name, a code or a unit (issue 35), and no axe
 * violation.
 */
describe('every back-office screen speaks the operator’s language', () => {
  let product: ProductServer;
  let api: ProductApi;
  const data = new Set<string>();

  before(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-words-'));
    await runAdmin(dataDir, ['create-operator', operatorName], { OPERATOR_PASSWORD: operatorPassword });
    product = await startProduct({}, dataDir);
    api = new ProductApi(product.baseUrl);
    const operator = await api.operatorLogin(operatorName, operatorPassword);
    const stamp = Date.now().toString(36);
    const buyer = await api.verifiedMember(operator, `words_${stamp}`, 'sun2026', '王小明');
    await api.paidOrder(operator, buyer, 1, 30_000, '王小明');
    const waiting = await api.call<{ id: number }>('POST', 'v1/order', buyer.token, {
      item_content: [{ product_id: 1, count: 1 }],
      delivery_method_id: 1,
      engine_room_id: 1,
      payment_method_id: 1,
      amount: 3000,
    });
    await api.call('POST', 'v1/orderNotice', buyer.token, {
      order_id: waiting.id,
      account_back_five: '12345',
      image: await api.uploadPhoto(buyer.token),
    });
    for (const word of [operatorName, `words_${stamp}`, 'REMIT'])
      for (const part of word.split(/[^A-Za-z]+/)) if (part !== '') data.add(part.toLowerCase());
  });
  after(async () => {
    await product.dispose();
  });

  for (const [locale, words, prefix] of [
    ['zhs', zhs as Messages, ''],
    ['zht', zht as Messages, '/zht'],
  ] as const) {
    test(`in ${locale}`, async () => {
      const desk = await newVisitor();
      const found: string[] = [];
      try {
        const { page } = desk;
        await page.setViewportSize({ width: 1366, height: 768 });
        await page.goto(`${product.baseUrl}${prefix}/admin`);
        await page.getByLabel(words.admin_username ?? '').fill(operatorName);
        await page.getByLabel(words.admin_password ?? '').fill(operatorPassword);
        await page.getByRole('button', { name: words.admin_login ?? '' }).click();
        await page.locator('.gs-admin__nav').waitFor();
        const tabs = await page.locator('.gs-admin__nav button[aria-pressed]').all();
        for (const tab of tabs) {
          const name = (await tab.innerText()).split('\n')[0] ?? '';
          await tab.click();
          // Every screen loads its lists after it opens: wait until the network and the screen are still.
          await page.waitForLoadState('networkidle');
          await page.waitForFunction(() => document.querySelector('.gs-admin .gs-loading, .gs-admin [aria-busy="true"]') === null);
          await page.waitForTimeout(300);
          await page.waitForLoadState('networkidle');
          // The screens with seeded work show it: the words checked include what the data brings.
          const seeded = seededWork(words)[name];
          if (seeded !== undefined) await page.locator('.gs-admin__work').locator('td, th, dd, li').getByText(seeded).first().waitFor();
          for (const word of await latinWords(page, data)) found.push(`${name}: ${word}`);
          for (const violation of await accessibilityViolations(page)) found.push(`${name}: axe ${violation}`);
        }
      } finally {
        await desk.close();
      }
      assert.deepEqual(found, []);
    });
  }
});

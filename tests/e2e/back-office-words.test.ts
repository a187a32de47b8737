import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zhs from '../../locales/zhs.json' with { type: 'json' };
import zht from '../../locales/zht.json' with { type: 'json' };
import { accessibilityViolations, newVisitor } from '../helpers/browser.ts';
import { latinWords, madeWords } from '../helpers/latin-words.ts';
import { ProductApi, runAdmin } from '../helpers/product-api.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

const operatorName = 'words_desk';
const operatorPassword = 'a long operator passphrase';

type Messages = Record<string, string>;

/** A text each screen with seeded work shows once that work has loaded, by the tab's name. */
const seededWork = (words: Messages): Record<string, string | RegExp> => ({
  [words.admin_notices ?? '']: '12345',
  [words.admin_orders ?? '']: /REMIT-/,
  [words.admin_audit ?? '']: words.audit_action_order_confirm ?? '',
});

/**
 * Every back-office screen in simplified and traditional Chinese, with seeded work in it, at a
 * laptop's 1366×768: no Latin word that is not a name, a code or a unit (issue 35), and no axe
 * violation.
 */
describe('every back-office screen speaks the operator’s language', () => {
  let product: ProductServer;
  let api: ProductApi;
  let data = new Set<string>();

  before(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-words-'));
    await runAdmin(dataDir, ['create-operator', operatorName], { OPERATOR_PASSWORD: operatorPassword });
    product = await startProduct({}, dataDir);
    api = new ProductApi(product.baseUrl);
    const operator = await api.operatorLogin(operatorName, operatorPassword);
    const stamp = Date.now().toString(36);
    const buyer = await api.verifiedMember(operator, `words_${stamp}`, 'sun2026', '王小明');
    await api.paidOrder(operator, buyer, 1, 30_000, '王小明');
    await api.notifiedOrder(buyer, 1, 3000);
    data = madeWords(operatorName, `words_${stamp}`, 'REMIT');
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
          for (const word of await latinWords(page, '.gs-admin', data)) found.push(`${name}: ${word}`);
          for (const violation of await accessibilityViolations(page)) found.push(`${name}: axe ${violation}`);
        }
      } finally {
        await desk.close();
      }
      assert.deepEqual(found, []);
    });
  }
});

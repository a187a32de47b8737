import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import eng from '../../locales/eng.json' with { type: 'json' };
import { htmlLang, localePath, locales } from '../../locales/index.ts';
import zhs from '../../locales/zhs.json' with { type: 'json' };
import zht from '../../locales/zht.json' with { type: 'json' };
import { dateInZone } from '../../server/db/business-day.ts';
import { accessibilityViolations, newVisitor } from '../helpers/browser.ts';
import { ProductApi, runAdmin } from '../helpers/product-api.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

const operatorName = 'trust_operator';
const operatorPassword = 'a long operator passphrase';
const memberPassword = 'sun2026';
const realname = 'Lin Mei';
const titles = { zhs: zhs.trust_title, zht: zht.trust_title, eng: eng.trust_title };

interface TrustRoom {
  id: number;
  revenue: number;
  income: number;
  balance: number;
}

/**
 * PRODUCT.md decision 1 made visible: after two distributions and a correction, anyone reads on
 * /trust, in every locale, the same totals the ledger holds; the member sees their own income.
 */
describe('/trust: where income comes from, read from the ledger', () => {
  let product: ProductServer;
  let dataDir: string;
  let api: ProductApi;
  let member: { token: string; id: number; username: string };
  before(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-trust-'));
    await runAdmin(dataDir, ['create-operator', operatorName], { OPERATOR_PASSWORD: operatorPassword });
    product = await startProduct({}, dataDir);
    api = new ProductApi(product.baseUrl);
    const operator = await api.operatorLogin(operatorName, operatorPassword);

    const username = `trust_${Date.now().toString(36)}`;
    member = { ...(await api.registeredMember(username, memberPassword)), username };
    const photo = () => api.uploadPhoto(member.token);
    await api.call('PUT', `v1/user/${member.id}`, member.token, {
      name: username,
      realname,
      email: `${username}@example.com`,
      phone: '+886 912 345 678',
      countries_id: 1,
      certificates_id: 1,
      certificate_number: 'A123456789',
      certificate_front: await photo(),
      certificate_back: await photo(),
      certificate_handle: await photo(),
    });
    await api.call('POST', `admin/v1/verifications/${member.id}/approve`, operator);
    // 1.5 units of room 1's 23 at 15,000,000 points a unit.
    const order = await api.call<{ id: number }>('POST', 'v1/order', member.token, {
      item_content: [{ product_id: 1, count: 1 }],
      delivery_method_id: 1,
      engine_room_id: 1,
      payment_method_id: 1,
      amount: 22_500_000,
    });
    await api.call('POST', 'v1/orderNotice', member.token, { order_id: order.id, account_back_five: '12345', image: await photo() });
    await api.call('POST', `admin/v1/orders/${order.id}/confirm`, operator, { payer_name: realname, bank_reference: 'REMIT-1' });

    // Two business days of room 1 (today, so the payment above counts), shared, then one corrected.
    const today = dateInZone(new Date(), 'Asia/Taipei');
    const yesterday = dateInZone(new Date(Date.now() - 86_400_000), 'Asia/Taipei');
    for (const [day, revenue] of [
      [yesterday, '23000'],
      [today, '46000'],
    ] as const) {
      await api.shareOutRevenue(operator, 1, day, '5000', revenue, `meter ${day}`);
    }
    await api.call('POST', 'admin/v1/engine-rooms/1/revenue-adjustments', operator, {
      business_date: today,
      revenue_delta: '-1000',
      reason: 'meter re-read',
    });
  });
  let stopped = false;
  after(async () => {
    if (!stopped) await product.dispose();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  test('every locale shows the ledger’s totals, axe-clean; the member sees their own income', async () => {
    const rooms = (await (await fetch(`${product.baseUrl}/api/v1/trust`)).json()) as { rooms: TrustRoom[] };
    const room = rooms.rooms.find((row) => row.id === 1);
    // The payment was confirmed today: yesterday's 23,000 is all the room's; today 46,000 less 10 % shared 1.5/23.
    assert.deepEqual(room && { revenue: room.revenue, income: room.income, balance: room.balance }, {
      revenue: 68_000,
      income: 2700,
      balance: 65_300,
    });

    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      for (const locale of locales) {
        await page.goto(`${product.baseUrl}${localePath(locale, '/trust')}`);
        assert.equal(await page.getAttribute('html', 'lang'), htmlLang[locale]);
        assert.equal((await page.textContent('h1'))?.trim(), titles[locale]);
        await page.locator('.gs-trust__days tbody tr').first().waitFor();
        const totals = await page.locator('section').first().locator('tbody tr').first().textContent();
        for (const figure of ['68,000.0000', '2,700.0000', '65,300.0000']) assert.ok(totals?.includes(figure), `${locale}: ${totals}`);
        assert.deepEqual(await accessibilityViolations(page), [], locale);
      }

      await page.goto(`${product.baseUrl}/eng/login`);
      await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled === false);
      await page.getByLabel(eng.login_username).fill(member.username);
      await page.getByLabel(eng.login_password, { exact: true }).fill(memberPassword);
      await page.getByLabel(eng.login_password, { exact: true }).press('Enter');
      await page.waitForURL('**/eng/home/shopping');
      await page.goto(`${product.baseUrl}/eng/trust`);
      const own = page.locator('.gs-trust__own');
      await own.first().waitFor();
      assert.equal(await own.count(), 1);
      assert.ok((await own.textContent())?.includes('2,700.0000'));
    } finally {
      await visitor.close();
    }
    // The embedded database has one writer: the ledger check runs once the server has stopped.
    await product.dispose();
    stopped = true;
    assert.match(await runAdmin(dataDir, ['verify-ledger']), /^ledger consistent/);
  });
});

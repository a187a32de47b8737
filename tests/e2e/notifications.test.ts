import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import eng from '../../locales/eng.json' with { type: 'json' };
import zht from '../../locales/zht.json' with { type: 'json' };
import { accessibilityViolations, newVisitor, rememberSession } from '../helpers/browser.ts';
import { ProductApi, runAdmin } from '../helpers/product-api.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

const operatorName = 'bell_operator';
const operatorPassword = 'a long operator passphrase';
const memberPassword = 'sun2026';
const realname = 'Lin Mei';

/** The bell in the header of a member screen, in traditional Chinese, as an operator acts elsewhere. */
describe('notifications: the bell tells a member what an operator did', () => {
  let product: ProductServer;
  let api: ProductApi;
  let operator: string;
  let username: string;
  let order: { id: number; order_number: string };
  let memberToken: string;

  before(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-bell-'));
    await runAdmin(dataDir, ['create-operator', operatorName], { OPERATOR_PASSWORD: operatorPassword });
    product = await startProduct({}, dataDir);
    api = new ProductApi(product.baseUrl);
    operator = await api.operatorLogin(operatorName, operatorPassword);
    username = `bell_${Date.now().toString(36)}`;
    const member = await api.verifiedMember(operator, username, memberPassword, realname);
    memberToken = member.token;
    order = await api.notifiedOrder(member, 1, 3000);
    await api.call('POST', 'v1/notifications/read-all', member.token);
  });
  after(async () => {
    await product.dispose();
  });

  test('after an operator confirms the payment, the bell shows 1 within 10 s and the notice reads in zht', async () => {
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      // The member's session as the site keeps it (logging in through the screen is the members test's own).
      await rememberSession(page, product.baseUrl, memberToken);
      await page.goto(`${product.baseUrl}/zht/wallet`);
      const bell = page.getByRole('button', { name: zht.notices_open, exact: true });
      await bell.waitFor();

      await api.call('POST', `admin/v1/orders/${order.id}/confirm`, operator, { payer_name: realname, bank_reference: 'REMIT-9' });
      const started = Date.now();
      await page
        .getByRole('button', { name: `${zht.notices_open}, ${zht.notices_unread.replace('{{count}}', '1')}` })
        .waitFor({ timeout: 10_000 });
      assert.ok(Date.now() - started <= 10_000);

      await page.getByRole('button', { name: new RegExp(`^${zht.notices_open}, `) }).click();
      const notices = page.getByRole('region', { name: zht.notices_title });
      await notices.getByText(zht.notice_payment_confirmed.replace('{{order_number}}', order.order_number)).waitFor();
      assert.deepEqual(await accessibilityViolations(page), []);

      // The open panel stays inside the screen on the narrowest phone and on a desktop: the language
      // link after the bell once pushed it 104 px off the left edge at 390 px.
      for (const width of [320, 390, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const box = await notices.boundingBox();
        assert.ok(box !== null, `the panel is shown at ${width} px`);
        assert.ok(box.x >= 0 && box.x + box.width <= width, `the panel spans ${box.x}–${box.x + box.width} px at ${width} px`);
      }
    } finally {
      await visitor.close();
    }
  });

  test('a payment notice sent while the back office is open raises its count and the title within 10 s', async () => {
    const desk = await newVisitor();
    try {
      const office = desk.page;
      await office.goto(`${product.baseUrl}/eng/admin`);
      await office.getByLabel(eng.admin_username).fill(operatorName);
      await office.getByLabel(eng.admin_password).fill(operatorPassword);
      await office.getByRole('button', { name: eng.admin_login }).click();
      // The count beside the tab's name (read aloud after the name as ", n waiting").
      const notices = (count: number) =>
        office
          .locator('nav button')
          .filter({ hasText: eng.admin_notices })
          .locator('[aria-hidden="true"]', { hasText: new RegExp(`^${count}$`) });
      const waiting = (await api.call<{ payment_notices: number }>('GET', 'admin/v1/work-counts', operator)).payment_notices;
      if (waiting > 0) await notices(waiting).waitFor();
      else await office.locator('nav button').filter({ hasText: eng.admin_notices }).waitFor();

      const next = await api.call<{ id: number }>('POST', 'v1/order', memberToken, {
        item_content: [{ product_id: 1, count: 1 }],
        delivery_method_id: 1,
        engine_room_id: 1,
        payment_method_id: 1,
        amount: 3000,
      });
      await api.call('POST', 'v1/orderNotice', memberToken, {
        order_id: next.id,
        account_back_five: '54321',
        image: await api.uploadPhoto(memberToken),
      });
      const sent = Date.now();
      await notices(waiting + 1).waitFor({ timeout: 10_000 });
      assert.ok(Date.now() - sent <= 10_000);
      assert.match(await office.title(), new RegExp(`^\\(${waiting + 1}\\) `));
    } finally {
      await desk.close();
    }
  });
});

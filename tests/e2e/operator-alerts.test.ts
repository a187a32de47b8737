import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zhs from '../../locales/zhs.json' with { type: 'json' };
import { accessibilityViolations, newVisitor } from '../helpers/browser.ts';
import { ProductApi, runAdmin } from '../helpers/product-api.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

const password = 'a long operator passphrase';
type Posted = { body: string; signature: string };

/**
 * An administrator sets up a webhook in Settings (decision 064), in simplified Chinese at 1366×768, keeps the
 * signing secret the screen shows once and sends a test through it; a member then notifies a payment, and the receiver is told of it within
 * ten seconds, signed with that secret, by order number.
 */
describe('operators told of new work by a signed webhook', () => {
  let product: ProductServer;
  let api: ProductApi;
  const posts: Posted[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      posts.push({ body, signature: String(request.headers['x-signature'] ?? '') });
      response.writeHead(204).end();
    });
  });

  before(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-alerts-'));
    await runAdmin(dataDir, ['create-operator', 'desk_alerts'], { OPERATOR_PASSWORD: password });
    product = await startProduct({}, dataDir);
    api = new ProductApi(product.baseUrl);
  });
  after(async () => {
    await product.dispose();
    await new Promise((resolve) => receiver.close(resolve));
  });

  test('the secret shown once signs the post that names the new payment notice', async () => {
    const { page, close } = await newVisitor();
    try {
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.goto(`${product.baseUrl}/admin`);
      await page.getByLabel(zhs.admin_username).fill('desk_alerts');
      await page.getByLabel(zhs.admin_password).fill(password);
      await page.getByRole('button', { name: zhs.admin_login }).click();
      await page.getByRole('button', { name: zhs.admin_settings, exact: true }).click();
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/work`;
      await page.getByLabel(zhs.admin_alerts_webhook).fill(url);
      await page.getByRole('button', { name: zhs.admin_alerts_save }).click();
      await page.getByText(zhs.admin_alerts_saved).waitFor();
      const secret = (await page.locator('section code').textContent()) ?? '';
      assert.match(secret, /^whsec_/);
      // A test through the webhook as saved: the receiver gets a signed work.test, the screen says it took it.
      await page.getByRole('button', { name: zhs.admin_alerts_test }).click();
      await page.getByText(zhs.admin_alerts_test_webhook_sent.replace('{{status}}', '204')).waitFor();
      const tested = posts.find((posted) => posted.body.includes('"work.test"'));
      assert.ok(tested, 'the receiver got the test');
      assert.deepEqual(await accessibilityViolations(page), []);

      const username = `alerted_${Date.now().toString(36)}`;
      const member = await api.registeredMember(username, 'sun2026');
      const order = await api.notifiedOrder(member, 1, 3000);

      const deadline = Date.now() + 10_000;
      const told = () => posts.find((posted) => posted.body.includes(order.order_number));
      while (told() === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      const posted = told();
      assert.ok(posted, 'the receiver was told of the notice within 10 s');
      const [, t = '', v1 = ''] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(posted.signature) ?? [];
      assert.equal(createHmac('sha256', secret).update(`${t}.${posted.body}`).digest('hex'), v1);
      const items = (JSON.parse(posted.body) as { items: { kind: string; label: string; amount: string; url: string | null }[] }).items;
      const ours = items.find((item) => item.label === order.order_number);
      // Without PUBLIC_URL the server knows no address of its own to link the queue by.
      assert.deepEqual(
        { kind: ours?.kind, amount: ours?.amount, url: ours?.url },
        { kind: 'payment_notice', amount: '3000.0000', url: null },
      );
    } finally {
      await close();
    }
  });
});

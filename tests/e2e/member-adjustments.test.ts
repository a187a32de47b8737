import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import zht from '../../locales/zht.json' with { type: 'json' };
import { accessibilityViolations, newVisitor, pressAndConfirm } from '../helpers/browser.ts';
import { ProductApi, runAdmin } from '../helpers/product-api.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

const password = 'a long operator passphrase';
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

async function signIn(page: Page, baseUrl: string, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${baseUrl}/zht/admin`);
  await page.getByLabel(zht.admin_username).fill(name);
  await page.getByLabel(zht.admin_password).fill(password);
  await page.getByRole('button', { name: zht.admin_login }).click();
}

/**
 * Customer service credits a member (decision 060), in traditional Chinese at 1366×768: one
 * administrator asks for 5,000 points, above the limit of 1,000, so it waits; the same
 * administrator cannot approve it; a second one, in another browser, approves it from the Members
 * tab; the member's statement and bell then say so.
 */
describe('a large credit by customer service takes two administrators', () => {
  let product: ProductServer;
  let api: ProductApi;
  const username = `adjusted_${Date.now().toString(36)}`;
  let member: { token: string; id: number };

  before(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-adjust-'));
    for (const name of ['desk_alice', 'desk_bob']) await runAdmin(dataDir, ['create-operator', name], { OPERATOR_PASSWORD: password });
    product = await startProduct({}, dataDir);
    api = new ProductApi(product.baseUrl);
    member = await api.registeredMember(username, 'sun2026');
  });
  after(async () => {
    await product.dispose();
  });

  test('asked by one, approved by the other, told to the member', async () => {
    const alice = await newVisitor();
    const bob = await newVisitor();
    try {
      await signIn(alice.page, product.baseUrl, 'desk_alice');
      const desk = alice.page;
      await desk.getByRole('button', { name: zht.admin_members, exact: true }).click();
      await desk.getByLabel(zht.admin_members_search).fill(username);
      await desk.getByRole('button', { name: zht.admin_members_search_go }).click();
      await desk.getByRole('button', { name: zht.admin_members_open }).click();
      await desk.getByLabel(zht.admin_adjust_amount).fill('5000');
      await desk.getByLabel(zht.admin_adjust_reason).fill('停電補償');
      await pressAndConfirm(desk, zht.admin_adjust_submit);
      await desk.getByText(fill(zht.admin_adjust_waiting, { amount: '+5,000.0000' })).waitFor();
      await desk.getByText(zht.admin_adjust_own_note).waitFor();
      assert.deepEqual(await accessibilityViolations(desk), []);

      await signIn(bob.page, product.baseUrl, 'desk_bob');
      const second = bob.page;
      await second.getByRole('button', { name: new RegExp(`^${zht.admin_members}`) }).click();
      const waiting = second.locator('section', { has: second.getByRole('heading', { name: zht.admin_adjust_pending_title }) });
      await waiting.getByRole('cell', { name: '停電補償' }).waitFor();
      assert.deepEqual(await accessibilityViolations(second), []);
      await waiting.getByRole('button', { name: zht.admin_adjust_approve, exact: true }).click();
      await waiting.locator('.gs-admin__ask').getByRole('button', { name: zht.admin_adjust_approve, exact: true }).click();
      await second.getByText(fill(zht.admin_adjust_approved, { amount: '+5,000.0000' })).waitFor();
    } finally {
      await alice.close();
      await bob.close();
    }
    const statement = await api.call<{ data: { kind: string; amount: number }[] }>('GET', 'v1/statement', member.token);
    assert.deepEqual(
      statement.data.map((line) => [line.kind, line.amount]),
      [['service_credit', 5000]],
    );
    const notices = await api.call<{ data: { kind: string; params: Record<string, string | number> }[] }>(
      'GET',
      'v1/notifications',
      member.token,
    );
    assert.deepEqual(
      notices.data.filter((notice) => notice.kind.startsWith('balance_')).map((notice) => [notice.kind, notice.params]),
      [['balance_credited', { amount: 5000, reason: '停電補償' }]],
    );
  });
});

import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import eng from '../../locales/eng.json' with { type: 'json' };
import { accessibilityViolations, newVisitor } from '../helpers/browser.ts';
import { logInThroughFrame, seen, watch } from '../helpers/partner-page.ts';
import { ProductApi, runAdmin } from '../helpers/product-api.ts';
import { startPartnerSite, type PartnerSite } from '../helpers/partner-site.ts';
import { freePort, startProduct, type ProductServer } from '../helpers/product-server.ts';

const operatorName = 'hostile_operator';
const operatorPassword = 'a long operator passphrase';
const password = 'sun2026';
const realname = 'Lin Mei';
const cardNumber = '6225880123456789';

interface Outcome {
  channel: 'page' | 'own';
  method: string;
  path: string;
  ok: boolean | null;
  status: number | null;
}

interface Loot {
  windowMessages: unknown[];
  portsHeard: number;
  sent: unknown[];
  replies: unknown[];
}

/**
 * Issue 34's proof: a hostile script on an allowed partner page, cross-site to our origin (localhost
 * against 127.0.0.1) under the documented strict CSP, does everything a script there can do to act as
 * the member (decision 054). It learns no personal data and performs nothing outside the harmless list;
 * forged words change nothing; the widgets keep working.
 */
describe('a hostile script on a partner page', () => {
  let product: ProductServer;
  let partner: PartnerSite;
  let api: ProductApi;
  let member: { token: string; id: number };
  let cardId: number;
  const username = `hostile_${Date.now().toString(36)}`;

  before(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-hostile-'));
    await runAdmin(dataDir, ['create-operator', operatorName], { OPERATOR_PASSWORD: operatorPassword });
    const port = await freePort();
    const hostile = await fs.readFile(new URL('../helpers/hostile-partner-script.js', import.meta.url), 'utf8');
    partner = await startPartnerSite(
      `http://127.0.0.1:${port}`,
      {
        '/':
          '<script src="/analytics.js"></script><gs-session-badge></gs-session-badge><gs-login></gs-login><gs-wallet></gs-wallet>' +
          '<gs-withdraw></gs-withdraw><gs-bank-cards></gs-bank-cards><gs-verify></gs-verify>',
      },
      { '/analytics.js': hostile },
    );
    product = await startProduct({ PORT: String(port), CORS_ORIGINS: partner.origin, WITHDRAWAL_COOLDOWN_HOURS: '0' }, dataDir);
    api = new ProductApi(product.baseUrl);
    const operator = await api.operatorLogin(operatorName, operatorPassword);
    member = await api.verifiedMember(operator, username, password, realname);
    const card = await api.call<{ id: number }>('POST', 'v1/bankcard', member.token, {
      cardholder: realname,
      bank_name: 'Bank of Taiwan',
      card_number: cardNumber,
      payment_name: 'Xinyi branch',
    });
    cardId = card.id;
  });

  after(async () => {
    await partner.close();
    await product.dispose();
  });

  test('learns nothing personal, acts on nothing outside the harmless list, and forged words change nothing', async () => {
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      await watch(page);
      await page.goto(`${partner.origin}/`);
      const loggedIn = page.waitForResponse((response) => response.url().includes('/api/v1/login'));
      await logInThroughFrame(page, username, password);
      const token = ((await (await loggedIn).json()) as { detail: { token: string } }).detail.token;
      assert.ok(token.length > 20);
      await page.locator('gs-session-badge').getByText(username).waitFor();
      // The member's screens are on show: the card list, the withdrawal and the verification, each in its frame.
      await page.frameLocator('gs-bank-cards iframe').getByText('6789').first().waitFor();
      await page.frameLocator('gs-withdraw iframe').locator('table[aria-busy="false"]').waitFor();
      await page.frameLocator('gs-verify iframe').getByText(eng.verify_title).first().waitFor({ state: 'attached' });
      await page.locator('gs-wallet').getByText(eng.wallet_main).first().waitFor();

      const { pagePorts, outcomes } = await page.evaluate(
        ([apiOrigin, memberId, card]) =>
          (window as unknown as { __attack: (...args: unknown[]) => Promise<{ pagePorts: number; outcomes: Outcome[] }> }).__attack(
            apiOrigin,
            memberId,
            card,
          ),
        [product.baseUrl, member.id, cardId] as const,
      );
      assert.ok(pagePorts >= 1, 'the script got hold of the page end of the session channel, as any script there can');
      assert.equal(outcomes.length, 36);
      // Every member route that moves money or identity, or reads personal data, however spelt, refused before it was sent.
      for (const outcome of outcomes) assert.deepEqual([outcome.ok, outcome.status], [false, 403], JSON.stringify(outcome));

      // What the script heard and was answered holds no personal data (name, phone, e-mail, certificate, card number), nor the token.
      const loot = await page.evaluate(() => (window as unknown as { __loot: Loot }).__loot);
      const heard = JSON.stringify(loot);
      for (const secret of [realname, `${username}@example.com`, '912 345 678', 'A123456789', cardNumber, token])
        assert.ok(!heard.includes(secret), `the script learnt ${secret}`);
      // No window-wide listener heard a port or a session message (what our frames say on the window: sizes, links).
      assert.equal(loot.portsHeard, 0);
      assert.ok(!JSON.stringify(loot.windowMessages).includes('"user"'));
      // It saw what the page's widgets show, and no more: the member's name on the badge, the balance.
      assert.ok(heard.includes(username));

      // Forged words changed nothing: the real member on the badge, no refusal, and the widgets still work.
      await page.waitForTimeout(500);
      const badgeText = await page.evaluate(() => document.querySelector('gs-session-badge')?.shadowRoot?.textContent ?? '');
      assert.ok(badgeText.includes(username), badgeText);
      assert.ok(!badgeText.includes('SPOOFED'));
      const wallet = page.locator('gs-wallet');
      assert.equal(await wallet.getByText(eng.embed_refused).count(), 0);
      await wallet.getByLabel(eng.wallet_amount, { exact: true }).fill('100');
      await page.frameLocator('gs-bank-cards iframe').getByText('6789').first().waitFor();
      assert.deepEqual((await seen(page)).violations, []);
      assert.deepEqual(await accessibilityViolations(page), []);
      // Nothing changed: the password still logs in (a login here ends the page's session: one device at a time), the
      // one card as it was, no withdrawal, the name and contact as they were.
      const checker = await api.login(username, password);
      const cards = await api.call<{ id: number; card_number: string; cardholder: string }[]>('GET', 'v1/bankcard', checker.token);
      assert.deepEqual(
        cards.map((card) => [card.id, card.cardholder]),
        [[cardId, realname]],
      );
      const withdrawals = await api.call<{ data: unknown[] }>('GET', 'v1/withdraw', checker.token);
      assert.equal(withdrawals.data.length, 0);
      const me = await api.call<Record<string, unknown>>('GET', 'v1/check', checker.token);
      assert.equal(me.realname, realname);
      assert.equal(me.email, `${username}@example.com`);
    } finally {
      await visitor.close();
    }
  });
});

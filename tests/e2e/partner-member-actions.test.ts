import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import eng from '../../locales/eng.json' with { type: 'json' };
import { accessibilityViolations, newVisitor } from '../helpers/browser.ts';
import { clickWhenStill, seen, watch } from '../helpers/partner-page.ts';
import { startPartnerSite, type PartnerSite } from '../helpers/partner-site.ts';
import { ProductApi, runAdmin, samplePhoto } from '../helpers/product-api.ts';
import { freePort, startProduct, type ProductServer } from '../helpers/product-server.ts';

const operatorName = 'actions_operator';
const operatorPassword = 'a long operator passphrase';
const password = 'sun2026';
const realname = 'Huang Wen';
const serial = `GS-PARTNER-${Date.now().toString(36)}`;

/**
 * A member's whole way through the widgets of one partner page on another origin, under the strict
 * CSP the documentation publishes and a hostile style sheet: register in our frame, send the identity
 * (PUT v1/user/{id} with three uploaded photos), read the approval in the bell and mark it read, add a
 * bank card, bind a machine, order, edit the order (PUT v1/order/{id}), notify payment with an uploaded
 * proof while the order list beside the cart follows, open the order's payment screen where the partner
 * routes to it, and download the statement's CSV.
 * partner-embedding.test.ts covers login, a transfer, a withdrawal, the card edit and delete, the password change and logout.
 */
describe('every member action from widgets on a partner page, under its strict CSP', () => {
  let product: ProductServer;
  let partner: PartnerSite;
  let api: ProductApi;
  let operator: string;
  let photo: string;
  const username = `partner_${Date.now().toString(36)}`;

  before(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-partner-actions-'));
    await runAdmin(dataDir, ['create-operator', operatorName], { OPERATOR_PASSWORD: operatorPassword });
    const port = await freePort();
    partner = await startPartnerSite(`http://127.0.0.1:${port}`, {
      '/member':
        '<gs-session-badge></gs-session-badge><gs-notifications></gs-notifications><gs-register></gs-register>' +
        '<gs-verify></gs-verify><gs-bank-add></gs-bank-add><gs-bank-cards></gs-bank-cards><gs-add-machine></gs-add-machine>' +
        '<gs-cart></gs-cart><gs-orders></gs-orders><gs-wallet-statement></gs-wallet-statement>',
    });
    product = await startProduct({ PORT: String(port), CORS_ORIGINS: partner.origin }, dataDir);
    api = new ProductApi(product.baseUrl);
    operator = await api.operatorLogin(operatorName, operatorPassword);
    await api.call('POST', 'admin/v1/devices', operator, { serial, engine_room_id: 1 });
    photo = path.join(dataDir, 'photo.jpg');
    await fs.writeFile(photo, await samplePhoto());
  });

  after(async () => {
    await partner.close();
    await product.dispose();
  });

  test('register, verify with photos, read the notice, add a card, bind a machine, order, edit it, notify payment, download the statement', async () => {
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      await watch(page);
      await page.goto(`${partner.origin}/member`);

      // Registration runs in our frame; the page hears of the new member's login.
      const registered = page.waitForResponse((response) => response.url().includes('/api/v1/register'));
      const form = page.frameLocator('gs-register iframe');
      await form.getByLabel(eng.register_username).fill(username);
      await form.getByLabel(eng.register_password, { exact: true }).fill(password);
      await form.getByLabel(eng.register_password_confirm).fill(password);
      await form.getByLabel(eng.register_referral_code).fill('SOLAR1');
      await form.getByRole('button', { name: eng.register_submit }).click();
      const memberId = ((await (await registered).json()) as { detail: { user: { id: number } } }).detail.user.id;
      await page.locator('gs-session-badge').getByText(username).waitFor();
      assert.ok((await seen(page)).events.some((event) => event.startsWith('gs:login') && event.includes(username)));

      // Before verifying, the card form says what it needs first, with the way there.
      // The card form, the verification and the card list run in frames on our origin (decision 054).
      await page.frameLocator('gs-bank-add iframe').getByText(eng.refusal_bank_card_needs_verification).waitFor();

      // Identity: three photos uploaded through the session frame, then PUT v1/user/{id}.
      const verify = page.frameLocator('gs-verify iframe');
      await verify.getByLabel(eng.verify_real_name).fill(realname);
      await verify.getByLabel(eng.verify_email).fill(`${username}@example.com`);
      await verify.getByLabel(eng.verify_phone).fill('+886 912 345 678');
      await verify.getByLabel(eng.verify_country).selectOption('1');
      await verify.getByLabel(eng.verify_certificate_type).selectOption('1');
      await verify.getByLabel(eng.verify_certificate_number).fill('A123456789');
      for (const label of [eng.verify_photo_front, eng.verify_photo_back, eng.verify_photo_handheld]) {
        await verify.getByLabel(label).setInputFiles(photo);
      }
      await verify.locator('.gs-photo img').nth(2).waitFor();
      await verify.getByRole('button', { name: eng.verify_submit }).click();
      await verify.getByText(eng.verify_success).waitFor();
      // Under review, the card form in its own frame says so in place of the form.
      const addCard = page.frameLocator('gs-bank-add iframe');
      await addCard.getByText(eng.bank_add_wait_review).waitFor();

      // The operator approves; the bell shows the notice, and marking it read is a POST from the page.
      await api.call('POST', `admin/v1/verifications/${memberId}/approve`, operator);
      const bell = page.locator('gs-notifications');
      await bell.getByRole('button', { name: `${eng.notices_open}, ${eng.notices_unread.replace('{{count}}', '1')}` }).click();
      await bell.getByRole('button', { name: eng.notices_read_all }).click();
      await bell.getByRole('button', { name: eng.notices_open, exact: true }).waitFor();

      // A card in the member's verified name (POST); the list beside the form shows it at once.
      // The bell's new notice read the member afresh: the approval reached the card form by itself.
      await addCard.getByLabel(eng.bank_cardholder).fill(realname);
      await addCard.getByLabel(eng.bank_bank_name).fill('Bank of Taiwan');
      await addCard.getByLabel(eng.bank_card_number).fill('6225880123451234');
      await addCard.getByLabel(eng.bank_branch).fill('Xinyi branch');
      await addCard.getByRole('button', { name: eng.bank_save }).click();
      await addCard.getByText(eng.bank_add_success).waitFor();
      await page.frameLocator('gs-bank-cards iframe').getByText('1234').first().waitFor();

      // A machine the operator put in the inventory, bound by its serial (POST v1/device).
      const machine = page.locator('gs-add-machine');
      await machine.getByLabel(eng.dig_serial_label).fill(serial);
      // Below the card frames, which grow as the list does: clicked once the page is still.
      await clickWhenStill(page, machine.getByRole('button', { name: eng.dig_submit }));
      await machine.getByText(eng.dig_add_success).waitFor();

      // An order (POST), edited (PUT), then the payment notice with its proof; the order list follows each step.
      const cart = page.locator('gs-cart');
      const orders = page.locator('gs-orders');
      await cart.getByLabel(eng.cart_delivery_hosting).check();
      await cart.getByLabel(eng.cart_payment_remittance).check();
      await cart.getByRole('button', { name: eng.cart_submit_order }).click();
      await cart.getByRole('heading', { name: eng.cart_step_payment }).waitFor();
      const orderNumber = (await cart.locator('code').first().textContent()) ?? '';
      assert.match(orderNumber, /^GS\d{12}$/);
      await orders.getByText(orderNumber).waitFor();
      // The order's id comes with it: what <gs-order-payment order-id> takes.
      const created = (await seen(page)).events.find((event) => event.startsWith('gs:order-created') && event.includes(orderNumber));
      assert.match(created ?? '', /"id":\d+,/);

      await cart.getByRole('button', { name: eng.cart_back_edit }).click();
      await cart.getByLabel(eng.cart_amount).fill('5000');
      await cart.getByRole('button', { name: eng.cart_update_order }).click();
      await cart.getByRole('heading', { name: eng.cart_step_payment }).waitFor();
      assert.equal(await cart.locator('code').first().textContent(), orderNumber);
      await orders.getByText('5,000').first().waitFor();

      await cart.getByRole('button', { name: eng.cart_go_notify }).click();
      await cart.getByLabel(eng.cart_last_five_digits).fill('12345');
      await cart.getByLabel(eng.cart_proof_photo).setInputFiles(photo);
      await cart.locator('.gs-photo img').waitFor();
      await cart.getByRole('button', { name: eng.cart_notify_payment }).click();
      await cart.getByText(eng.order_status_2).first().waitFor();
      await orders.getByText(eng.order_status_2).first().waitFor();

      // The statement's CSV comes through the session frame and is saved from the partner's page.
      const download = page.waitForEvent('download');
      await page.locator('gs-wallet-statement').getByRole('button', { name: eng.statement_download }).click();
      const csv = await fs.readFile((await (await download).path()) ?? '', 'utf8');
      assert.match(csv.split('\n')[0] ?? '', /,/);

      // What the server recorded is what the member did on the partner's page.
      const recorded = await api.call<{ data: { id: number; order_number: string; amount: string; status: number }[] }>(
        'GET',
        `admin/v1/members/${memberId}/orders`,
        operator,
      );
      assert.deepEqual(
        recorded.data.map((row) => [row.order_number, Number(row.amount), row.status]),
        [[orderNumber, 5000, 2]],
      );

      // A partner site that routes in the page (as its gs:navigate handler would) shows the order's payment
      // screen: the element reads the order from the page's address.
      const orderId = recorded.data[0]?.id ?? 0;
      await page.evaluate((id) => {
        history.pushState({}, '', `/member/payment?id=${id}`);
        document.querySelector('main')?.append(document.createElement('gs-order-payment'));
      }, orderId);
      const payment = page.locator('gs-order-payment');
      await payment.getByText(orderNumber).waitFor();
      await payment.getByText(eng.order_status_2).first().waitFor();

      // Or from its order-id attribute, as the documentation's handler sets it from gs:navigate's route (a
      // change shows the order named): an order not the member's is refused, the order list's link shows theirs.
      await page.evaluate(() => {
        history.pushState({}, '', '/member');
        document.querySelector('gs-order-payment')?.setAttribute('order-id', '999999');
        document.addEventListener('gs:navigate', (event) => {
          const { route } = (event as CustomEvent<{ route: string }>).detail;
          if (!route.startsWith('/setting/order/checkpayment?')) return;
          event.preventDefault();
          document.querySelector('gs-order-payment')?.setAttribute('order-id', new URLSearchParams(route.split('?')[1]).get('id') ?? '');
        });
      });
      await payment.getByText(eng.order_error).waitFor();
      await orders.getByRole('link', { name: new RegExp(orderNumber) }).click();
      await payment.getByText(orderNumber).waitFor();
      assert.equal(await payment.getAttribute('order-id'), String(orderId));
      assert.ok(page.url().endsWith('/member'), 'the member stays on the partner page');

      assert.deepEqual(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie]), [0, 0, '']);
      assert.deepEqual((await seen(page)).violations, []);
      assert.deepEqual(await accessibilityViolations(page), []);
    } finally {
      await visitor.close();
    }
  });
});

import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import eng from '../../locales/eng.json' with { type: 'json' };
import { dateInZone } from '../../server/db/business-day.ts';
import { accessibilityViolations, failNextRequest, newVisitor, pressAndConfirm } from '../helpers/browser.ts';
import { ProductApi, runAdmin, samplePhoto } from '../helpers/product-api.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

const operatorName = 'journey_operator';
const operatorPassword = 'a long operator passphrase';
const memberPassword = 'sun2026';
const realname = 'Lin Mei';

/** Logs in through the screen, as the member would. */
async function logIn(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/eng/login`);
  // Enter submits once the screen is live (before that, the form refuses to send a password anywhere).
  await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled === false);
  await page.getByLabel(eng.login_username).fill(username);
  await page.getByLabel(eng.login_password, { exact: true }).fill(memberPassword);
  await page.getByLabel(eng.login_password, { exact: true }).press('Enter');
  await page.waitForURL('**/eng/home/shopping', { timeout: 10_000 });
}

/**
 * The journeys that move money (PRODUCT.md 4, 5 and 6), on the product as a user starts it. The
 * member's screens run in Chromium; the operator works the back office in a browser of their own;
 * the order itself is placed through the API (the cart's journey is its own test).
 */
describe('money journeys: paid order → income → wallet transfers → withdrawal paid out', () => {
  let product: ProductServer;
  let api: ProductApi;
  let username: string;
  let orderNumber: string;
  let photo: string;
  before(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-money-'));
    await runAdmin(dataDir, ['create-operator', operatorName], { OPERATOR_PASSWORD: operatorPassword });
    product = await startProduct({ WITHDRAWAL_COOLDOWN_HOURS: '0' }, dataDir);
    api = new ProductApi(product.baseUrl);
    photo = path.join(dataDir, 'photo.jpg');
    await fs.writeFile(photo, await samplePhoto());

    // A member with a 3000-point hosting order and its payment notice (the cart's own journey is tested apart).
    username = `journey_${Date.now().toString(36)}`;
    const registered = await api.call<{ token: string }>('POST', 'v1/register', undefined, {
      username,
      password: memberPassword,
      password_confirmation: memberPassword,
      parent_code: 'SOLAR1',
    });
    const order = await api.call<{ id: number; order_number: string }>('POST', 'v1/order', registered.token, {
      item_content: [{ product_id: 1, count: 1 }],
      delivery_method_id: 1,
      engine_room_id: 1,
      payment_method_id: 1,
      amount: 3000,
    });
    orderNumber = order.order_number;
    await api.call('POST', 'v1/orderNotice', registered.token, {
      order_id: order.id,
      account_back_five: '12345',
      image: await api.uploadPhoto(registered.token),
    });
  });
  after(async () => {
    await product.dispose();
  });

  test('identity verified on screen; the operator approves it, confirms the payment, records revenue and pays the income', async () => {
    const phone = await newVisitor();
    const desk = await newVisitor();
    try {
      const { page } = phone;
      await logIn(page, product.baseUrl, username);
      await page.goto(`${product.baseUrl}/eng/setting/verify`);
      await page.getByLabel(eng.verify_real_name).fill(realname);
      await page.getByLabel(eng.verify_email).fill(`${username}@example.com`);
      await page.getByLabel(eng.verify_phone).fill('+886 912 345 678');
      await page.getByLabel(eng.verify_country).selectOption('1');
      await page.getByLabel(eng.verify_certificate_type).selectOption('1');
      await page.getByLabel(eng.verify_certificate_number).fill('A123456789');
      for (const label of [eng.verify_photo_front, eng.verify_photo_back, eng.verify_photo_handheld]) {
        await page.getByLabel(label).setInputFiles(photo);
      }
      await page.waitForFunction(() => document.querySelectorAll('.gs-photo img').length === 3);
      await page.getByRole('button', { name: eng.verify_submit }).click();
      await page.getByText(eng.verify_success).waitFor();

      const office = desk.page;
      await office.goto(`${product.baseUrl}/eng/admin`);
      await office.getByLabel(eng.admin_username).fill(operatorName);
      await office.getByLabel(eng.admin_password).fill(operatorPassword);
      await office.getByRole('button', { name: eng.admin_login }).click();
      await office.getByRole('button', { name: new RegExp(`^${eng.admin_verifications}(\\s*,|$)`) }).click();
      await office.getByText('A123456789').waitFor();
      await office.getByRole('button', { name: eng.admin_approve }).click();
      await office.getByText(eng.admin_queue_empty).waitFor();

      await office.getByRole('button', { name: new RegExp(`^${eng.admin_notices}(\\s*,|$)`) }).click();
      await office.getByText(orderNumber).waitFor();
      await office.getByLabel(eng.admin_notice_payer).fill(realname);
      await office.getByLabel(eng.admin_notice_reference).fill('REMIT-1');
      await pressAndConfirm(office, eng.admin_confirm_payment);
      await office.getByText(eng.admin_queue_empty).waitFor();

      // Today's revenue, distributed on demand by ownership: the order's 0.0002 units of room 1's 23 units
      // earn 0.0002/23 of 115,000,000 less the 10 % fee, which is 900.
      await office.getByRole('button', { name: eng.admin_revenue, exact: true }).click();
      await office.getByLabel(eng.admin_business_date).fill(dateInZone(new Date(), 'Asia/Taipei'));
      await office.getByLabel(eng.admin_kwh).fill('2400.5');
      await office.getByLabel(eng.admin_revenue_amount).fill('115000000');
      await office.getByLabel(eng.admin_evidence).fill('meter 1');
      await office.getByRole('button', { name: eng.admin_record_revenue }).click();
      await office.getByText(eng.admin_revenue_recorded).waitFor();
      await pressAndConfirm(office, eng.admin_distribute);
      await office.getByText('900.0000').waitFor();
      assert.deepEqual(await accessibilityViolations(office), []);

      // The member sees it on the machine page and in the main wallet, and the bell in the header told them.
      await page.goto(`${product.baseUrl}/eng/dig`);
      await page.getByRole('cell', { name: '900.0000' }).first().waitFor();
      const bell = page.getByRole('button', { name: new RegExp(`^${eng.notices_open}, `) });
      await bell.click();
      const notices = page.getByRole('region', { name: eng.notices_title });
      await notices.getByText(eng.notice_verification_approved).waitFor();
      await notices.getByText(eng.notice_payment_confirmed.replace('{{order_number}}', orderNumber)).waitFor();
      await notices.getByText(/900\.0000/).waitFor();
      assert.deepEqual(await accessibilityViolations(page), []);
      await notices.getByRole('button', { name: eng.notices_read_all }).click();
      await page.getByRole('button', { name: eng.notices_open, exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByText('900.0000').first().waitFor();
    } finally {
      await phone.close();
      await desk.close();
    }
  });

  test('the income shows in the main wallet; 100 points go to the cinema and back, both completed in the history', async () => {
    const phone = await newVisitor();
    try {
      const { page } = phone;
      await logIn(page, product.baseUrl, username);
      await page.goto(`${product.baseUrl}/eng/wallet`);
      await page.getByText('900.0000').first().waitFor();
      assert.deepEqual(await accessibilityViolations(page), []);

      const move = async (from: string, to: string | undefined) => {
        await page.getByLabel(eng.wallet_amount, { exact: true }).fill('100');
        await page.getByLabel(eng.wallet_from).selectOption(from);
        if (to !== undefined) await page.getByLabel(eng.wallet_to).selectOption(to);
        await page.getByRole('button', { name: eng.wallet_confirm }).click();
        await page.getByText(eng.wallet_transfer_success).waitFor();
      };
      await move('main', '2');
      await page.getByText('800.0000').first().waitFor();
      await move('2', undefined);
      await page.getByText('900.0000').first().waitFor();

      await page.getByRole('link', { name: eng.wallet_history }).click();
      await page.waitForURL('**/eng/wallet/transactions');
      const statusCell = page.locator('tbody tr td:last-child');
      await statusCell.first().waitFor();
      assert.equal(await statusCell.first().textContent(), eng.transaction_status_2);
      await page.getByRole('button', { name: eng.transaction_withdrawal_records }).click();
      await page.waitForFunction((text) => document.querySelector('caption')?.textContent === text, eng.transaction_withdrawal_records);
      await page.locator('tbody tr').first().waitFor();
      assert.equal(await statusCell.first().textContent(), eng.transaction_status_2);
      assert.deepEqual(await accessibilityViolations(page), []);

      // Moves between one's own wallets are named as moves, and the page leads to the statement, where
      // they stand beside bank withdrawals and income under their own names.
      await page.getByRole('link', { name: eng.wallet_statement }).click();
      await page.waitForURL('**/eng/wallet/statement');
      await page.getByRole('cell', { name: eng.statement_kind_withdrawal }).first().waitFor();
      await page.getByRole('cell', { name: eng.statement_kind_deposit }).first().waitFor();
    } finally {
      await phone.close();
    }
  });

  test('a card in the verified name, a withdrawal of 100, paid out by the operator in the back office', async () => {
    const phone = await newVisitor();
    const desk = await newVisitor();
    try {
      const { page } = phone;
      await logIn(page, product.baseUrl, username);

      // A card in someone else's name is refused with the server's reason.
      await page.goto(`${product.baseUrl}/eng/setting/addBank`);
      const fill = async (cardholder: string) => {
        await page.getByLabel(eng.bank_cardholder).fill(cardholder);
        await page.getByLabel(eng.bank_bank_name).fill('Bank of Taiwan');
        await page.getByLabel(eng.bank_card_number).fill('62258801234567');
        await page.getByLabel(eng.bank_branch).fill('Xinyi branch');
        await page.getByRole('button', { name: eng.bank_save }).click();
      };
      await fill('Somebody Else');
      await page.getByText(eng.refusal_cardholder_mismatch).waitFor();
      await fill(realname);
      await page.getByText(eng.bank_add_success).waitFor();

      // The history loads after the form: when its code does not arrive, the screen says so and tries again on request.
      await failNextRequest(page, '**/_astro/WithdrawHistory.*.js');
      await page.goto(`${product.baseUrl}/eng/wallet/withdraw`);
      await page.getByRole('alert').getByText(eng.transaction_load_error).waitFor();
      await page.getByRole('button', { name: eng.embed_retry }).click();
      await page.getByRole('heading', { name: eng.wallet_withdraw_history }).waitFor();
      await page.getByLabel(eng.wallet_withdraw_card).selectOption({ index: 1 });
      await page.getByLabel(eng.wallet_amount, { exact: true }).fill('100');
      await page.getByRole('button', { name: eng.wallet_withdraw_submit }).click();
      await page.getByText(eng.wallet_withdraw_success).waitFor();
      await page.getByText(eng.transaction_status_1).first().waitFor();

      // The operator pays it out from the back office.
      const office = desk.page;
      await office.goto(`${product.baseUrl}/eng/admin`);
      await office.getByLabel(eng.admin_username).fill(operatorName);
      await office.getByLabel(eng.admin_password).fill(operatorPassword);
      await office.getByRole('button', { name: eng.admin_login }).click();
      await office.getByRole('button', { name: new RegExp(`^${eng.admin_withdrawals}(\\s*,|$)`) }).click();
      await office.getByText('4567').waitFor();
      assert.deepEqual(await accessibilityViolations(office), []);
      // One operator at a time: claim it before sending the transfer (decision 051).
      await office.getByRole('button', { name: eng.admin_withdrawal_claim }).click();
      await office.getByLabel(eng.admin_reference_or_reason).fill('PAYOUT-77');
      await pressAndConfirm(office, eng.admin_pay);
      await office.getByText(eng.admin_queue_empty).waitFor();

      await page.reload();
      await page.getByText(eng.transaction_status_2).first().waitFor();
      await page.getByText('800.0000').first().waitFor();
    } finally {
      await phone.close();
      await desk.close();
    }
  });
});

/**
 * The member `npm run lighthouse` measures the member screens as: made through the product's own API
 * (as the end-to-end journeys make theirs), with two paid orders in a room and a week of the room's
 * income, and logged in the way the site keeps a session (local storage `token` and `user`).
 */
import { chromium } from 'playwright-core';
import { dateInZone } from '../server/db/business-day.ts';
import { rememberSession } from '../tests/helpers/browser.ts';
import { ProductApi, runAdmin } from '../tests/helpers/product-api.ts';

const operatorName = 'lighthouse_desk';
const operatorPassword = 'a long operator passphrase';
const memberPassword = 'sun2026';
const realname = '王小明';
/** The room the member owns part of, and its capacity: 2.5 units of 40. */
const roomId = 2;
const roomUnits = 40;
const unitPoints = 15_000_000;
/** Days of the room's history before today (the estimate and the chart read them). */
const historyDays = 6;
const dayMs = 86_400_000;

/** Adds the operator who confirms the member's orders; the product must not be running on `dataDir` yet. */
export async function addOperator(dataDir: string): Promise<void> {
  await runAdmin(dataDir, ['create-operator', operatorName], { OPERATOR_PASSWORD: operatorPassword });
}

/**
 * A verified member with paid orders of 2 and 0.5 units, the room's revenue of the past week shared
 * out (today's pays the member: the orders are paid today); its session token.
 */
export async function memberWithIncome(baseUrl: string): Promise<string> {
  const api = new ProductApi(baseUrl);
  const operator = await api.operatorLogin(operatorName, operatorPassword);
  await api.call('PUT', `admin/v1/engine-rooms/${roomId}/capacity`, operator, {
    capacity_units: roomUnits,
    reason: 'panels counted on site',
  });
  const member = await api.verifiedMember(operator, `lighthouse_${Date.now().toString(36)}`, memberPassword, realname);
  for (const units of [2, 0.5]) await api.paidOrder(operator, member, roomId, units * unitPoints, realname);
  for (let back = historyDays; back >= 0; back--) {
    const day = dateInZone(new Date(Date.now() - back * dayMs), 'Asia/Taipei');
    await api.shareOutRevenue(operator, roomId, day, String(1500 + back * 100), String(4000 + back * 500));
  }
  return member.token;
}

/**
 * Stores the member's session in the local storage of the Chromium listening on `devToolsPort` (as the end-to-end
 * journeys do), and checks that a member screen then shows the member's content rather than the login prompt.
 * Lighthouse keeps local storage between runs (its default `clearStorageTypes` leave it), while it still empties the
 * HTTP cache before each page, so every member page is measured logged in and from a cold cache.
 */
export async function storeSession(devToolsPort: number, baseUrl: string, token: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${devToolsPort}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await rememberSession(page, baseUrl, token);
    await page.goto(`${baseUrl}/wallet`, { waitUntil: 'networkidle' });
    if ((await page.locator('.gs-require-login').count()) > 0) throw new Error('The stored session did not log the member in');
    await page.close();
  } finally {
    // Disconnects; the Chromium the script started keeps running for Lighthouse.
    await browser.close();
  }
}

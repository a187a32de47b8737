import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import eng from '../../locales/eng.json' with { type: 'json' };
import { dateInZone } from '../../server/db/business-day.ts';
import { accessibilityViolations, newVisitor } from '../helpers/browser.ts';
import { ProductApi, runAdmin } from '../helpers/product-api.ts';
import { clickWhenStill, logInThroughFrame, networkQuiet, seen, watch } from '../helpers/partner-page.ts';
import { startPartnerSite, type PartnerSite } from '../helpers/partner-site.ts';
import { freePort, startProduct, type ProductServer } from '../helpers/product-server.ts';

const operatorName = 'partner_operator';
const operatorPassword = 'a long operator passphrase';
const memberPassword = 'sun2026';
/** The member's password once the password-change test has changed it (later tests log in with it). */
const changedPassword = 'moon2026';
const realname = 'Lin Mei';

describe('widgets on a partner page on another origin, with a strict CSP and hostile CSS', () => {
  let product: ProductServer;
  let partner: PartnerSite;
  let api: ProductApi;
  let operator: string;
  let username: string;

  before(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-partner-'));
    await runAdmin(dataDir, ['create-operator', operatorName], { OPERATOR_PASSWORD: operatorPassword });
    // The partner's origin is only known once its port is: start it first, pointing at the product's port.
    const port = await freePort();
    const apiOrigin = `http://127.0.0.1:${port}`;
    partner = await startPartnerSite(apiOrigin, {
      '/': '<gs-session-badge></gs-session-badge><gs-login></gs-login><gs-wallet></gs-wallet><gs-withdraw></gs-withdraw><gs-session-badge></gs-session-badge>',
      '/account':
        '<gs-login></gs-login><gs-bank-cards></gs-bank-cards><gs-bank-update></gs-bank-update><gs-edit-user></gs-edit-user><gs-setting></gs-setting>',
      '/shop': '<gs-login></gs-login><gs-orders></gs-orders>',
      '/down': `<gs-session-badge api="http://127.0.0.1:${await freePort()}"></gs-session-badge>`,
    });
    // A new card may be withdrawn to at once (money-journeys.test.ts covers the waiting time).
    product = await startProduct({ PORT: String(port), CORS_ORIGINS: partner.origin, WITHDRAWAL_COOLDOWN_HOURS: '0' }, dataDir);
    api = new ProductApi(product.baseUrl);
    operator = await api.operatorLogin(operatorName, operatorPassword);

    // A verified member with one bank card.
    username = `partner_${Date.now().toString(36)}`;
    const member = await api.verifiedMember(operator, username, memberPassword, realname);
    await api.call('POST', 'v1/bankcard', member.token, {
      cardholder: realname,
      bank_name: 'Bank of Taiwan',
      card_number: '6225880123456789',
      payment_name: 'Xinyi branch',
    });
    // Income to move: a paid order of 2 of room 2's 40 units, and a day's revenue shared out (400 less the fee).
    await api.call('PUT', 'admin/v1/engine-rooms/2/capacity', operator, { capacity_units: 40, reason: 'panels counted on site' });
    await api.paidOrder(operator, member, 2, 30_000_000, realname);
    await api.shareOutRevenue(operator, 2, dateInZone(new Date(), 'Asia/Taipei'), '3000', '8000');
    await api.call('POST', 'v1/logout', member.token);
  });

  after(async () => {
    await partner.close();
    await product.dispose();
  });

  test('a member logs in through the login frame; every widget follows, in English from <html lang>, no token reaches the page; a transfer and a withdrawal', async () => {
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      await watch(page);
      await page.goto(`${partner.origin}/`);
      await page.waitForFunction(
        (text) => [...document.querySelectorAll('gs-session-badge')].every((badge) => badge.shadowRoot?.textContent?.includes(text)),
        eng.badge_not_logged_in,
      );
      // The hostile sheet hides every element it reaches, with !important: not the widgets, nor anything inside them.
      const wallet = page.locator('gs-wallet');
      await wallet.getByText(eng.login_prompt_body).waitFor();
      assert.equal(await wallet.evaluate((element) => getComputedStyle(element).display), 'block');
      const offer = wallet.getByRole('link', { name: eng.login_submit });
      assert.equal(await offer.isVisible(), true);
      assert.notEqual(await offer.evaluate((link) => getComputedStyle(link).fontSize), '5px');

      // A second tab of the same partner, still logged out: the login in the first reaches it at once, even where
      // the browser refuses our frames their storage (they tell each other; test at the end).
      const otherTab = await visitor.context.newPage();
      await otherTab.goto(`${partner.origin}/`);
      await otherTab.frameLocator('gs-login iframe').getByLabel(eng.login_username).waitFor();
      await page.bringToFront();
      // The page's focus() on the login widget reaches the first field of our frame, across sites.
      await page.frameLocator('gs-login iframe').getByLabel(eng.login_username).waitFor();
      await page.evaluate(() => document.querySelector<HTMLElement>('gs-login')?.focus());
      const loginFrame = page.frames().find((frame) => frame.url().includes('screen=login'));
      assert.ok(loginFrame);
      await loginFrame.waitForFunction(() => document.activeElement?.getAttribute('name') === 'username');
      // The token the server gives the login frame (read by the test, which sees every frame's traffic).
      const loginAnswer = page.waitForResponse((response) => response.url().includes('/api/v1/login'));
      await logInThroughFrame(page, username, memberPassword);
      const token = ((await (await loginAnswer).json()) as { detail: { token: string } }).detail.token;
      assert.ok(token.length > 20);
      await page.waitForFunction(
        (name) => [...document.querySelectorAll('gs-session-badge')].every((badge) => badge.shadowRoot?.textContent?.includes(name)),
        username,
      );
      await wallet.getByText(eng.wallet_main).first().waitFor();
      await otherTab.waitForFunction(
        (name) => [...document.querySelectorAll('gs-session-badge')].every((badge) => badge.shadowRoot?.textContent?.includes(name)),
        username,
      );
      await otherTab.close();
      const themed = await wallet
        .locator('button[type="submit"]')
        .first()
        .evaluate((button) => {
          const style = getComputedStyle(button);
          return [style.backgroundColor, style.color, style.fontFamily, style.borderTopLeftRadius];
        });
      // --gs-radius reaches the pill buttons too.
      assert.deepEqual(themed, ['rgb(0, 87, 184)', 'rgb(255, 255, 255)', 'serif', '3px']);
      // Every control inside every widget has its documented ::part name, so a partner can style them all.
      const unnamed = await page.evaluate(() =>
        [...document.querySelectorAll('*')].flatMap((element) =>
          [...(element.shadowRoot?.querySelectorAll('button, input, select, textarea') ?? [])]
            .filter((control) => !control.part.contains(control.localName === 'button' ? 'button' : 'input'))
            .map((control) => `${element.localName}: ${control.outerHTML.slice(0, 100)}`),
        ),
      );
      assert.deepEqual(unnamed, []);
      assert.ok((await seen(page)).events.some((event) => event.startsWith('gs:login') && event.includes(username)));

      // The token is nowhere the partner's scripts can look: storage, cookies, globals, the DOM and the shadow roots.
      const exposed = await page.evaluate((secret) => {
        const places: Record<string, string> = {
          localStorage: JSON.stringify({ ...localStorage }),
          sessionStorage: JSON.stringify({ ...sessionStorage }),
          cookie: document.cookie,
          dom: document.documentElement.outerHTML,
          shadows: [...document.querySelectorAll('*')].map((element) => element.shadowRoot?.innerHTML ?? '').join(''),
        };
        for (const name of Object.getOwnPropertyNames(window)) {
          try {
            const value: unknown = (window as unknown as Record<string, unknown>)[name];
            if (typeof value === 'string' || (typeof value === 'object' && value !== null && !(value instanceof Node))) {
              places[`window.${name}`] = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
            }
          } catch {
            // Not readable, or not serialisable (a cycle): not a string that could hold the token either.
          }
        }
        return Object.entries(places).flatMap(([place, text]) => (text.includes(secret) ? [place] : []));
      }, token);
      assert.deepEqual(exposed, []);
      assert.equal(await page.evaluate(() => localStorage.length), 0, 'nothing of ours in the partner page storage');

      // Money moves from the partner's page: 100 points into a partner wallet, then 100 withdrawn to the member's card.
      await wallet.getByText('360.0000').first().waitFor();
      await wallet.getByLabel(eng.wallet_amount, { exact: true }).fill('100');
      await wallet.getByLabel(eng.wallet_from).selectOption('main');
      await wallet.getByLabel(eng.wallet_to).selectOption('2');
      await wallet.getByRole('button', { name: eng.wallet_confirm }).click();
      await wallet.getByText(eng.wallet_transfer_success).waitFor();
      assert.ok(
        (await seen(page)).events.some((event) => event.startsWith('gs:transfer-completed') && event.includes('"partner_city_id":2')),
      );
      // The withdrawal runs in its frame on our origin (decision 054).
      const withdraw = page.frameLocator('gs-withdraw iframe');
      await withdraw.getByLabel(eng.wallet_withdraw_card).selectOption({ index: 1 });
      await withdraw.getByLabel(eng.wallet_amount, { exact: true }).fill('100');
      await withdraw.getByRole('button', { name: eng.wallet_withdraw_submit }).click();
      await withdraw.getByText(eng.wallet_withdraw_success).waitFor();
      await withdraw.getByText(eng.transaction_status_1).first().waitFor();

      assert.deepEqual((await seen(page)).violations, []);
      assert.deepEqual(await accessibilityViolations(page), []);

      // A page load later the member is still logged in. This browser refuses our session frame its storage (a
      // third-party frame): the session is kept in a cookie of ours partitioned by this partner's site instead.
      // The member kept without the token's owner (a member too large for a cookie): the frame reads them afresh.
      const keptSession = page.frames().find((frame) => frame.url().includes('screen=session'));
      await keptSession?.evaluate(() => {
        document.cookie = 'gs_user=; Path=/widgets/v1/frame; Max-Age=0; Secure; SameSite=None; Partitioned';
      });
      await page.reload();
      await page.waitForFunction(
        (name) => [...document.querySelectorAll('gs-session-badge')].every((badge) => badge.shadowRoot?.textContent?.includes(name)),
        username,
      );
      const sessionFrame = page.frames().find((frame) => frame.url().includes('screen=session'));
      const frameStorage = await sessionFrame?.evaluate(() => {
        try {
          localStorage.getItem('probe');
          return 'kept';
        } catch {
          return 'refused';
        }
      });
      assert.equal(frameStorage, 'refused');
      assert.ok(!(await page.evaluate(() => document.cookie)).includes('gs_'), 'no cookie of ours on the partner page');
      await wallet.getByText(eng.wallet_main).first().waitFor();
    } finally {
      await visitor.close();
    }
  });

  test('bank card edited (PUT) and deleted (DELETE), password changed (PUT) from the partner origin; logout reaches the page', async () => {
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      await watch(page);
      await page.goto(`${partner.origin}/account`);
      await logInThroughFrame(page, username, memberPassword);

      // The cards run in frames on our origin (decision 054): the list and the editor beside it follow each other.
      const cards = page.frameLocator('gs-bank-cards iframe');
      await cards.getByText('6789').first().waitFor();
      // A link to one of our pages asks the partner page first: this one shows the add form itself, so it cancels.
      await page.evaluate(() =>
        document.addEventListener('gs:navigate', (event) => {
          if ((event as CustomEvent<{ route: string }>).detail.route === '/setting/addBank') event.preventDefault();
        }),
      );
      await clickWhenStill(page, cards.getByRole('link', { name: eng.bank_add }));
      assert.ok(
        (await seen(page)).events.includes(
          `gs:navigate ${JSON.stringify({ route: '/setting/addBank', href: `${product.baseUrl}/eng/setting/addBank` })}`,
        ),
      );
      assert.equal(page.url(), `${partner.origin}/account`);
      // Edit opens the card in the editor beside the list, on this page; nothing goes into the page's storage.
      const editor = page.frameLocator('gs-bank-update iframe');
      await editor.getByText(eng.bank_no_card_chosen).waitFor();
      await clickWhenStill(page, cards.getByRole('button', { name: eng.bank_edit }).first());
      await editor.getByLabel(eng.bank_bank_name).waitFor();
      assert.equal(await editor.getByLabel(eng.bank_bank_name).inputValue(), 'Bank of Taiwan');
      await editor.getByLabel(eng.bank_daily_quota).fill('30000');
      await clickWhenStill(page, editor.getByRole('button', { name: eng.bank_save }));
      await editor.getByText(eng.bank_edit_success).waitFor();
      // The list beside it loads the saved card again from the server.
      await cards.getByText('30,000').waitFor();
      assert.ok((await seen(page)).events.some((event) => /^gs:card-edit \{"card_id":\d+\}$/.test(event)));
      assert.deepEqual(await page.evaluate(() => [localStorage.length, sessionStorage.length]), [0, 0]);

      await clickWhenStill(page, cards.getByRole('button', { name: eng.bank_delete }).first());
      await clickWhenStill(page, cards.getByRole('button', { name: eng.bank_delete_yes }));
      await cards.getByText(eng.bank_delete_success).waitFor();
      await editor.getByText(eng.bank_no_card_chosen).waitFor();

      // The password change is a frame on our origin: no password field is in the partner's page or its shadow roots.
      const profile = page.frameLocator('gs-edit-user iframe');
      await profile.getByLabel(eng.edit_old_password, { exact: true }).waitFor();
      assert.equal(await page.locator('input[type="password"]').count(), 0);
      await profile.getByLabel(eng.edit_old_password, { exact: true }).fill(memberPassword);
      await profile.getByLabel(eng.edit_new_password, { exact: true }).fill(changedPassword);
      await profile.getByLabel(eng.edit_confirm_password, { exact: true }).fill(changedPassword);
      await clickWhenStill(page, profile.getByRole('button', { name: eng.edit_submit }));
      await profile.getByText(eng.edit_success).waitFor();

      // Logging out in the settings widget ends the session in the frame and tells the page. The button sits below the
      // frames, which grow to their content (the password form's success line): it is clicked once the layout is still.
      await clickWhenStill(page, page.locator('gs-setting').getByRole('button', { name: eng.setting_logout }));
      await page.frameLocator('gs-login iframe').getByLabel(eng.login_username).waitFor();
      await cards.getByText(eng.login_prompt_body).waitFor();
      assert.ok((await seen(page)).events.some((event) => event.startsWith('gs:logout')));
      // The new password opens the account. Only now: a login elsewhere ends this page's session (one session per
      // member); done before the click above, it ended the session itself, so a click that missed went unnoticed.
      await api.login(username, changedPassword);

      // A frame grows to hold its whole content, from the document's top: no button is cut off at its bottom.
      const editFrame = page.frameLocator('gs-edit-user iframe');
      await editFrame.getByText(eng.login_prompt_body).waitFor();
      const allButtonsInside = () =>
        editFrame
          .locator('body')
          .evaluate(() =>
            [...document.querySelectorAll('button, a')].every((item) => item.getBoundingClientRect().bottom <= window.innerHeight),
          );
      for (let waited = 0; !(await allButtonsInside()) && waited < 5_000; waited += 100) await page.waitForTimeout(100);
      assert.equal(await allButtonsInside(), true);

      assert.deepEqual((await seen(page)).violations, []);
      assert.deepEqual(await accessibilityViolations(page), []);

      // A link in a frame that the page does not cancel opens our page in a new tab: the small frame never navigates.
      const [opened] = await Promise.all([
        page.waitForEvent('popup'),
        clickWhenStill(page, cards.getByRole('link', { name: eng.login_register_link })),
      ]);
      await opened.waitForURL(`${product.baseUrl}/eng/register**`);
      assert.equal(page.url(), `${partner.origin}/account`);
    } finally {
      await visitor.close();
    }
  });

  test('a link in the login frame asks the page first: a page that cancels keeps the member, else our page opens in a new tab', async () => {
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      await watch(page);
      await page.goto(`${partner.origin}/shop`);
      const register = page.frameLocator('gs-login iframe').getByRole('link', { name: eng.login_register_link });
      await register.waitFor();
      const asked = `gs:navigate ${JSON.stringify({ route: '/register', href: `${product.baseUrl}/eng/register` })}`;
      const askedTimes = async () => (await seen(page)).events.filter((event) => event === asked).length;
      // This page shows the register form itself, so it cancels: nothing opens, the member stays.
      await page.evaluate(() =>
        document.addEventListener('gs:navigate', (event) => {
          if ((window as unknown as { showsRegister?: boolean }).showsRegister === true) event.preventDefault();
        }),
      );
      await page.evaluate(() => Object.assign(window, { showsRegister: true }));
      await register.click();
      await page.waitForFunction(
        (expected) => (window as unknown as { __seen: { events: string[] } }).__seen.events.includes(expected),
        asked,
      );
      assert.equal(page.context().pages().length, 1);
      assert.equal(page.url(), `${partner.origin}/shop`);
      // A page that does not: our register page opens in a new tab, and this page stays where it was.
      await page.evaluate(() => Object.assign(window, { showsRegister: false }));
      const [tab] = await Promise.all([page.context().waitForEvent('page'), register.click()]);
      await tab.waitForLoadState();
      assert.equal(tab.url(), `${product.baseUrl}/eng/register`);
      assert.equal(await askedTimes(), 2);
      assert.equal(page.url(), `${partner.origin}/shop`);
      assert.deepEqual((await seen(page)).violations, []);
    } finally {
      await visitor.close();
    }
  });

  test('an unreachable service shows a retry, never a blank box', async () => {
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      await watch(page);
      await page.goto(`${partner.origin}/down`);
      const badge = page.locator('gs-session-badge');
      await badge.getByText(eng.embed_unreachable).waitFor({ timeout: 30_000 });
      await badge.getByRole('button', { name: eng.embed_retry }).waitFor();
      assert.ok((await seen(page)).events.some((event) => event.includes('"code":"unreachable"')));
    } finally {
      await visitor.close();
    }
  });

  test('a service that stops answering mid-session turns every widget to the retry, which brings them back', async () => {
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      await watch(page);
      await page.goto(`${partner.origin}/`);
      await logInThroughFrame(page, username, changedPassword);
      const wallet = page.locator('gs-wallet');
      await wallet.getByText(eng.wallet_main).first().waitFor();
      // Every widget has what it shows: the withdrawal history is the last to ask (it loads after the form).
      await page.frameLocator('gs-withdraw iframe').locator('table[aria-busy="false"]').waitFor();
      await networkQuiet(page);
      // Our API stops answering (the session frame's calls find nobody there); the widgets' own files stay reachable.
      // The wallet's next call is the one that finds it: its refresh() here, as a widget's own timer or a member's
      // click would (a click raced those timers on a loaded machine: the form could turn to the retry under it).
      const apiCalls = `${product.baseUrl}/api/**`;
      await page.route(apiCalls, (route) => route.abort('connectionrefused'));
      await page.evaluate(() => (document.querySelector('gs-wallet') as HTMLElement & { refresh(): void }).refresh());
      await page.waitForFunction(
        (text) =>
          ['gs-wallet', 'gs-withdraw', 'gs-session-badge'].every((tag) =>
            document.querySelector(tag)?.shadowRoot?.textContent?.includes(text),
          ),
        eng.embed_unreachable,
      );
      assert.ok((await seen(page)).events.some((event) => event.startsWith('gs:error') && event.includes('"code":"unreachable"')));
      assert.deepEqual(await accessibilityViolations(page), []);

      await page.unroute(apiCalls);
      await wallet.getByRole('button', { name: eng.embed_retry }).click();
      await wallet.getByText(eng.wallet_main).first().waitFor();
      await page.locator('gs-session-badge').first().getByText(username).waitFor();
      assert.deepEqual((await seen(page)).violations, []);
    } finally {
      await visitor.close();
    }
  });

  test('a widget whose code does not load says so in the page language and loads on retry', async () => {
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      await watch(page);
      // The network fails for the widgets' chunks (the loader itself arrived).
      await page.route('**/widgets/chunks/**', (route) => route.abort('internetdisconnected'));
      await page.goto(`${partner.origin}/`);
      const wallet = page.locator('gs-wallet');
      await wallet.getByRole('alert').getByText('Could not load', { exact: false }).waitFor();
      assert.ok((await seen(page)).events.some((event) => event.includes('"code":"load_failed"')));
      await page.unroute('**/widgets/chunks/**');
      await wallet.getByRole('button', { name: 'Try again' }).click();
      await wallet.getByText(eng.login_prompt_body).waitFor();
    } finally {
      await visitor.close();
    }
  });

  test('a page left open when its site is disabled shows the refusal at its next call; enabled again, the member logs in again', async () => {
    const sites = await api.call<{ data: { id: number; origin: string }[] }>('GET', 'admin/v1/partner-sites', operator);
    const site = sites.data.find((candidate) => candidate.origin === partner.origin);
    assert.ok(site, 'the partner seeded from CORS_ORIGINS');
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      await watch(page);
      await page.goto(`${partner.origin}/`);
      await logInThroughFrame(page, username, changedPassword);
      const wallet = page.locator('gs-wallet');
      await wallet.getByText(eng.wallet_main).first().waitFor();
      // Every widget has what it shows (any later call would be refused before the member acts, which is right too).
      await page.frameLocator('gs-withdraw iframe').locator('table[aria-busy="false"]').waitFor();
      await networkQuiet(page);
      await api.call('PUT', `admin/v1/partner-sites/${site.id}`, operator, { enabled: false, reason: 'contract ended' });
      // The member acts on the open page: the transfer is refused, and every widget says why.
      await wallet.getByLabel(eng.wallet_amount, { exact: true }).fill('1');
      await wallet.getByLabel(eng.wallet_from).selectOption('main');
      await wallet.getByLabel(eng.wallet_to).selectOption('2');
      await wallet.getByRole('button', { name: eng.wallet_confirm }).click();
      await page.waitForFunction(
        (text) => ['gs-wallet', 'gs-session-badge'].every((tag) => document.querySelector(tag)?.shadowRoot?.textContent?.includes(text)),
        eng.embed_refused,
      );
      assert.ok((await seen(page)).events.some((event) => event.includes('partner_site_not_allowed')));

      await api.call('PUT', `admin/v1/partner-sites/${site.id}`, operator, { enabled: true });
      await page.reload();
      // The session opened through the site ended with it: the login form, and no member in the badge.
      await page.frameLocator('gs-login iframe').getByRole('button', { name: eng.login_submit }).waitFor();
      await page.locator('gs-session-badge').first().getByText(eng.badge_not_logged_in).waitFor();
      assert.equal(await page.locator('gs-session-badge').getByText(username).count(), 0);
    } finally {
      await visitor.close();
      await api.call('PUT', `admin/v1/partner-sites/${site.id}`, operator, { enabled: true });
    }
  });

  test('a partner site the operator disables is refused at once, without a restart', async () => {
    const sites = await api.call<{ data: { id: number; origin: string }[] }>('GET', 'admin/v1/partner-sites', operator);
    const site = sites.data.find((candidate) => candidate.origin === partner.origin);
    assert.ok(site, 'the partner seeded from CORS_ORIGINS');
    await api.call('PUT', `admin/v1/partner-sites/${site.id}`, operator, { enabled: false, reason: 'contract ended' });
    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      await watch(page);
      await page.goto(`${partner.origin}/shop`);
      await page.locator('gs-orders').getByText(eng.embed_refused).waitFor();
      assert.ok((await seen(page)).events.some((event) => event.includes('partner_site_not_allowed')));
    } finally {
      await visitor.close();
      await api.call('PUT', `admin/v1/partner-sites/${site.id}`, operator, { enabled: true });
    }
  });
});

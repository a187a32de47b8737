/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import zhs from '../../locales/zhs.json';
import zht from '../../locales/zht.json';
import { fail, ok, refuse, stubFetch, typeInto, waitFor, type RecordedCall, type Reply } from '../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, inputLabelled, mountScreen, statusText } from '../../tests/helpers/mount.tsx';
import { $user, endSession, startSession } from '../core/session.ts';
import { WithdrawScreen } from './WithdrawScreen.tsx';

const member = { id: 7, username: 'member01', user_wallets: { main_wallet: 500 } };
const card = (id: number, bank: string, last4: string) => ({
  id,
  cardholder: 'Wang Xiaoming',
  bank_name: bank,
  card_number: `**********${last4}`,
  card_last4: last4,
  payment_name: 'Xinyi branch',
  daily_quota: null,
  province: null,
  city: null,
});
const cards = [card(3, 'Bank of Taiwan', '1234'), card(4, 'Cathay United', '9876')];
const withdrawal = (id: number, status: number, reason: string | null = null) => ({
  id,
  amount: 1500.25,
  status,
  reason,
  created_at: '2026-11-20T08:30:00+08:00',
  bankcard: { id: 3, bank_name: 'Bank of Taiwan', card_last4: '1234' },
});
const paged = (page: number, last: number, data: unknown[]) =>
  ok({ current_page: page, last_page: last, per_page: 10, total: data.length, data });

/** A member with 500 points, the given cards and one page of history; `send` answers POST v1/withdraw. */
function withdrawServer(send: (call: RecordedCall) => Reply, list: unknown[] = cards) {
  return stubFetch((call) => {
    if (call.path === '/v1/userWallet') return ok({ main_wallet: 500 });
    if (call.path === '/v1/bankcard') return ok(list);
    if (call.path === '/v1/withdraw' && call.method === 'GET')
      return paged(1, 1, [withdrawal(1, 1), withdrawal(2, 2), withdrawal(3, 3, 'Card closed')]);
    if (call.path === '/v1/withdraw') return send(call);
    return fail(500, 'unexpected');
  });
}

function selectLabelled(host: HTMLElement, label: string): HTMLSelectElement {
  const element = [...host.querySelectorAll('label')].find((candidate) => candidate.textContent === label);
  const select = element === undefined ? null : host.querySelector<HTMLSelectElement>(`select[id="${element.htmlFor}"]`);
  if (select === null) throw new Error(`No select labelled "${label}"`);
  return select;
}

function choose(select: HTMLSelectElement, value: string): void {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const posts = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/v1/withdraw' && call.method === 'POST');

describe('WithdrawScreen', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => {
    act(() => startSession('token-7', member));
  });
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    endSession();
    localStorage.clear();
  });

  async function mountLoaded() {
    const page = mountScreen(<WithdrawScreen />);
    await waitFor(
      () => page.host.querySelector('form') !== null && page.host.querySelectorAll('tbody tr').length === 3,
      'cards and history',
    );
    return page;
  }

  async function send(page: { host: HTMLElement }, amount: string) {
    typeInto(inputLabelled(page.host, eng.wallet_amount), amount);
    act(() => buttonNamed(page.host, eng.wallet_withdraw_submit).click());
    await waitFor(() => alertText(page.host) !== '' || statusText(page.host).includes(eng.wallet_withdraw_success), 'an outcome');
  }

  it('offers the member cards, and lists the withdrawals with card, amount, status label and the reason of a failed one', async () => {
    stub = withdrawServer(() => fail(500, 'unexpected'));
    const page = await mountLoaded();
    const select = selectLabelled(page.host, eng.wallet_withdraw_card);
    expect([...select.options].map((option) => option.textContent)).to.deep.equal([
      eng.wallet_choose,
      'Bank of Taiwan ···· 1234',
      'Cathay United ···· 9876',
    ]);
    await waitFor(() => page.host.textContent?.includes('500.0000') === true, 'the balance');
    const rows = [...page.host.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows[0]?.slice(1)).to.deep.equal(['Bank of Taiwan ···· 1234', '1,500.2500', eng.transaction_status_1]);
    expect(rows[1]?.[3]).to.equal(eng.transaction_status_2);
    expect(rows[2]?.[3]).to.equal(`${eng.transaction_status_3}Reason: Card closed`);
    expect(stub.calls.find((call) => call.path === '/v1/withdraw')?.query.get('page')).to.equal('1');
    act(() => buttonNamed(page.host, eng.paging_next).click());
    await waitFor(() => statusText(page.host).includes(eng.paging_last_page), 'the last-page notice');
    page.unmount();
  });

  it('tells a member whose identity is not verified yet, with a link to verify', async () => {
    stub = withdrawServer(() => fail(500, 'unexpected'));
    act(() => $user.set({ ...member, verification_status: 'pending' }));
    const page = await mountLoaded();
    expect(page.host.querySelector('.gs-withdraw__verify')?.textContent).to.contain(eng.wallet_withdraw_need_verify);
    expect(page.host.querySelector('.gs-withdraw__verify a')?.getAttribute('href')).to.equal('/eng/setting/verify');
    act(() => $user.set({ ...member, verification_status: 'approved' }));
    expect(page.host.querySelector('.gs-withdraw__verify')).to.equal(null);
    page.unmount();
  });

  it('chooses the only card by itself', async () => {
    stub = withdrawServer(() => fail(500, 'unexpected'), [cards[1]]);
    const page = await mountLoaded();
    expect(selectLabelled(page.host, eng.wallet_withdraw_card).value).to.equal('4');
    page.unmount();
  });

  it('says when a chosen card may be used, as soon as it is chosen, for a card that still waits after a new number', async () => {
    const waiting = { ...card(5, 'E.Sun', '5555'), withdrawable_from: new Date(Date.now() + 20 * 3600_000).toISOString() };
    stub = withdrawServer(() => fail(500, 'unexpected'), [{ ...cards[0], withdrawable_from: null }, waiting]);
    const page = await mountLoaded();
    choose(selectLabelled(page.host, eng.wallet_withdraw_card), '3');
    expect(page.host.textContent).not.to.contain(eng.wallet_withdraw_cooldown.split('{{')[0]);
    choose(selectLabelled(page.host, eng.wallet_withdraw_card), '5');
    const time = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(waiting.withdrawable_from));
    expect(statusText(page.host)).to.contain(eng.wallet_withdraw_cooldown.replace('{{time}}', time));
    page.unmount();
  });

  it('without a card, asks for one and links to adding it', async () => {
    stub = withdrawServer(() => fail(500, 'unexpected'), []);
    const page = mountScreen(<WithdrawScreen />);
    await waitFor(() => alertText(page.host) === eng.wallet_withdraw_need_card, 'the notice');
    expect(page.host.querySelector('form')).to.equal(null);
    expect([...page.host.querySelectorAll('a')].find((link) => link.textContent === eng.bank_add)?.getAttribute('href')).to.equal(
      '/eng/setting/addBank',
    );
    page.unmount();
  });

  it('checks the card and the amount before sending anything', async () => {
    stub = withdrawServer(() => fail(500, 'unexpected'));
    const page = await mountLoaded();
    await waitFor(() => page.host.textContent?.includes('500.0000') === true, 'the balance');
    await send(page, '150');
    expect(alertText(page.host)).to.equal(eng.wallet_withdraw_choose_card);
    choose(selectLabelled(page.host, eng.wallet_withdraw_card), '3');
    await send(page, '');
    expect(alertText(page.host)).to.equal(eng.wallet_amount_blank);
    await send(page, '99.99');
    expect(alertText(page.host)).to.equal(eng.wallet_less);
    await send(page, '100.12345');
    expect(alertText(page.host)).to.equal(eng.wallet_less);
    await send(page, '600');
    expect(alertText(page.host)).to.equal(eng.wallet_insufficient_balance);
    expect(posts(stub.calls)).to.have.length(0);
    page.unmount();
  });

  it('sends POST v1/withdraw with the card, the amount and an idempotency key, then says so, refreshes the wallet and the history', async () => {
    stub = withdrawServer(() => ({ status: 201, body: { status: 1, code: 1, message: 'Created', detail: withdrawal(9, 1) } }));
    const page = await mountLoaded();
    choose(selectLabelled(page.host, eng.wallet_withdraw_card), '4');
    const before = stub.calls.length;
    await send(page, '120.5');
    expect(statusText(page.host)).to.contain(eng.wallet_withdraw_success);
    const [call] = posts(stub.calls);
    expect(Object.fromEntries(call?.form ?? [])).to.deep.equal({ bankcard_id: '4', amount: '120.5' });
    expect(call?.headers.get('idempotency-key')).to.match(/^[0-9a-f-]{36}$/);
    expect(call?.authorization).to.equal('Bearer token-7');
    expect(inputLabelled(page.host, eng.wallet_amount).value).to.equal('');
    await waitFor(() => stub?.calls.slice(before).some((later) => later.path === '/v1/userWallet') === true, 'the wallet refresh');
    await waitFor(
      () => stub?.calls.slice(before).some((later) => later.path === '/v1/withdraw' && later.method === 'GET') === true,
      'the history reload',
    );
    page.unmount();
  });

  it('maps the refusals by code: the rejected card, verification (with a link), quota, cooldown with its time, balance', async () => {
    const cardholder = 'The cardholder must be your verified real name';
    const replies: Reply[] = [
      refuse(402, 'cardholder_mismatch', cardholder, { detail: cardholder }),
      refuse(422, 'identity_not_verified', 'Identity verification is not approved'),
      refuse(422, 'withdrawal_over_quota', "The amount exceeds this card's daily quota"),
      refuse(422, 'withdrawal_card_cooling_down', 'This card cannot be used for withdrawals yet', {
        detail: { available_at: '2026-11-23T08:00:00Z' },
      }),
      refuse(422, 'main_wallet_insufficient', "Insufficient balance of user's main wallet"),
      refuse(422, 'amount_below_minimum', 'Amount cannot be less than 100'),
    ];
    stub = withdrawServer(() => replies.shift() ?? fail(500, 'unexpected'));
    const page = await mountLoaded();
    choose(selectLabelled(page.host, eng.wallet_withdraw_card), '3');
    await send(page, '200');
    expect(alertText(page.host)).to.equal(eng.refusal_cardholder_mismatch);
    await send(page, '200');
    expect(alertText(page.host)).to.equal(eng.wallet_withdraw_need_verify);
    expect([...page.host.querySelectorAll('a')].find((link) => link.textContent === eng.setting_verify)?.getAttribute('href')).to.equal(
      '/eng/setting/verify',
    );
    await send(page, '200');
    expect(alertText(page.host)).to.equal(eng.wallet_withdraw_over_quota);
    await send(page, '200');
    const time = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-11-23T08:00:00Z'));
    expect(alertText(page.host)).to.equal(eng.wallet_withdraw_cooldown.replace('{{time}}', time));
    await send(page, '200');
    expect(alertText(page.host)).to.equal(eng.wallet_insufficient_balance);
    await send(page, '200');
    expect(alertText(page.host)).to.equal(eng.wallet_less);
    expect(buttonNamed(page.host, eng.wallet_withdraw_submit).disabled).to.equal(false);
    page.unmount();
  });

  it('on the Chinese screens, words the server refusals in Chinese by their code, never in the English the server sent', async () => {
    const english = 'The cardholder must be your verified real name';
    for (const [locale, messages] of [
      ['zhs', zhs],
      ['zht', zht],
    ] as const) {
      const replies: Reply[] = [
        refuse(402, 'cardholder_mismatch', english, { detail: english }),
        refuse(403, 'account_suspended', 'Your account is suspended pending review'),
      ];
      stub = withdrawServer(() => replies.shift() ?? fail(500, 'unexpected'));
      // That the frame's catalogue carries these refusals' words is widget-messages.test.ts's to check.
      const page = mountScreen(<WithdrawScreen />, locale, messages);
      await waitFor(() => page.host.querySelectorAll('tbody tr').length === 3, 'cards and history');
      choose(selectLabelled(page.host, messages.wallet_withdraw_card), '3');
      for (const expected of [messages.refusal_cardholder_mismatch, messages.refusal_account_suspended]) {
        typeInto(inputLabelled(page.host, messages.wallet_amount), '200');
        act(() => buttonNamed(page.host, messages.wallet_withdraw_submit).click());
        await waitFor(() => alertText(page.host) !== '', 'the refusal');
        expect(alertText(page.host), locale).to.equal(expected);
        expect(alertText(page.host)).to.match(/\p{Script=Han}/u);
        expect(alertText(page.host)).not.to.contain('verified real name');
      }
      page.unmount();
      stub.restore();
    }
    stub = undefined;
  });

  it('retries a withdrawal whose answer was lost with the same key, and uses a new key after a refusal', async () => {
    let call = 0;
    stub = withdrawServer(() => {
      call += 1;
      if (call === 1) throw new TypeError('network down');
      if (call === 2) return { status: 201, body: { status: 1, code: 1, message: 'Created', detail: withdrawal(9, 1) } };
      if (call === 3) return refuse(422, 'withdrawal_over_quota', "The amount exceeds this card's daily quota");
      return { status: 201, body: { status: 1, code: 1, message: 'Created', detail: withdrawal(10, 1) } };
    });
    const page = await mountLoaded();
    choose(selectLabelled(page.host, eng.wallet_withdraw_card), '3');
    await send(page, '100');
    expect(alertText(page.host)).to.equal(eng.wallet_withdraw_fail);
    act(() => buttonNamed(page.host, eng.wallet_withdraw_submit).click());
    await waitFor(() => statusText(page.host).includes(eng.wallet_withdraw_success), 'success');
    await send(page, '300');
    expect(alertText(page.host)).to.equal(eng.wallet_withdraw_over_quota);
    act(() => buttonNamed(page.host, eng.wallet_withdraw_submit).click());
    await waitFor(() => statusText(page.host).includes(eng.wallet_withdraw_success), 'the second success');
    const keys = posts(stub.calls).map((sent) => sent.headers.get('idempotency-key'));
    expect(keys).to.have.length(4);
    expect(keys[1]).to.equal(keys[0]);
    expect(keys[2]).to.not.equal(keys[1]);
    expect(keys[3]).to.not.equal(keys[2]);
    page.unmount();
  });

  it('says so when the cards cannot be loaded', async () => {
    stub = stubFetch((call) => (call.path === '/v1/bankcard' ? fail(503, 'Service unavailable') : paged(1, 1, [])));
    const page = mountScreen(<WithdrawScreen />);
    await waitFor(() => alertText(page.host) === eng.bank_load_error, 'the load error');
    page.unmount();
  });
});

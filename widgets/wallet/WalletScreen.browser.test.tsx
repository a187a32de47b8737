/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { fail, refuse, ok, stubFetch, typeInto, waitFor, type RecordedCall, type Reply } from '../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, inputLabelled, mountScreen, statusText } from '../../tests/helpers/mount.tsx';
import { endSession, startSession } from '../core/session.ts';
import { $partnerWallets, loadPartnerWallets } from './partner-wallets.ts';
import { WalletScreen } from './WalletScreen.tsx';

const member = { id: 7, username: 'member01', user_wallets: { main_wallet: 500 } };
const partnerWallets = [
  { id: 1, name: 'store', balance: 0, enjoy_city_item: { id: 1 } },
  { id: 2, name: 'cinema', balance: 250.5, enjoy_city_item: { id: 2 } },
];

/** A server with a main wallet and the two seeded partner wallets; `transfer` answers deposits and withdrawals. */
function walletServer(transfer: (call: RecordedCall) => Reply) {
  return stubFetch((call) => {
    if (call.path === '/v1/userWallet') return ok({ main_wallet: 500 });
    if (call.path === '/v1/enjoycity') return ok(partnerWallets);
    if (call.path === '/v1/check') return ok(member);
    return transfer(call);
  });
}

function selectLabelled(host: HTMLElement, label: string): HTMLSelectElement {
  const element = [...host.querySelectorAll('label')].find((candidate) => candidate.textContent === label);
  const select = element === undefined ? null : host.querySelector<HTMLSelectElement>(`[id="${element.htmlFor}"]`);
  if (select === null) throw new Error(`No select labelled "${label}"`);
  return select;
}

function choose(select: HTMLSelectElement, value: string): void {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const transfers = (calls: RecordedCall[]) => calls.filter((call) => call.path.startsWith('/v1/enjoycity/'));

describe('WalletScreen', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => {
    act(() => startSession('token-7', member));
  });
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $partnerWallets.set(null);
    endSession();
    localStorage.clear();
  });

  async function mountLoaded() {
    const page = mountScreen(<WalletScreen />);
    await waitFor(() => page.host.textContent?.includes('250.5000') === true, 'the partner wallets');
    return page;
  }

  it('shows the main wallet and each partner wallet with 4 decimals, and links the history', async () => {
    stub = walletServer(() => fail(500, 'unexpected'));
    const page = await mountLoaded();
    await waitFor(() => page.host.textContent?.includes('500.0000') === true, 'the main balance');
    expect(page.host.textContent).to.contain(eng.wallet_store).and.contain(eng.wallet_cinema);
    const links = [...page.host.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(links).to.include('/eng/wallet/transactions');
    page.unmount();
  });

  it("gives the original app's notices before sending anything", async () => {
    stub = walletServer(() => fail(500, 'unexpected'));
    const page = await mountLoaded();
    const confirm = buttonNamed(page.host, eng.wallet_confirm);
    const submitAndRead = async () => {
      act(() => confirm.click());
      await waitFor(() => alertText(page.host) !== '', 'a notice');
      return alertText(page.host);
    };
    expect(await submitAndRead()).to.equal(eng.wallet_amount_blank);
    typeInto(inputLabelled(page.host, eng.wallet_amount), '150');
    expect(await submitAndRead()).to.equal(eng.wallet_choose_from);
    choose(selectLabelled(page.host, eng.wallet_from), 'main');
    expect(await submitAndRead()).to.equal(eng.wallet_choose_to);
    choose(selectLabelled(page.host, eng.wallet_to), 'main');
    expect(await submitAndRead()).to.equal(eng.wallet_same_main);
    choose(selectLabelled(page.host, eng.wallet_to), '2');
    typeInto(inputLabelled(page.host, eng.wallet_amount), '0');
    expect(await submitAndRead()).to.equal(eng.wallet_less);
    expect(transfers(stub.calls)).to.have.length(0);
    page.unmount();
  });

  it('choosing a partner wallet to move from forces the main wallet as the destination', async () => {
    stub = walletServer(() => fail(500, 'unexpected'));
    const page = await mountLoaded();
    choose(selectLabelled(page.host, eng.wallet_from), '2');
    expect(selectLabelled(page.host, eng.wallet_to).value).to.equal('main');
    page.unmount();
  });

  it('deposits main → cinema with an idempotency key, then says it is done and clears the amount', async () => {
    stub = walletServer(() => ok({ id: 1, transaction_recod_status: 2 }));
    const page = await mountLoaded();
    typeInto(inputLabelled(page.host, eng.wallet_amount), '120.5');
    choose(selectLabelled(page.host, eng.wallet_from), 'main');
    choose(selectLabelled(page.host, eng.wallet_to), '2');
    act(() => buttonNamed(page.host, eng.wallet_confirm).click());
    await waitFor(() => statusText(page.host).includes(eng.wallet_transfer_success), 'success');
    const [call] = transfers(stub.calls);
    expect(call?.method).to.equal('POST');
    expect(call?.path).to.equal('/v1/enjoycity/2/deposit');
    expect(call?.form.get('amount')).to.equal('120.5');
    expect(call?.headers.get('idempotency-key')).to.match(/^[0-9a-f-]{36}$/);
    expect(inputLabelled(page.host, eng.wallet_amount).value).to.equal('');
    page.unmount();
  });

  it("withdraws cinema → main and maps the server refusals to the original app's messages", async () => {
    const replies = [
      refuse(422, 'partner_wallet_insufficient', 'Insufficient balance of the partner wallet'),
      refuse(503, 'transfer_write_failed', 'Transfer failed', { detail: 'failed to write database' }),
    ];
    stub = walletServer(() => replies.shift() ?? fail(500, 'unexpected'));
    const page = await mountLoaded();
    typeInto(inputLabelled(page.host, eng.wallet_amount), '200');
    choose(selectLabelled(page.host, eng.wallet_from), '2');
    act(() => buttonNamed(page.host, eng.wallet_confirm).click());
    await waitFor(() => alertText(page.host) === eng.wallet_insufficient_partner, 'the partner refusal');
    expect(transfers(stub.calls)[0]?.path).to.equal('/v1/enjoycity/2/withdrawal');
    act(() => buttonNamed(page.host, eng.wallet_confirm).click());
    await waitFor(() => alertText(page.host) === eng.wallet_lower, 'the database refusal');
    expect(buttonNamed(page.host, eng.wallet_confirm).disabled).to.equal(false);
    page.unmount();
  });

  it('retries a transfer whose answer was lost with the same idempotency key', async () => {
    let first = true;
    stub = walletServer(() => {
      if (first) {
        first = false;
        throw new TypeError('network down');
      }
      return ok({ id: 1, transaction_recod_status: 2 });
    });
    const page = await mountLoaded();
    typeInto(inputLabelled(page.host, eng.wallet_amount), '100');
    choose(selectLabelled(page.host, eng.wallet_from), 'main');
    choose(selectLabelled(page.host, eng.wallet_to), '1');
    act(() => buttonNamed(page.host, eng.wallet_confirm).click());
    await waitFor(() => alertText(page.host) === eng.wallet_transfer_fail, 'the failure');
    act(() => buttonNamed(page.host, eng.wallet_confirm).click());
    await waitFor(() => statusText(page.host).includes(eng.wallet_transfer_success), 'success');
    const [lost, retry] = transfers(stub.calls);
    expect(retry?.headers.get('idempotency-key')).to.equal(lost?.headers.get('idempotency-key'));
    page.unmount();
  });

  it('keeps no partner wallets that arrive after the member logged out', async () => {
    stub = stubFetch(() => ok([{ id: 1, name: 'store', balance: 30, enjoy_city_item: { id: 1 } }]));
    await loadPartnerWallets();
    expect($partnerWallets.get()).to.have.length(1);
    const late = loadPartnerWallets();
    act(() => endSession());
    expect($partnerWallets.get()).to.equal(null);
    await late;
    expect($partnerWallets.get(), 'the answer for the member who left').to.equal(null);
  });

  it('says so when the partner wallets cannot be loaded', async () => {
    stub = stubFetch((call) => (call.path === '/v1/enjoycity' ? fail(503, 'Service unavailable') : ok({ main_wallet: 500 })));
    const page = mountScreen(<WalletScreen />);
    await waitFor(() => alertText(page.host) === eng.wallet_load_error, 'the load error');
    page.unmount();
  });
  it('names a partner wallet as the operators renamed it in the member’s locale; a closed one is marked and not offered as a destination', async () => {
    stub = stubFetch((call) => {
      if (call.path === '/v1/userWallet') return ok({ main_wallet: 500 });
      if (call.path === '/v1/enjoycity')
        return ok([
          { id: 1, name: 'store', names: { eng: 'Graphene Store' }, disabled: true, balance: 30, enjoy_city_item: { id: 1 } },
          { id: 2, name: 'cinema', names: {}, disabled: false, balance: 250.5, enjoy_city_item: { id: 2 } },
        ]);
      if (call.path === '/v1/check') return ok(member);
      return fail(500, 'unexpected');
    });
    const page = await mountLoaded();
    expect(page.host.textContent).to.contain('Graphene Store').and.contain(eng.wallet_cinema).and.contain(eng.wallet_partner_closed);
    choose(selectLabelled(page.host, eng.wallet_from), 'main');
    const destinations = [...selectLabelled(page.host, eng.wallet_to).options].map((option) => option.value);
    expect(destinations).to.include('2').and.not.include('1');
    const sources = [...selectLabelled(page.host, eng.wallet_from).options].map((option) => option.value);
    expect(sources).to.include('1');
    page.unmount();
  });
});

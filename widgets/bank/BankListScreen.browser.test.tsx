/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { fail, ok, stubFetch, typeInto, waitFor } from '../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, inputLabelled, mountScreen, statusText } from '../../tests/helpers/mount.tsx';
import { EmbeddedContext } from '../core/embedded.ts';
import { HostEventsContext, type HostEventName } from '../core/host-events.ts';
import { endSession, startSession } from '../core/session.ts';
import { BankCardForm } from './BankCardForm.tsx';
import { $cardToEdit, bankCardIdKey } from './bank-cards.ts';
import { BankListScreen } from './BankListScreen.tsx';

const cards = [
  {
    id: 3,
    cardholder: 'Wang Xiaoming',
    bank_name: 'Bank of Taiwan',
    card_number: '**********1234',
    card_last4: '1234',
    payment_name: 'Xinyi branch',
    daily_quota: 50000,
    province: 'Taiwan',
    city: 'Taipei',
  },
  {
    id: 4,
    cardholder: 'Wang Xiaoming',
    bank_name: 'Cathay United',
    card_number: '5678',
    card_last4: '5678',
    payment_name: 'Daan branch',
    daily_quota: null,
    province: null,
    city: null,
  },
];

const listed = (host: HTMLElement) => [...host.querySelectorAll('.gs-bank__card')];

describe('BankListScreen', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => {
    act(() => startSession('token-7', { id: 7, username: 'member01' }));
  });
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    endSession();
    localStorage.clear();
  });

  it('lists each card with its number masked and grouped in fours, holder, branch and quota, and links add and withdraw', async () => {
    stub = stubFetch((call) =>
      call.path === '/v1/bankcard' ? ok([{ ...cards[0], card_number: '12345678901234' }, cards[1]]) : fail(500, 'x'),
    );
    const page = mountScreen(<BankListScreen />);
    await waitFor(() => listed(page.host).length === 2, 'the cards');
    expect(stub.calls[0]?.method).to.equal('GET');
    expect(stub.calls[0]?.authorization).to.equal('Bearer token-7');
    const [first, second] = listed(page.host);
    // A full number from the server is still masked in the list.
    expect(first?.querySelector('.gs-bank__number')?.textContent).to.equal('** **** **** 1234');
    expect(first?.textContent)
      .to.contain('Bank of Taiwan')
      .and.contain('Wang Xiaoming')
      .and.contain('Xinyi branch')
      .and.contain('50,000.0000');
    expect(second?.textContent).to.not.contain(eng.bank_daily_quota);
    const links = [...page.host.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(links).to.include('/eng/setting/addBank').and.include('/eng/wallet/withdraw').and.include('/eng/setting/updateCard');
    page.unmount();
  });

  it('edit keeps the card id in local storage under "bankCardId" and goes to /setting/updateCard', async () => {
    stub = stubFetch(() => ok(cards));
    const page = mountScreen(<BankListScreen />);
    await waitFor(() => listed(page.host).length === 2, 'the cards');
    page.host.addEventListener('click', (event) => event.preventDefault());
    const edit = listed(page.host)[1]?.querySelector<HTMLAnchorElement>('a');
    expect(edit?.textContent).to.equal(eng.bank_edit);
    expect(edit?.getAttribute('href')).to.equal('/eng/setting/updateCard');
    act(() => edit?.click());
    expect(localStorage.getItem(bankCardIdKey)).to.equal('4');
    page.unmount();
  });

  it('deletes only after a second, confirming tap, then drops the card and says so', async () => {
    // As the server does: once deleted, the card is no longer listed (the screen reads the list again after a change).
    let deleted = false;
    stub = stubFetch((call) => {
      if (call.method !== 'DELETE') return ok(deleted ? cards.slice(1) : cards);
      deleted = true;
      return ok(null);
    });
    const page = mountScreen(<BankListScreen />);
    await waitFor(() => listed(page.host).length === 2, 'the cards');
    const card = () => listed(page.host)[0] as HTMLElement;
    act(() => buttonNamed(card(), eng.bank_delete).click());
    expect(card().textContent).to.contain(eng.bank_delete_confirm);
    expect(document.activeElement?.textContent).to.equal(eng.bank_cancel);
    act(() => buttonNamed(card(), eng.bank_cancel).click());
    expect(card().textContent).to.not.contain(eng.bank_delete_confirm);
    expect(stub.calls.filter((call) => call.method === 'DELETE')).to.have.length(0);

    act(() => buttonNamed(card(), eng.bank_delete).click());
    act(() => buttonNamed(card(), eng.bank_delete_yes).click());
    await waitFor(() => listed(page.host).length === 1, 'the card gone');
    expect(stub.calls.find((call) => call.method === 'DELETE')?.path).to.equal('/v1/bankcard/3');
    expect(statusText(page.host)).to.contain(eng.bank_delete_success);
    page.unmount();
  });

  it('keeps the card and says so when the delete fails', async () => {
    stub = stubFetch((call) => (call.method === 'DELETE' ? fail(403, 'Forbidden') : ok(cards)));
    const page = mountScreen(<BankListScreen />);
    await waitFor(() => listed(page.host).length === 2, 'the cards');
    act(() => buttonNamed(listed(page.host)[1] as HTMLElement, eng.bank_delete).click());
    act(() => buttonNamed(page.host, eng.bank_delete_yes).click());
    await waitFor(() => alertText(page.host) === eng.bank_delete_fail, 'the failure');
    expect(listed(page.host)).to.have.length(2);
    page.unmount();
  });

  it('shows the empty state, and the load error', async () => {
    stub = stubFetch(() => ok([]));
    const empty = mountScreen(<BankListScreen />);
    await waitFor(() => empty.host.textContent?.includes(eng.bank_empty) === true, 'the empty state');
    expect([...empty.host.querySelectorAll('a')].map((link) => link.getAttribute('href'))).to.include('/eng/setting/addBank');
    empty.unmount();
    stub.restore();
    stub = stubFetch(() => fail(503, 'Service unavailable'));
    const broken = mountScreen(<BankListScreen />);
    await waitFor(() => alertText(broken.host) === eng.bank_load_error, 'the load error');
    expect(broken.host.textContent).to.not.contain(eng.bank_empty);
    broken.unmount();
  });

  it('on a partner page, Edit opens the card in the editor beside the list, tells the page, and the list shows the saved card', async () => {
    let saved = { ...cards[1], card_number: '12345678905678', daily_quota: null as number | null };
    stub = stubFetch((call) => {
      if (call.path === '/v1/bankcard') return ok([cards[0], saved]);
      if (call.path === '/v1/bankcard/4' && call.method === 'GET') return ok(saved);
      if (call.path === '/v1/bankcard/4' && call.method === 'PUT') {
        saved = { ...saved, daily_quota: Number(call.form.get('daily_quota')) };
        return ok(null);
      }
      return fail(500, 'x');
    });
    const told: [HostEventName, Record<string, unknown>][] = [];
    // As the widget runtime renders two widgets of one partner page: embedded, with the page's events.
    const page = mountScreen(
      <EmbeddedContext.Provider value={true}>
        <HostEventsContext.Provider value={(name, detail) => told.push([name, detail]) > 0}>
          <BankListScreen />
          <BankCardForm mode="update" />
        </HostEventsContext.Provider>
      </EmbeddedContext.Provider>,
    );
    await waitFor(() => listed(page.host).length === 2, 'the cards');
    expect(alertText(page.host)).to.contain(eng.bank_no_card_chosen);
    // No link away to our own site: the member stays on the partner's page.
    expect(page.host.querySelector('a[href*="/setting/bank"]')).to.equal(null);

    const edit = listed(page.host)[1]?.querySelector('button') as HTMLButtonElement;
    expect(edit.textContent).to.equal(eng.bank_edit);
    act(() => edit.click());
    const bankName = () => page.host.querySelector<HTMLInputElement>('input[name="bank_name"]')?.value;
    await waitFor(() => bankName() === 'Cathay United', 'the chosen card in the editor');
    expect(told).to.deep.equal([['card-edit', { card_id: 4 }]]);
    expect(edit.getAttribute('aria-current')).to.equal('true');
    expect(localStorage.getItem(bankCardIdKey), 'nothing in the partner page’s storage').to.equal(null);

    const listReads = () => stub?.calls.filter((call) => call.path === '/v1/bankcard').length ?? 0;
    const readsBefore = listReads();
    typeInto(inputLabelled(page.host, eng.bank_daily_quota), '20000');
    act(() => buttonNamed(page.host, eng.bank_save).click());
    await waitFor(() => statusText(page.host).includes(eng.bank_edit_success), 'the save');
    await waitFor(() => listReads() > readsBefore, 'the list loaded again');
    await waitFor(() => listed(page.host)[1]?.textContent?.includes('20,000') === true, 'the new quota in the list');

    // The member logs out: no card stays chosen for whoever logs in next.
    page.unmount();
    expect($cardToEdit.get()).to.equal(null);
  });
});

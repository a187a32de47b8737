/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { fail, ok, stubFetch, waitFor } from '../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, mountScreen, statusText } from '../../tests/helpers/mount.tsx';
import { endSession, startSession } from '../core/session.ts';
import { bankCardIdKey } from './bank-cards.ts';
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
    stub = stubFetch((call) => (call.method === 'DELETE' ? ok(null) : ok(cards)));
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
});

/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../../../locales/eng.json';
import zht from '../../../../locales/zht.json';
import zhs from '../../../../locales/zhs.json';
import { axeViolations } from '../../../../tests/helpers/axe.ts';
import { fail, ok, refuse, stubFetch, typeInto, waitFor, type RecordedCall, type Reply } from '../../../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, errorOf, inputLabelled, mountScreen, statusText } from '../../../../tests/helpers/mount.tsx';
import { AdminApp } from '../../AdminApp.tsx';
import { $operatorToken } from '../../shared/operator-session.ts';
import type { ReceivingAccount } from '../../../../contract/api/receiving.ts';
import { Receiving } from './Receiving.tsx';

const operatorToken = `op.${'c'.repeat(43)}`;
const paged = (data: unknown[]) => ok({ current_page: 1, last_page: 1, per_page: 15, total: data.length, data });
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

const demoChina: ReceivingAccount = {
  id: 1,
  position: 1,
  bank_name: 'Bank of China',
  branch: 'Shenzhen Futian (demo)',
  account_holder: 'Graphene Solar Ltd',
  account_number: '6217000000000001',
  type: 'China',
  locales: ['zhs', 'zht', 'eng'],
  countries_id: [],
  enabled: true,
  disabled_reason: null,
  demo: true,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};
const realTaiwan: ReceivingAccount = {
  id: 4,
  position: 4,
  bank_name: 'Cathay United Bank',
  branch: 'Xinyi',
  account_holder: 'Graphene Solar Co., Ltd.',
  account_number: '0130-5012-3456',
  type: 'Taiwan',
  locales: ['zht'],
  countries_id: [2],
  enabled: false,
  disabled_reason: 'Closed',
  demo: false,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};
const countries = [
  { id: 1, type: 'China', names: { zhs: '中国', zht: '中國', eng: 'China' } },
  { id: 2, type: 'Vietnam', names: { zhs: '越南', zht: '越南', eng: 'Viet Nam' } },
];
const noVirtualCurrency = { address: null, network: null, enabled: false, qr: null, updated_at: '2026-11-23T08:00:00Z' };

function receivingApi(extra: (call: RecordedCall) => Reply | undefined = () => undefined) {
  return stubFetch((call) => {
    const answer = extra(call);
    if (answer !== undefined) return answer;
    if (call.path === '/admin/v1/receiving-accounts' && call.method === 'GET') return paged([demoChina, realTaiwan]);
    if (call.path === '/admin/v1/receiving-accounts/virtual-currency' && call.method === 'GET') return ok(noVirtualCurrency);
    if (call.path === '/v1/country') return ok(countries);
    return fail(404, 'Not found');
  });
}

const submitNamed = (host: HTMLElement, name: string) => {
  const button = [...host.querySelectorAll<HTMLButtonElement>('button[type="submit"]')].find((candidate) => candidate.textContent === name);
  if (button === undefined) throw new Error(`No submit button "${name}"`);
  return button;
};

const checkboxLabelled = (host: HTMLElement, label: string) => {
  const found = [...host.querySelectorAll('label.gs-admin__check')].find((candidate) => candidate.textContent === label);
  const input = found?.querySelector<HTMLInputElement>('input[type="checkbox"]');
  if (input === null || input === undefined) throw new Error(`No checkbox "${label}"`);
  return input;
};

describe('Receiving (the back office)', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
    localStorage.clear();
  });

  it('lists the accounts in the members’ order under their own tab, demo ones labelled, with keyboard-usable reorder buttons', async () => {
    $operatorToken.set(operatorToken);
    stub = receivingApi();
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_receiving_accounts).click());
    await waitFor(() => page.host.textContent?.includes(demoChina.account_number) === true, 'the accounts');
    await waitFor(() => page.host.querySelectorAll('tbody tr')[1]?.textContent?.includes('Viet Nam') === true, 'the countries');
    const rows = [...page.host.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent?.trim()));
    expect(rows[0]?.slice(0, 8)).to.deep.equal([
      '1',
      `${demoChina.account_number} ${eng.admin_recv_demo}`,
      `${demoChina.bank_name}${demoChina.branch}`,
      demoChina.account_holder,
      'China',
      [eng.language_zhs, eng.language_zht, eng.language_eng].join(', '),
      eng.admin_recv_countries_all,
      eng.admin_recv_on_demo,
    ]);
    expect(rows[1]?.slice(5, 8)).to.deep.equal([eng.language_zht, 'Viet Nam', fill(eng.admin_recv_off, { reason: 'Closed' })]);
    expect(page.host.textContent).to.contain(eng.admin_recv_demo_note);
    const [firstUp, lastUp] = [...page.host.querySelectorAll<HTMLButtonElement>('tbody button')].filter(
      (button) => button.textContent === eng.admin_recv_up,
    );
    const downs = [...page.host.querySelectorAll<HTMLButtonElement>('tbody button')].filter(
      (button) => button.textContent === eng.admin_recv_down,
    );
    expect(firstUp?.disabled).to.equal(true);
    expect(lastUp?.disabled).to.equal(false);
    expect(downs[1]?.disabled).to.equal(true);
    expect(document.getElementById(downs[0]?.getAttribute('aria-describedby') ?? '')?.textContent).to.contain(demoChina.account_number);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('moves an account down with one button, and says so', async () => {
    $operatorToken.set(operatorToken);
    stub = receivingApi((call) => (call.path === '/admin/v1/receiving-accounts/1/move' ? ok({ ...demoChina, position: 2 }) : undefined));
    const page = mountScreen(<Receiving />);
    await waitFor(() => page.host.textContent?.includes(demoChina.account_number) === true, 'the accounts');
    const down = [...page.host.querySelectorAll<HTMLButtonElement>('tbody button')].find(
      (button) => button.textContent === eng.admin_recv_down,
    );
    act(() => down?.click());
    await waitFor(() => statusText(page.host) === fill(eng.admin_recv_moved, { number: demoChina.account_number }), 'the move');
    const move = stub.calls.find((call) => call.path === '/admin/v1/receiving-accounts/1/move');
    expect(move?.method).to.equal('POST');
    expect(move?.form.get('direction')).to.equal('down');
    page.unmount();
  });

  it('adds an account: blanks are named field by field, the server’s refusal shows under its field, then the sites and countries are sent', async () => {
    $operatorToken.set(operatorToken);
    stub = receivingApi((call) => {
      if (call.path !== '/admin/v1/receiving-accounts' || call.method !== 'POST') return undefined;
      if (call.form.get('account_number') === '12')
        return refuse(422, 'receiving_account_number_invalid', 'Enter the account number', {
          errors: { account_number: ['Enter the account number'] },
        });
      return { status: 201, body: { status: 1, code: 1, message: 'Receiving account added', detail: realTaiwan } };
    });
    const page = mountScreen(<Receiving />);
    await waitFor(() => page.host.textContent?.includes(demoChina.account_number) === true, 'the accounts');
    await waitFor(() => page.host.querySelectorAll('label.gs-admin__check').length === 5, 'the countries');
    const add = submitNamed(page.host, eng.admin_recv_add);
    act(() => add.click());
    const bank = inputLabelled(page.host, eng.admin_recv_bank);
    const number = inputLabelled(page.host, eng.admin_recv_number);
    await waitFor(() => errorOf(bank) === eng.admin_recv_needed, 'the blank bank');
    expect(errorOf(number)).to.equal(eng.admin_recv_needed);
    expect(bank.getAttribute('aria-invalid')).to.equal('true');
    expect(stub.calls.some((call) => call.method === 'POST')).to.equal(false);

    typeInto(bank, 'Cathay United Bank');
    typeInto(inputLabelled(page.host, eng.admin_recv_branch), 'Xinyi');
    typeInto(inputLabelled(page.host, eng.admin_recv_holder), 'Graphene Solar Co., Ltd.');
    typeInto(number, '12');
    typeInto(inputLabelled(page.host, eng.admin_recv_type), 'Taiwan');
    act(() => add.click());
    await waitFor(() => errorOf(number) === eng.refusal_receiving_account_number_invalid, 'the refused number');
    expect(errorOf(bank)).to.equal('');

    typeInto(number, '0130-5012-3456');
    act(() => checkboxLabelled(page.host, eng.language_zhs).click());
    act(() => checkboxLabelled(page.host, eng.language_eng).click());
    act(() => checkboxLabelled(page.host, 'Viet Nam').click());
    act(() => add.click());
    await waitFor(() => statusText(page.host) === fill(eng.admin_recv_added, { number: '0130-5012-3456' }), 'the added account');
    const post = stub.calls.filter((call) => call.method === 'POST').at(-1);
    expect(Object.fromEntries(post?.form ?? [])).to.deep.equal({
      bank_name: 'Cathay United Bank',
      branch: 'Xinyi',
      account_holder: 'Graphene Solar Co., Ltd.',
      account_number: '0130-5012-3456',
      type: 'Taiwan',
      locales: 'zht',
      countries_id: '2',
    });
    expect(number.value).to.equal('');
    page.unmount();
  });

  it('edits an account in a panel that takes focus, and tells why a demo account’s details cannot change', async () => {
    $operatorToken.set(operatorToken);
    stub = receivingApi((call) =>
      call.path === '/admin/v1/receiving-accounts/1' && call.method === 'PUT'
        ? refuse(409, 'receiving_account_demo_fixed', 'A demo account cannot be edited: add the real account instead.')
        : undefined,
    );
    const page = mountScreen(<Receiving />);
    await waitFor(() => page.host.textContent?.includes(demoChina.account_number) === true, 'the accounts');
    const edit = [...page.host.querySelectorAll<HTMLButtonElement>('tbody button')].find(
      (button) => button.textContent === eng.admin_recv_edit,
    );
    act(() => edit?.click());
    await waitFor(() => page.host.querySelector('.gs-admin__item legend') !== null, 'the edit panel');
    expect(page.host.querySelector('.gs-admin__item legend')?.textContent).to.equal(
      fill(eng.admin_recv_editing, { number: demoChina.account_number }),
    );
    const bank = inputLabelled(page.host, eng.admin_recv_bank);
    await waitFor(() => document.activeElement === bank, 'the focus');
    typeInto(bank, 'Real Bank');
    act(() => submitNamed(page.host, eng.admin_recv_save).click());
    await waitFor(() => alertText(page.host).includes(eng.refusal_receiving_account_demo_fixed), 'the refusal');
    page.unmount();
  });

  it('disables an account only with a reason', async () => {
    $operatorToken.set(operatorToken);
    stub = receivingApi((call) =>
      call.path === '/admin/v1/receiving-accounts/1' && call.method === 'PUT' ? ok({ ...demoChina, enabled: false }) : undefined,
    );
    const page = mountScreen(<Receiving />);
    await waitFor(() => page.host.textContent?.includes(demoChina.account_number) === true, 'the accounts');
    act(() => buttonNamed(page.host, eng.admin_recv_disable).click());
    await waitFor(() => page.host.querySelector('#gs-recv-reason') !== null, 'the reason panel');
    act(() => submitNamed(page.host, eng.admin_recv_disable).click());
    await waitFor(() => alertText(page.host).includes(eng.admin_reason_needed), 'the missing reason');
    expect(stub.calls.some((call) => call.method === 'PUT')).to.equal(false);
    typeInto(inputLabelled(page.host, eng.admin_recv_disable_reason), 'Real accounts are in');
    act(() => submitNamed(page.host, eng.admin_recv_disable).click());
    await waitFor(
      () => statusText(page.host) === fill(eng.admin_recv_disabled, { number: demoChina.account_number }),
      'the disabled account',
    );
    const put = stub.calls.find((call) => call.method === 'PUT');
    expect(Object.fromEntries(put?.form ?? [])).to.deep.equal({ enabled: 'false', reason: 'Real accounts are in' });
    page.unmount();
  });

  it('sets the virtual-currency address and network, then shows its QR code and the switch to turn it off', async () => {
    $operatorToken.set(operatorToken);
    const set = { address: 'TXyZ9h3bVd1aQfJ4u8mKc2rPzN7sLwE5gT', network: 'TRC-20', enabled: true, qr: { size: 33, path: 'M4 4h7v1h-7z' } };
    stub = receivingApi((call) => {
      if (call.path !== '/admin/v1/receiving-accounts/virtual-currency' || call.method !== 'PUT') return undefined;
      if (call.form.get('address') === 'short')
        return refuse(422, 'virtual_currency_address_invalid', 'Enter the receiving address', {
          errors: { address: ['Enter the receiving address'] },
        });
      return ok({ ...set, updated_at: '2026-11-23T09:00:00Z' });
    });
    const page = mountScreen(<Receiving />);
    await waitFor(() => page.host.textContent?.includes(eng.admin_vc_off) === true, 'the virtual currency state');
    const address = inputLabelled(page.host, eng.admin_vc_address);
    typeInto(address, 'short');
    typeInto(inputLabelled(page.host, eng.admin_vc_network), 'TRC-20');
    act(() => submitNamed(page.host, eng.admin_vc_save).click());
    await waitFor(() => errorOf(address) === eng.refusal_virtual_currency_address_invalid, 'the refused address');
    typeInto(address, set.address);
    act(() => submitNamed(page.host, eng.admin_vc_save).click());
    await waitFor(() => page.host.textContent?.includes(eng.admin_vc_on) === true, 'the method switched on');
    expect(page.host.querySelector('svg.gs-admin__qr')?.getAttribute('aria-label')).to.equal(eng.admin_vc_qr);
    expect(buttonNamed(page.host, eng.admin_vc_disable)).not.to.equal(null);
    const put = stub.calls.filter((call) => call.method === 'PUT').at(-1);
    expect(Object.fromEntries(put?.form ?? [])).to.deep.equal({ address: set.address, network: 'TRC-20' });
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('works in traditional Chinese', async () => {
    expect((zht as Record<string, string>).admin_receiving_accounts).to.equal('收款帳戶');
    expect((zhs as Record<string, string>).admin_receiving_accounts).to.equal('收款账户');
    $operatorToken.set(operatorToken);
    stub = receivingApi();
    const page = mountScreen(<Receiving />, 'zht', zht);
    await waitFor(() => page.host.textContent?.includes(demoChina.account_number) === true, 'the accounts');
    expect(page.host.querySelector('h2')?.textContent).to.equal('收款帳戶');
    expect(page.host.querySelector('caption')?.textContent).to.equal(zht.admin_recv_caption);
    expect(page.host.textContent).to.contain(zht.admin_recv_demo);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });
});

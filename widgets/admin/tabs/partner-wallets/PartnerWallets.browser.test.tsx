/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../../../locales/eng.json';
import zht from '../../../../locales/zht.json';
import { axeViolations } from '../../../../tests/helpers/axe.ts';
import { fail, ok, refuse, stubFetch, typeInto, waitFor, type RecordedCall, type Reply } from '../../../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, errorOf, inputLabelled, mountScreen, statusText } from '../../../../tests/helpers/mount.tsx';
import { AdminApp } from '../../AdminApp.tsx';
import { $operatorToken } from '../../shared/operator-session.ts';
import type { PartnerCity } from '../../../../contract/api/partners.ts';
import { PartnerWallets } from './PartnerWallets.tsx';

const operatorToken = `op.${'e'.repeat(43)}`;
const paged = (data: unknown[]) => ok({ current_page: 1, last_page: 1, per_page: 15, total: data.length, data });
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
const store: PartnerCity = {
  id: 1,
  name: 'Store',
  names: { zhs: '商城', zht: '商城', eng: 'Store' },
  kind: 'internal',
  enabled: true,
  disabled_reason: null,
  base_url: null,
  api_key: null,
  secret_set: false,
  updated_at: '2026-11-01T10:00:00.000Z',
};
const arcade: PartnerCity = {
  ...store,
  id: 3,
  name: 'Arcade',
  names: { zhs: '游乐场', zht: '遊樂場', eng: 'Arcade' },
  kind: 'external',
  enabled: false,
  disabled_reason: 'Contract ended',
  base_url: 'https://api.arcade.example',
  api_key: 'arcade-1',
  secret_set: true,
};

function selectLabelled(host: HTMLElement, label: string): HTMLSelectElement {
  const element = [...host.querySelectorAll('label')].find((candidate) => candidate.textContent === label);
  const select = element === undefined ? null : host.querySelector<HTMLSelectElement>(`[id="${element.htmlFor}"]`);
  if (select === null) throw new Error(`No select labelled "${label}"`);
  return select;
}

describe('Partner wallets (the back office)', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => $operatorToken.set(operatorToken));
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
    localStorage.clear();
  });

  function cityApi(extra: (call: RecordedCall) => Reply | undefined = () => undefined) {
    return stubFetch((call) => {
      const answer = extra(call);
      if (answer !== undefined) return answer;
      if (call.path === '/admin/v1/partner-cities' && call.method === 'GET') return paged([store, arcade]);
      return fail(404, 'Not found');
    });
  }

  it('lists the cities under their own tab: names, adapter, whether a secret is set (never the secret) and state', async () => {
    stub = cityApi();
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_partner_wallets).click());
    await waitFor(() => page.host.textContent?.includes('Arcade') === true, 'the cities');
    const rows = [...page.host.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent?.trim()));
    expect(rows[1]?.[1]).to.equal(eng.admin_partner_wallets_external);
    expect(rows[1]?.[3]).to.equal(eng.admin_partner_wallets_secret_set);
    expect(rows[1]?.[4]).to.contain(eng.admin_partner_wallets_off).and.contain('Contract ended');
    expect(page.host.textContent).to.contain(eng.admin_partner_wallets_disabled_note);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('adds a city: every field is checked before sending, and an external one needs its address, key id and secret', async () => {
    stub = cityApi((call) => (call.method === 'POST' ? ok({ ...arcade, id: 4, name: 'Playland' }) : undefined));
    const page = mountScreen(<PartnerWallets />);
    await waitFor(() => page.host.textContent?.includes('Arcade') === true, 'the cities');
    const add = [...page.host.querySelectorAll<HTMLButtonElement>('button[type="submit"]')].find(
      (button) => button.textContent === eng.admin_partner_wallets_add,
    );
    if (add === undefined) throw new Error('no add button');
    const kind = selectLabelled(page.host, eng.admin_partner_wallets_kind);
    act(() => {
      kind.value = 'external';
      kind.dispatchEvent(new Event('change', { bubbles: true }));
    });
    act(() => add.click());
    const zhsName = inputLabelled(page.host, eng.admin_partner_wallets_name_zhs);
    await waitFor(() => errorOf(zhsName) === eng.admin_partner_wallets_name_needed, 'the blank name');
    expect(errorOf(inputLabelled(page.host, eng.admin_partner_wallets_base_url))).to.equal(eng.admin_partner_wallets_base_url_needed);
    expect(errorOf(inputLabelled(page.host, eng.admin_partner_wallets_api_key))).to.equal(eng.admin_partner_wallets_api_key_needed);
    expect(errorOf(inputLabelled(page.host, eng.admin_partner_wallets_secret))).to.equal(eng.admin_partner_wallets_secret_needed);
    expect(zhsName.getAttribute('aria-invalid')).to.equal('true');
    expect(stub.calls.some((call) => call.method === 'POST')).to.equal(false);

    typeInto(zhsName, '乐园');
    typeInto(inputLabelled(page.host, eng.admin_partner_wallets_name_zht), '樂園');
    typeInto(inputLabelled(page.host, eng.admin_partner_wallets_name_eng), 'Playland');
    typeInto(inputLabelled(page.host, eng.admin_partner_wallets_base_url), 'http://insecure.example');
    typeInto(inputLabelled(page.host, eng.admin_partner_wallets_api_key), 'key-1');
    typeInto(inputLabelled(page.host, eng.admin_partner_wallets_secret), 'shh-secret');
    act(() => add.click());
    await waitFor(() => errorOf(inputLabelled(page.host, eng.admin_partner_wallets_base_url)) !== '', 'the address');
    expect(stub.calls.some((call) => call.method === 'POST')).to.equal(false);
    typeInto(inputLabelled(page.host, eng.admin_partner_wallets_base_url), 'https://api.playland.example');
    act(() => add.click());
    await waitFor(() => statusText(page.host).includes(fill(eng.admin_partner_wallets_added, { name: 'Playland' })), 'the city added');
    const sent = stub.calls.find((call) => call.method === 'POST');
    expect(sent?.form.get('name_zhs')).to.equal('乐园');
    expect(sent?.form.get('kind')).to.equal('external');
    expect(sent?.form.get('secret')).to.equal('shh-secret');
    page.unmount();
  });

  it('renames a city per locale, keeping a stored secret when none is typed; a server refusal lands under its field', async () => {
    let refuseNext = true;
    stub = cityApi((call) => {
      if (call.method !== 'PUT') return undefined;
      if (refuseNext) {
        refuseNext = false;
        return refuse(422, 'validation', 'Parameter validation error.', { errors: { name_eng: ['Enter the name in this language.'] } });
      }
      return ok({ ...arcade, name: 'Game Hall' });
    });
    const page = mountScreen(<PartnerWallets />);
    await waitFor(() => page.host.textContent?.includes('Arcade') === true, 'the cities');
    const edit = [...page.host.querySelectorAll<HTMLButtonElement>('tbody button')].filter(
      (button) => button.textContent === eng.admin_partner_wallets_edit,
    );
    act(() => edit[1]?.click());
    const heading = fill(eng.admin_partner_wallets_editing, { name: 'Arcade' });
    await waitFor(() => document.activeElement?.textContent === heading, 'the edit form focused');
    const english = [...page.host.querySelectorAll<HTMLInputElement>('input[name="name_eng"]')].find((input) => input.value === 'Arcade');
    if (english === undefined) throw new Error('no English name');
    typeInto(english, 'Game Hall');
    const save = buttonNamed(page.host, eng.admin_partner_wallets_save);
    act(() => save.click());
    await waitFor(() => errorOf(english) === eng.refusal_validation, 'the field refusal');
    act(() => save.click());
    await waitFor(() => statusText(page.host).includes(fill(eng.admin_partner_wallets_saved, { name: 'Game Hall' })), 'saved');
    const sent = stub.calls.filter((call) => call.method === 'PUT').at(-1);
    expect(sent?.path).to.equal('/admin/v1/partner-cities/3');
    expect(sent?.form.get('name_eng')).to.equal('Game Hall');
    expect(sent?.form.has('secret')).to.equal(false);
    page.unmount();
  });

  it('disables a city only with a reason, saying what happens to its balances', async () => {
    stub = cityApi((call) => (call.method === 'PUT' ? ok({ ...store, enabled: false }) : undefined));
    const page = mountScreen(<PartnerWallets />);
    await waitFor(() => page.host.textContent?.includes('Arcade') === true, 'the cities');
    act(() => buttonNamed(page.host, eng.admin_partner_wallets_disable).click());
    await waitFor(() => page.host.querySelector('legend') !== null, 'the disable form');
    const reason = inputLabelled(page.host, eng.admin_partner_wallets_reason);
    await waitFor(() => document.activeElement === reason, 'the focus');
    const confirm = page.host.querySelector<HTMLButtonElement>('fieldset button[type="submit"]');
    act(() => confirm?.click());
    await waitFor(() => alertText(page.host).includes(eng.admin_reason_needed), 'the reason notice');
    expect(stub.calls.some((call) => call.method === 'PUT')).to.equal(false);
    typeInto(reason, 'Store closing');
    act(() => confirm?.click());
    await waitFor(() => statusText(page.host).includes(fill(eng.admin_partner_wallets_disabled, { name: 'Store' })), 'disabled');
    const sent = stub.calls.find((call) => call.method === 'PUT');
    expect(sent?.form.get('enabled')).to.equal('false');
    expect(sent?.form.get('reason')).to.equal('Store closing');
    page.unmount();
  });

  it('reads in traditional Chinese with each city’s own name', async () => {
    stub = cityApi();
    const page = mountScreen(<PartnerWallets />, 'zht', zht);
    await waitFor(() => page.host.textContent?.includes('遊樂場') === true, 'the cities');
    expect(page.host.querySelector('h2')?.textContent).to.equal(zht.admin_partner_wallets);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('says which transfers a partner platform did not answer, in the operator’s language, only when some failed', async () => {
    const failure = {
      id: 81,
      type: 'deposit',
      amount: '100.0000',
      created_at: '2026-11-29T02:00:00.000Z',
      member: { id: 7, username: 'linmei07' },
      partner_city: { id: 3, name: 'arcade', names: { zhs: '游乐场', zht: '遊樂場', eng: 'Arcade' } },
    };
    stub = cityApi((call) => (call.path === '/admin/v1/partner-failures' ? paged([failure]) : undefined));
    const page = mountScreen(<PartnerWallets />, 'zht', zht);
    await waitFor(() => page.host.textContent?.includes(zht.admin_partner_failures_note) === true, 'the failures');
    const row = [...page.host.querySelectorAll('tbody tr')].find((candidate) => candidate.textContent?.includes('linmei07'));
    expect(row?.textContent).to.contain('遊樂場').and.contain(zht.admin_partner_failures_deposit).and.contain('100.0000');
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();

    stub.restore();
    stub = cityApi((call) => (call.path === '/admin/v1/partner-failures' ? paged([]) : undefined));
    const quiet = mountScreen(<PartnerWallets />, 'zht', zht);
    await waitFor(
      () => quiet.host.textContent?.includes('Arcade') === true || quiet.host.textContent?.includes('遊樂場') === true,
      'the cities',
    );
    expect(quiet.host.textContent).not.to.contain(zht.admin_partner_failures);
    quiet.unmount();
  });
});

/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../../../locales/eng.json';
import zht from '../../../../locales/zht.json';
import zhs from '../../../../locales/zhs.json';
import { fail, ok, refuse, stubFetch, typeInto, waitFor, type RecordedCall, type Reply } from '../../../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, errorOf, inputLabelled, mountScreen, statusText } from '../../../../tests/helpers/mount.tsx';
import { AdminApp } from '../../AdminApp.tsx';
import { $operatorToken } from '../../shared/operator-session.ts';
import type { PartnerSite } from '../../../../contract/api/partner-sites.ts';
import { Partners } from './Partners.tsx';

const operatorToken = `op.${'b'.repeat(43)}`;
const paged = (data: unknown[]) => ok({ current_page: 1, last_page: 1, per_page: 15, total: data.length, data });
const sunShop: PartnerSite = {
  id: 1,
  origin: 'https://sun-shop.example',
  name: 'Sun shop',
  referral_code: 'ABCD2345',
  enabled: true,
  members: 12,
  orders: 7,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};
const oldShop: PartnerSite = {
  id: 2,
  origin: 'http://localhost:4321',
  name: 'Demo',
  referral_code: null,
  enabled: false,
  members: 0,
  orders: 3,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

describe('Partners (the back office)', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
    localStorage.clear();
  });

  function partnerApi(extra: (call: RecordedCall) => Reply | undefined = () => undefined) {
    return stubFetch(
      (call) =>
        extra(call) ??
        (call.path === '/admin/v1/partner-sites' && call.method === 'GET' ? paged([sunShop, oldShop]) : fail(404, 'Not found')),
    );
  }

  it('lists the sites with what each brought, under its own tab', async () => {
    $operatorToken.set(operatorToken);
    stub = partnerApi();
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_partner_sites).click());
    await waitFor(() => page.host.textContent?.includes(sunShop.origin) === true, 'the partner sites');
    const rows = [...page.host.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent?.trim()));
    expect(rows[0]?.slice(0, 6)).to.deep.equal([sunShop.origin, 'Sun shop', 'ABCD2345', eng.admin_partner_on, '12', '7']);
    expect(rows[1]?.slice(0, 6)).to.deep.equal([oldShop.origin, 'Demo', eng.admin_partner_none, eng.admin_partner_off, '0', '3']);
    expect(page.host.querySelector('caption')?.textContent).to.equal(eng.admin_partner_sites_caption);
    // Each row's actions are described by the row's origin.
    const enable = buttonNamed(page.host, eng.admin_partner_enable);
    expect(document.getElementById(enable.getAttribute('aria-describedby') ?? '')?.textContent).to.equal(oldShop.origin);
    expect(stub.calls.find((call) => call.path === '/admin/v1/partner-sites')?.authorization).to.equal(`Bearer ${operatorToken}`);
    page.unmount();
  });

  it('adds a site: blanks are named field by field, a bad origin shows the server’s refusal under the field', async () => {
    $operatorToken.set(operatorToken);
    const added: PartnerSite = {
      id: 3,
      origin: 'https://new.example',
      name: 'New',
      referral_code: null,
      enabled: true,
      members: 0,
      orders: 0,
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
    };
    stub = partnerApi((call) => {
      if (call.path !== '/admin/v1/partner-sites' || call.method !== 'POST') return undefined;
      if (call.form.get('origin') === 'https://new.example/shop')
        return refuse(422, 'partner_site_origin_invalid', 'The origin must be like https://partner.example, with no path.', {
          errors: { origin: ['The origin must be like https://partner.example, with no path.'] },
        });
      return ok(added);
    });
    const page = mountScreen(<Partners />);
    await waitFor(() => page.host.textContent?.includes(sunShop.origin) === true, 'the partner sites');
    const origin = inputLabelled(page.host, eng.admin_partner_origin);
    const name = inputLabelled(page.host, eng.admin_partner_name);
    const addButton = [...page.host.querySelectorAll<HTMLButtonElement>('button[type="submit"]')].find(
      (button) => button.textContent === eng.admin_partner_add,
    );
    if (addButton === undefined) throw new Error('no add button');

    act(() => addButton.click());
    await waitFor(() => errorOf(origin) === eng.admin_partner_origin_needed, 'the blank origin');
    expect(errorOf(name)).to.equal(eng.admin_partner_name_needed);
    expect(origin.getAttribute('aria-invalid')).to.equal('true');
    expect(stub.calls.some((call) => call.method === 'POST')).to.equal(false);

    typeInto(origin, 'https://new.example/shop');
    typeInto(name, 'New');
    act(() => addButton.click());
    await waitFor(() => errorOf(origin) === eng.refusal_partner_site_origin_invalid, 'the refused origin');
    expect(errorOf(name)).to.equal('');

    typeInto(origin, 'https://new.example');
    act(() => addButton.click());
    await waitFor(() => statusText(page.host).includes(fill(eng.admin_partner_added, { origin: added.origin })), 'the added site');
    const sent = stub.calls.filter((call) => call.method === 'POST').at(-1);
    expect(sent?.form.get('origin')).to.equal('https://new.example');
    expect(sent?.form.get('name')).to.equal('New');
    expect(origin.value).to.equal('');
    page.unmount();
  });

  it('disables a site only with a reason, typed in a panel that takes the focus', async () => {
    $operatorToken.set(operatorToken);
    stub = partnerApi((call) =>
      call.path === '/admin/v1/partner-sites/1' && call.method === 'PUT' ? ok({ ...sunShop, enabled: false }) : undefined,
    );
    const page = mountScreen(<Partners />);
    await waitFor(() => page.host.textContent?.includes(sunShop.origin) === true, 'the partner sites');
    act(() => buttonNamed(page.host, eng.admin_partner_disable).click());
    await waitFor(() => page.host.querySelector('legend') !== null, 'the disable panel');
    expect(page.host.querySelector('legend')?.textContent).to.equal(fill(eng.admin_partner_disabling, { origin: sunShop.origin }));
    const reason = inputLabelled(page.host, eng.admin_partner_disable_reason);
    await waitFor(() => document.activeElement === reason, 'the focus');

    const confirm = [...page.host.querySelectorAll<HTMLButtonElement>('fieldset button[type="submit"]')][0];
    if (confirm === undefined) throw new Error('no confirm button');
    act(() => confirm.click());
    await waitFor(() => alertText(page.host).includes(eng.admin_reason_needed), 'the reason notice');
    expect(stub.calls.some((call) => call.method === 'PUT')).to.equal(false);

    typeInto(reason, 'contract ended');
    act(() => confirm.click());
    await waitFor(() => statusText(page.host).includes(fill(eng.admin_partner_disabled, { origin: sunShop.origin })), 'the disabled site');
    const sent = stub.calls.find((call) => call.method === 'PUT');
    expect(sent?.form.get('enabled')).to.equal('false');
    expect(sent?.form.get('reason')).to.equal('contract ended');
    expect(page.host.querySelector('legend')).to.equal(null);
    page.unmount();
  });

  it('names the tab in traditional Chinese apart from simplified', () => {
    expect((zht as Record<string, string>).admin_partner_sites).to.equal('合作網站');
    expect((zhs as Record<string, string>).admin_partner_sites).to.equal('合作网站');
  });
});

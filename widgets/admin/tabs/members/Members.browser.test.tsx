/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../../../locales/eng.json';
import zhs from '../../../../locales/zhs.json';
import zht from '../../../../locales/zht.json';
import { axeViolations } from '../../../../tests/helpers/axe.ts';
import { fail, ok, refuse, stubFetch, typeInto, waitFor, type RecordedCall, type Reply } from '../../../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, inputLabelled, mountScreen, statusText } from '../../../../tests/helpers/mount.tsx';
import { AdminApp } from '../../AdminApp.tsx';
import type { MemberDetail } from '../../../../contract/api/members.ts';
import { Members } from './Members.tsx';
import { $operatorToken } from '../../shared/operator-session.ts';

const operatorToken = `op.${'d'.repeat(43)}`;
const paged = (data: unknown[], page = 1, last = 1) => ok({ current_page: page, last_page: last, per_page: 15, total: data.length, data });
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
const found = {
  id: 7,
  username: 'linmei07',
  realname: 'Lin Mei',
  phone: '+886 912 345 678',
  verification_status: 'approved',
  account_status: 'active',
};
const detail: MemberDetail = {
  id: 7,
  username: 'linmei07',
  realname: 'Lin Mei',
  phone: '+886 912 345 678',
  email: null,
  account_status: 'active',
  verification: { status: 'approved', reason: null, submitted_at: '2026-11-01T10:00:00.000Z' },
  created_at: '2026-10-01T10:00:00.000Z',
  wallets: {
    main: '380.0000',
    partners: [
      { id: 1, name: 'Store', disabled: false, balance: '120.0000' },
      { id: 2, name: 'Cinema', disabled: true, balance: '0.0000' },
    ],
  },
  cards: [{ id: 3, bank_name: 'Bank of Taiwan', last4: '4567', created_at: '2026-11-02T10:00:00.000Z' }],
  sessions: [{ created_at: '2026-11-20T10:00:00.000Z', last_seen_at: '2026-11-23T10:00:00.000Z' }],
  withdrawal_cooldown: { hours: null, install_hours: 24 },
  adjustments: { approval_points: 1000 },
};
const order = {
  id: 11,
  order_number: 'GS20261101ABCDEF',
  product: 'Graphene panel',
  item_count: 2,
  amount: '200.0000',
  status: 3,
  created_at: '2026-11-01T10:00:00.000Z',
};
const line = {
  id: 21,
  created_at: '2026-11-03T10:00:00.000Z',
  kind: 'partner_deposit',
  wallet: 'partner',
  partner_city: 'Store',
  amount: '120.0000',
};

describe('Members (the back office)', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => $operatorToken.set(operatorToken));
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
    localStorage.clear();
  });

  function memberApi(extra: (call: RecordedCall) => Reply | undefined = () => undefined) {
    return stubFetch((call) => {
      const answer = extra(call);
      if (answer !== undefined) return answer;
      if (call.path === '/admin/v1/members') return call.query.get('page') === '2' ? paged([], 2, 2) : paged([found], 1, 2);
      if (call.path === '/admin/v1/members/7') return ok(detail);
      if (call.path === '/admin/v1/members/7/orders') return paged([order]);
      if (call.path === '/admin/v1/members/7/ledger') return paged([line]);
      return fail(404, 'Not found');
    });
  }

  async function search(page: { host: HTMLElement }, text: string) {
    typeInto(inputLabelled(page.host, eng.admin_members_search), text);
    act(() => buttonNamed(page.host, eng.admin_members_search_go).click());
  }

  it('opens under its own tab, loaded on first use; searches on the server and pages the results', async () => {
    stub = memberApi();
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_members).click());
    await waitFor(() => page.host.querySelector('form[role="search"]') !== null, 'the search');
    expect(stub.calls.some((call) => call.path === '/admin/v1/members')).to.equal(false);
    await search(page, "  Lin' %  ");
    await waitFor(() => page.host.textContent?.includes('linmei07') === true, 'the results');
    const sent = stub.calls.find((call) => call.path === '/admin/v1/members');
    expect(sent?.query.get('q')).to.equal("Lin' %");
    expect(sent?.authorization).to.equal(`Bearer ${operatorToken}`);
    const row = [...(page.host.querySelector('tbody tr')?.children ?? [])].map((cell) => cell.textContent?.trim());
    expect(row.slice(0, 5)).to.deep.equal([
      'linmei07',
      'Lin Mei',
      '+886 912 345 678',
      eng.admin_members_verification_approved,
      eng.admin_members_active,
    ]);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    act(() => buttonNamed(page.host, eng.paging_next).click());
    await waitFor(() => stub?.calls.at(-1)?.query.get('page') === '2', 'page 2');
    page.unmount();
  });

  it('a member’s page shows their wallets, masked cards, sessions, orders and ledger, and takes the focus', async () => {
    stub = memberApi();
    const histories: number[] = [];
    const page = mountScreen(<Members onHistory={(id) => histories.push(id)} />);
    await search(page, 'lin');
    await waitFor(() => page.host.textContent?.includes('linmei07') === true, 'the results');
    act(() => buttonNamed(page.host, eng.admin_members_open).click());
    await waitFor(() => page.host.textContent?.includes('GS20261101ABCDEF') === true, 'the orders');
    await waitFor(() => page.host.textContent?.includes('partner_deposit') === true, 'the ledger');
    const title = fill(eng.admin_members_page_title, { username: 'linmei07' });
    await waitFor(() => document.activeElement?.textContent === title, 'the focus on the title');
    const text = page.host.textContent ?? '';
    expect(text).to.contain('380.0000').and.contain('120.0000').and.contain(eng.admin_members_closed);
    expect(text).to.contain(fill(eng.admin_members_card, { bank: 'Bank of Taiwan', last4: '4567' }));
    expect(text).to.contain(eng.order_status_3);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    // The member's history is the audit log narrowed to them (the back office opens that tab).
    act(() => buttonNamed(page.host, eng.admin_members_history).click());
    expect(histories).to.deep.equal([7]);
    act(() => buttonNamed(page.host, eng.admin_members_back).click());
    await waitFor(() => page.host.querySelector('form[role="search"]') !== null, 'the search again');
    page.unmount();
  });

  it('suspends only with a reason, words a refusal by its code, and ends sessions with a reason', async () => {
    let refuseNext = true;
    stub = memberApi((call) => {
      if (call.path === '/admin/v1/members/7/suspend') {
        if (refuseNext) {
          refuseNext = false;
          return refuse(409, 'member_already_suspended', 'This member is already suspended');
        }
        return ok(null);
      }
      if (call.path === '/admin/v1/members/7/sessions/revoke') return ok({ ended: 1 });
      return undefined;
    });
    const page = mountScreen(<Members onHistory={() => undefined} />);
    await search(page, 'lin');
    await waitFor(() => page.host.textContent?.includes('linmei07') === true, 'the results');
    act(() => buttonNamed(page.host, eng.admin_members_open).click());
    await waitFor(() => page.host.textContent?.includes('380.0000') === true, 'the member');

    act(() => buttonNamed(page.host, eng.admin_members_suspend).click());
    await waitFor(() => page.host.querySelector('legend') !== null, 'the reason form');
    const reason = inputLabelled(page.host, eng.admin_members_reason);
    await waitFor(() => document.activeElement === reason, 'the focus');
    const confirm = page.host.querySelector<HTMLButtonElement>('fieldset button[type="submit"]');
    if (confirm === null) throw new Error('no confirm button');
    act(() => confirm.click());
    await waitFor(() => alertText(page.host).includes(eng.admin_reason_needed), 'the reason notice');
    expect(stub.calls.some((call) => call.method === 'POST')).to.equal(false);
    typeInto(reason, 'Chargeback');
    act(() => confirm.click());
    await waitFor(() => alertText(page.host).includes(eng.refusal_member_already_suspended), 'the refusal');
    act(() => confirm.click());
    await waitFor(() => statusText(page.host).includes(eng.admin_members_suspended_done), 'the suspension');
    expect(
      stub.calls
        .filter((call) => call.method === 'POST')
        .at(-1)
        ?.form.get('reason'),
    ).to.equal('Chargeback');

    act(() => buttonNamed(page.host, eng.admin_members_end_sessions).click());
    await waitFor(() => page.host.querySelector('legend') !== null, 'the sessions form');
    typeInto(inputLabelled(page.host, eng.admin_members_reason), 'Phone stolen');
    const end = page.host.querySelector<HTMLButtonElement>('fieldset button[type="submit"]');
    act(() => end?.click());
    await waitFor(() => statusText(page.host).includes(eng.admin_members_sessions_ended), 'the sessions ended');
    expect(stub.calls.filter((call) => call.method === 'POST').at(-1)?.path).to.equal('/admin/v1/members/7/sessions/revoke');
    page.unmount();
  });

  it('sets the member’s own withdrawal waiting time: bad hours and a blank reason are told and not sent, blank hours mean the install’s', async () => {
    const sent: URLSearchParams[] = [];
    stub = memberApi((call) => {
      if (call.path !== '/admin/v1/members/7/withdrawal-cooldown') return undefined;
      sent.push(call.form);
      return ok({ hours: null, applies_hours: 24 });
    });
    const page = mountScreen(<Members onHistory={() => undefined} />, 'zht', zht);
    typeInto(inputLabelled(page.host, zht.admin_members_search), 'lin');
    act(() => buttonNamed(page.host, zht.admin_members_search_go).click());
    await waitFor(() => page.host.textContent?.includes('linmei07') === true, 'the results');
    act(() => buttonNamed(page.host, zht.admin_members_open).click());
    await waitFor(
      () => page.host.textContent?.includes(fill(zht.admin_members_cooldown_install, { hours: '24' })) === true,
      'the waiting time',
    );

    act(() => buttonNamed(page.host, zht.admin_members_cooldown_change).click());
    const hours = inputLabelled(page.host, zht.admin_members_cooldown_hours);
    const save = buttonNamed(page.host, zht.admin_members_cooldown_save);
    typeInto(hours, '721');
    act(() => save.click());
    await waitFor(() => alertText(page.host).includes(fill(zht.admin_members_cooldown_hours_invalid, { max: '720' })), 'the hours notice');
    expect(alertText(page.host)).to.contain(zht.admin_reason_needed);
    expect(hours.getAttribute('aria-invalid')).to.equal('true');
    expect(await axeViolations(page.host)).to.deep.equal([]);
    expect(sent).to.have.length(0);

    typeInto(hours, '');
    typeInto(inputLabelled(page.host, zht.admin_members_reason), 'Checked with the member');
    act(() => save.click());
    await waitFor(() => statusText(page.host).includes(fill(zht.admin_members_cooldown_done, { hours: '24' })), 'saved');
    expect(sent.map((form) => [form.get('hours'), form.get('reason')])).to.deep.equal([['', 'Checked with the member']]);
    page.unmount();
  });

  it('reads in simplified Chinese', async () => {
    stub = memberApi();
    const page = mountScreen(<Members onHistory={() => undefined} />, 'zhs', zhs);
    expect(page.host.querySelector('h2')?.textContent).to.equal(zhs.admin_members);
    typeInto(inputLabelled(page.host, zhs.admin_members_search), 'lin');
    act(() => buttonNamed(page.host, zhs.admin_members_search_go).click());
    await waitFor(() => page.host.textContent?.includes('linmei07') === true, 'the results');
    expect(page.host.textContent).to.contain(zhs.admin_members_verification_approved);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });
});

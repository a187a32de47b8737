/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { fail, ok, stubFetch, typeInto, waitFor } from '../../tests/helpers/fetch-stub.ts';
import { buttonNamed, mountScreen } from '../../tests/helpers/mount.tsx';
import { readPlace, placeFragment } from './shared/admin-place.ts';
import { AdminApp } from './AdminApp.tsx';
import { $operatorToken } from './shared/operator-session.ts';
import type { MemberDetail } from '../../contract/api/members.ts';

const operatorToken = `op.${'a'.repeat(43)}`;
/** As the member page's route answers (typed, so a field the page reads cannot be left out). */
const member: MemberDetail = {
  id: 41,
  username: 'member41',
  realname: 'Lin Mei',
  phone: '+886 912 345 678',
  email: null,
  account_status: 'active',
  verification: { status: 'approved', reason: null, submitted_at: '2026-11-01T10:00:00.000Z' },
  created_at: '2026-10-01T10:00:00.000Z',
  wallets: { main: '0.0000', partners: [] },
  cards: [],
  sessions: [],
  withdrawal_cooldown: { hours: null, install_hours: 24 },
  adjustments: { approval_points: 1000 },
};
const submission = {
  user_id: 41,
  username: 'member41',
  realname: 'Lin Mei',
  email: null,
  phone: null,
  countries_id: 1,
  certificate_number: 'A123',
  submitted_at: '2026-11-21T10:00:00Z',
  photos: { front: '/api/v1/image/1', back: '/api/v1/image/2', handle: '/api/v1/image/3' },
};
const empty = ok({ current_page: 1, last_page: 1, per_page: 15, total: 0, data: [] });

/** The tab buttons by their label (a count may follow the label inside the button). */
const tabNamed = (host: HTMLElement, label: string) =>
  [...host.querySelectorAll<HTMLButtonElement>('nav button')].find((button) => button.firstChild?.textContent === label);
const pressedTab = (host: HTMLElement) => host.querySelector('nav button[aria-pressed="true"]')?.firstChild?.textContent;

describe('the back office keeps its place in the address', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  const startAt = (fragment: string) => history.replaceState(null, '', `${location.pathname}${location.search}${fragment}`);
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
    startAt('');
  });

  function backOffice(role: 'administrator' | 'reviewer' = 'administrator') {
    return stubFetch((call) => {
      if (call.path === '/admin/v1/me')
        return ok({ username: 'desk', role, two_factor: true, two_factor_required: false, recovery_codes_left: 8, stage: 'done' });
      if (call.path === '/admin/v1/work-counts') return ok({ payment_notices: 0, verifications: 0, withdrawals: 0, refunds_owed: 0 });
      if (call.path === '/admin/v1/members/41') return ok(member);
      if (call.path === '/admin/v1/verifications') return ok({ current_page: 1, last_page: 1, per_page: 15, total: 1, data: [submission] });
      if (
        ['/admin/v1/members', '/admin/v1/withdrawals', '/admin/v1/order-notices', '/admin/v1/audit', '/admin/v1/devices'].includes(
          call.path,
        )
      )
        return empty;
      return fail(404, 'Not found');
    });
  }
  const reads = (path: string) => stub?.calls.filter((call) => call.path === path) ?? [];

  it('reads and writes the fragment the same way', () => {
    const audit = readPlace('#audit?subject_type=user&subject_id=41');
    expect(audit).to.deep.equal({
      tab: 'audit',
      machines: 'all',
      audit: { action: undefined, subjectType: 'user', subjectId: '41', text: undefined },
      members: {},
      orders: {},
      statements: {},
    });
    const statement = readPlace('#statements?statement=12&show=unmatched');
    expect(statement.statements).to.deep.equal({ statement: 12, show: 'unmatched' });
    expect(placeFragment(statement)).to.equal('#statements?statement=12&show=unmatched');
    expect(readPlace('#statements?statement=0x1&show=everything').statements).to.deep.equal({ statement: undefined, show: undefined });
    expect(readPlace('#orders?status=2&q=GS26&evil=1').orders).to.deep.equal({ status: '2', q: 'GS26' });
    expect(placeFragment(audit)).to.equal('#audit?subject_type=user&subject_id=41');
    expect(readPlace('#machines?view=offline').machines).to.equal('offline');
    expect(readPlace('#machines?view=melted').machines).to.equal('all');
    expect(readPlace('#<script>').tab).to.equal('dashboard');
  });

  it('opens the tab a reload or a bookmark names, and Back returns to the tab before', async () => {
    startAt('#withdrawals');
    $operatorToken.set(operatorToken);
    stub = backOffice();
    const page = mountScreen(<AdminApp />);
    await waitFor(() => pressedTab(page.host) === eng.admin_withdrawals, 'the withdrawals tab');
    await waitFor(() => reads('/admin/v1/withdrawals').length >= 1, 'the withdrawal queue');

    act(() => tabNamed(page.host, eng.admin_notices)?.click());
    expect(location.hash).to.equal('#notices');
    await waitFor(() => reads('/admin/v1/order-notices').length >= 1, 'the notice queue');
    const withdrawalReads = reads('/admin/v1/withdrawals').length;

    act(() => history.back());
    await waitFor(() => pressedTab(page.host) === eng.admin_withdrawals, 'the withdrawals tab again');
    await waitFor(() => reads('/admin/v1/withdrawals').length > withdrawalReads, 'the withdrawal queue read afresh');
    expect(location.hash).to.equal('#withdrawals');
    page.unmount();
  });

  it('keeps a filter chosen inside a screen, and an audit search opened by its address', async () => {
    startAt('#audit?subject_type=user&subject_id=41');
    $operatorToken.set(operatorToken);
    stub = backOffice();
    const page = mountScreen(<AdminApp />);
    await waitFor(() => reads('/admin/v1/audit').length >= 1, 'the audit log');
    const asked = reads('/admin/v1/audit')[0]?.query;
    expect([asked?.get('subject_type'), asked?.get('subject_id')]).to.deep.equal(['user', '41']);
    // Words typed into the search go to the server and into the address.
    typeInto(page.host.querySelector<HTMLInputElement>('#gs-audit-text') as HTMLInputElement, 'spouse paid');
    act(() => buttonNamed(page.host, eng.admin_audit_show).click());
    await waitFor(() => reads('/admin/v1/audit').some((call) => call.query.get('q') === 'spouse paid'), 'the words searched');
    expect(location.hash).to.equal('#audit?q=spouse+paid&subject_type=user&subject_id=41');

    act(() => tabNamed(page.host, eng.admin_machines)?.click());
    await waitFor(() => reads('/admin/v1/devices').length >= 1, 'the machines');
    const offline = [...page.host.querySelectorAll<HTMLButtonElement>('[role="group"] button')].find(
      (button) => button.textContent === eng.admin_machines_offline,
    );
    act(() => offline?.click());
    expect(location.hash).to.equal('#machines?view=offline');
    await waitFor(() => reads('/admin/v1/devices').some((call) => call.query.get('filter') === 'offline'), 'the offline machines');
    page.unmount();
  });

  it('opens a member’s page from its address, and its back button returns to the same search', async () => {
    startAt('#members?q=lin&member=41');
    $operatorToken.set(operatorToken);
    stub = backOffice();
    const page = mountScreen(<AdminApp />);
    await waitFor(() => reads('/admin/v1/members/41').length === 1, 'the member page');
    await waitFor(() => page.host.querySelector('h2')?.textContent?.includes('member41') === true, 'the member named');
    act(() => buttonNamed(page.host, eng.admin_members_back).click());
    expect(location.hash).to.equal('#members?q=lin');
    await waitFor(() => reads('/admin/v1/members').some((call) => call.query.get('q') === 'lin'), 'the same search');
    act(() => history.back());
    await waitFor(() => reads('/admin/v1/members/41').length === 2, 'the member page again');
    page.unmount();
  });

  it('links a member named in a queue to their page, for an administrator', async () => {
    startAt('#verifications');
    $operatorToken.set(operatorToken);
    stub = backOffice();
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('a[href="#members?member=41"]') !== null, 'the member linked');
    act(() => page.host.querySelector<HTMLAnchorElement>('a[href="#members?member=41"]')?.click());
    await waitFor(() => reads('/admin/v1/members/41').length === 1, 'the member page');
    expect(pressedTab(page.host)).to.equal(eng.admin_members);
    page.unmount();
  });

  it('opens the dashboard for a place this operator has no tab for, and forgets the place at sign-out', async () => {
    startAt('#books');
    $operatorToken.set(operatorToken);
    stub = backOffice('reviewer');
    const page = mountScreen(<AdminApp />);
    await waitFor(() => pressedTab(page.host) === eng.admin_dashboard, 'the dashboard');
    expect(tabNamed(page.host, eng.admin_books)).to.equal(undefined);
    // A reviewer has no Members tab: a member is named, not linked.
    act(() => tabNamed(page.host, eng.admin_verifications)?.click());
    await waitFor(() => page.host.textContent?.includes('member41') === true, 'the verification queue');
    expect(page.host.querySelector('a[href^="#members"]')).to.equal(null);

    act(() => tabNamed(page.host, eng.admin_withdrawals)?.click());
    expect(location.hash).to.equal('#withdrawals');
    act(() => $operatorToken.set(''));
    await waitFor(() => location.hash === '', 'the place forgotten');
    page.unmount();
  });
});

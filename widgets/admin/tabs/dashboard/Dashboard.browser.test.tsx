/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../../../locales/eng.json';
import zht from '../../../../locales/zht.json';
import { axeViolations } from '../../../../tests/helpers/axe.ts';
import { fail, ok, stubFetch, waitFor, type RecordedCall, type Reply } from '../../../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, mountScreen } from '../../../../tests/helpers/mount.tsx';
import { AdminApp } from '../../AdminApp.tsx';
import type { DashboardData } from '../../../../contract/api/dashboard.ts';
import { $operatorToken } from '../../shared/operator-session.ts';

const operatorToken = `op.${'d'.repeat(43)}`;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
const names = { zhs: '台南太阳能园区 A', zht: '臺南太陽能園區 A', eng: 'Tainan Solar Park A' };
const room = (state: DashboardData['distribution']['days'][number]['rooms'][number]['state'], orders = 0, amount = 0) => ({
  engine_room_id: 1,
  name: 'Tainan Solar Park A',
  names,
  state,
  orders_credited: orders,
  amount_credited: amount,
});
const notReady: DashboardData = {
  queues: { payment_notices: 3, verifications: 2, withdrawals: 1, refunds_owed: 4 },
  machines: { offline: 5, online: 7 },
  distribution: {
    time_zone: 'Asia/Taipei',
    days: [
      { business_date: '2026-11-23', day: 'today', rooms: [room('no_revenue')] },
      { business_date: '2026-11-22', day: 'yesterday', rooms: [room('finished', 12, 450)] },
    ],
  },
  checklist: {
    ready: false,
    items: [
      { id: 'receiving_account', done: false, count: 0, tab: 'receiving' },
      { id: 'product_on_sale', done: true, count: 1, tab: 'catalogue' },
      { id: 'engine_room_capacity', done: true, count: 2, tab: 'catalogue' },
      { id: 'income_settings', done: false, tab: 'settings' },
    ],
  },
  generated_at: '2026-11-23T12:00:00.000Z',
};

describe('Dashboard (the back office’s first tab)', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => $operatorToken.set(operatorToken));
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
    localStorage.clear();
  });

  function dashboardApi(board: () => DashboardData, extra: (call: RecordedCall) => Reply | undefined = () => undefined) {
    return stubFetch((call) => {
      const answer = extra(call);
      if (answer !== undefined) return answer;
      if (call.path === '/admin/v1/dashboard') return ok(board());
      if (call.path === '/admin/v1/devices' || call.path === '/admin/v1/order-notices')
        return ok({ current_page: 1, last_page: 1, per_page: 15, total: 0, data: [] });
      if (call.path === '/v1/engineRoom') return ok([]);
      return fail(404, 'Not found');
    });
  }
  const dashboardCalls = () => stub?.calls.filter((call) => call.path === '/admin/v1/dashboard').length ?? 0;

  it('opens first with the queues, machines offline, each room’s distribution and the setup checklist', async () => {
    stub = dashboardApi(() => notReady);
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.textContent?.includes(eng.admin_dashboard_checklist) === true, 'the dashboard');
    expect(buttonNamed(page.host, eng.admin_dashboard).getAttribute('aria-pressed')).to.equal('true');
    const facts = Object.fromEntries(
      [...page.host.querySelectorAll('.gs-admin__counts > div')].map((entry) => [
        entry.querySelector('dt')?.textContent,
        entry.querySelector('dd strong')?.textContent,
      ]),
    );
    expect(facts).to.deep.equal({
      [eng.admin_notices]: '3',
      [eng.admin_verifications]: '2',
      [eng.admin_withdrawals]: '1',
      [eng.admin_dashboard_refunds]: '4',
      [eng.admin_dashboard_machines_offline]: '5',
    });
    const steps = [...page.host.querySelectorAll('.gs-admin__checklist li')].map((item) => item.textContent ?? '');
    expect(steps).to.have.length(4);
    expect(steps[0]).to.contain(eng.admin_dashboard_todo).and.contain(eng.admin_dashboard_step_receiving_account);
    expect(steps[1]).to.contain(eng.admin_dashboard_done);
    // Each step to do opens the tab where it is done: the fee and the rate are set on the Settings tab.
    expect(steps[3]).not.to.contain(eng.admin_dashboard_no_screen);
    expect(steps[0]).not.to.contain(eng.admin_dashboard_no_screen);
    const cells = [...page.host.querySelectorAll('tbody td')].map((cell) => cell.textContent);
    expect(cells[0]).to.equal(eng.admin_dashboard_state_no_revenue);
    expect(cells[1])
      .to.contain(eng.admin_dashboard_state_finished)
      .and.contain(fill(eng.admin_dashboard_paid, { orders: 12, total: '450.0000' }).split(',')[0]);
    expect(page.host.querySelector('thead')?.textContent).to.contain(fill(eng.admin_dashboard_yesterday, { date: '2026-11-22' }));
    expect(await axeViolations(page.host)).to.deep.equal([]);
    act(() => buttonNamed(page.host, fill(eng.admin_dashboard_open_named, { name: eng.admin_settings })).click());
    await waitFor(() => buttonNamed(page.host, eng.admin_settings).getAttribute('aria-pressed') === 'true', 'the settings tab');
    page.unmount();
  });

  it('each count opens the tab that works it, and the counts are read again whenever the tab is shown', async () => {
    stub = dashboardApi(() => notReady);
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('.gs-admin__counts') !== null, 'the dashboard');
    expect(dashboardCalls()).to.equal(1);
    act(() => buttonNamed(page.host, fill(eng.admin_dashboard_open_named, { name: eng.admin_machines })).click());
    await waitFor(() => stub?.calls.some((call) => call.path === '/admin/v1/devices') === true, 'the machines tab');
    expect(buttonNamed(page.host, eng.admin_machines).getAttribute('aria-pressed')).to.equal('true');
    // The count of machines offline opens the inventory filtered to them.
    expect(stub.calls.find((call) => call.path === '/admin/v1/devices')?.query.get('filter')).to.equal('offline');
    await waitFor(() => page.host.querySelector('.gs-admin__work [role="group"] button[aria-pressed="true"]') !== null, 'the filter');
    expect(page.host.querySelector('.gs-admin__work [role="group"] button[aria-pressed="true"]')?.textContent).to.equal(
      eng.admin_machines_offline,
    );

    act(() => buttonNamed(page.host, eng.admin_dashboard).click());
    await waitFor(() => dashboardCalls() === 2, 'the counts read again');
    await waitFor(() => page.host.querySelector('.gs-admin__counts') !== null, 'the dashboard again');
    act(() => buttonNamed(page.host, fill(eng.admin_dashboard_open_named, { name: eng.admin_notices })).click());
    await waitFor(() => stub?.calls.some((call) => call.path === '/admin/v1/order-notices') === true, 'the notices tab');

    act(() => buttonNamed(page.host, eng.admin_dashboard).click());
    await waitFor(() => page.host.querySelector('.gs-admin__counts') !== null, 'the dashboard again');
    act(() => buttonNamed(page.host, eng.admin_dashboard_refresh).click());
    await waitFor(() => dashboardCalls() === 4, 'the refresh');
    page.unmount();
  });

  it('says setup is complete once every step is done, and tells a failed load', async () => {
    let failing = false;
    stub = dashboardApi(
      () => ({
        ...notReady,
        checklist: { ready: true, items: notReady.checklist.items.map((item) => ({ ...item, done: true })) },
      }),
      (call) => (failing && call.path === '/admin/v1/dashboard' ? fail(500, 'Server error') : undefined),
    );
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.textContent?.includes(eng.admin_dashboard_ready) === true, 'the ready notice');
    expect(page.host.querySelector('.gs-admin__checklist')).to.equal(null);
    failing = true;
    act(() => buttonNamed(page.host, eng.admin_dashboard_refresh).click());
    await waitFor(() => alertText(page.host).includes(eng.admin_load_error), 'the load error');
    page.unmount();
  });

  it('reads in traditional Chinese, with the room’s own name, and stays axe-clean', async () => {
    stub = dashboardApi(() => notReady);
    const page = mountScreen(<AdminApp />, 'zht', zht);
    await waitFor(() => page.host.querySelector('.gs-admin__counts') !== null, 'the dashboard');
    expect(page.host.querySelector('h2')?.textContent).to.equal('總覽');
    expect(page.host.querySelector('tbody th')?.textContent).to.equal(names.zht);
    expect(page.host.textContent).to.contain(zht.admin_dashboard_checklist);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });
});

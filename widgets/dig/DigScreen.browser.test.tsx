/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { axeViolations } from '../../tests/helpers/axe.ts';
import { fail, ok, refuse, stubFetch, waitFor, type RecordedCall, type Reply } from '../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, mountScreen, statusText } from '../../tests/helpers/mount.tsx';
import { endSession, startSession } from '../core/session.ts';
import { DigScreen, zoomButtonShownMs } from './DigScreen.tsx';

const device = (id: number, status: 'online' | 'offline', room = 2) => ({
  id,
  serial_number: `GS-000${id}`,
  status,
  updated_at: '2026-11-20T08:30:00+08:00',
  last_heartbeat_at: null as string | null,
  engine_room_id: room,
  retired: false,
});
const member = (devices: ReturnType<typeof device>[]) => ({ id: 7, username: 'member01', user_wallets: { main_wallet: 1500 }, devices });
const wallet = { original_price: 15_000_000, interest_rate: 3 };
const record = (id: number, amount: number, businessDate = '2026-11-19') => ({
  id,
  interest_record_number: `IN2026${String(id).padStart(6, '0')}`,
  amount,
  created_at: '2026-11-20T08:30:00+08:00',
  business_date: businessDate,
});
const incomePage = (page: number, last: number, data: unknown[]) =>
  ok({ current_page: page, last_page: last, per_page: 15, total: data.length, data }, { wallet });
const rooms = [
  {
    id: 1,
    name: 'Tainan Solar Park A',
    type: 'Graphene array',
    location: 'Tainan',
    production: [{ business_date: '2026-11-19', kwh: 999, revenue: 1 }],
  },
  {
    id: 2,
    name: 'Kaohsiung Rooftop B',
    type: 'Rooftop array',
    location: 'Kaohsiung',
    production: [
      { business_date: '2026-11-18', kwh: 1200.5, revenue: 3000 },
      { business_date: '2026-11-19', kwh: 1400, revenue: 3500 },
    ],
  },
];

const holding = (id: number, changes: Record<string, unknown> = {}) => ({
  id,
  order_number: `GS2611200000${id}`,
  product: { id: 1, name: 'Graphene solar power', names: { eng: 'Graphene solar power' } },
  delivery_method_id: 1,
  engine_room: { id: 2, name: 'Kaohsiung Rooftop B', location: 'Kaohsiung', capacity_units: 4 },
  total_amount: 1000,
  units: 1,
  capacity_percent: 25,
  paid_at: '2026-11-18T02:00:00.000Z',
  income_total: 292.5,
  income_recent: 270,
  room_kwh_recent: 3000.5,
  ...changes,
});
const holdingsPage = (data: unknown[]) => ok({ current_page: 1, last_page: 1, per_page: 10, total: data.length, data });

/** A server for the page: balance, the member's income (`income` answers GET v1/interest), holdings and the engine rooms. */
function digServer(income: (call: RecordedCall) => Reply, engineRooms: unknown = rooms, holdings: () => Reply = () => holdingsPage([])) {
  return stubFetch((call) => {
    if (call.path === '/v1/userWallet') return ok({ main_wallet: 1500 });
    if (call.path === '/v1/check') return ok(member([device(1, 'online')]));
    if (call.path === '/v1/engineRoom') return ok(engineRooms);
    if (call.path === '/v1/holdings') return holdings();
    if (call.path === '/v1/interest') return income(call);
    return fail(404, 'Not found');
  });
}

const rows = (host: HTMLElement) => [...host.querySelectorAll<HTMLTableRowElement>('.gs-dig > table tbody tr')];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DigScreen', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    endSession();
    localStorage.clear();
  });

  it('lists the member’s machines with their room and last report, and warns of one silent for over 10 minutes', async () => {
    const now = Date.now();
    const reported = new Date(now - 2 * 60_000).toISOString();
    const silent = new Date(now - 11 * 60_000).toISOString();
    act(() =>
      startSession(
        'token-7',
        member([
          { ...device(1, 'online', 1), last_heartbeat_at: reported },
          { ...device(2, 'offline', 2), last_heartbeat_at: silent },
          { ...device(3, 'offline', 2), last_heartbeat_at: null, updated_at: new Date(now - 60_000).toISOString() },
          { ...device(4, 'offline', 1), last_heartbeat_at: silent, retired: true },
        ]),
      ),
    );
    stub = digServer(() => incomePage(1, 1, []));
    const page = mountScreen(<DigScreen />);
    await waitFor(() => page.host.textContent?.includes('Kaohsiung Rooftop B') === true, 'the room names');
    const items = [...page.host.querySelectorAll<HTMLElement>('.gs-machines__item')];
    expect(page.host.querySelector('.gs-machines h2')?.textContent).to.equal(eng.dig_machines);
    expect(items.map((item) => item.querySelector('.gs-machines__serial')?.textContent)).to.deep.equal([
      'GS-0001',
      'GS-0002',
      'GS-0003',
      'GS-0004',
    ]);
    expect(items[0]?.textContent).to.contain('Tainan Solar Park A').and.contain(eng.dig_online);
    expect(items[0]?.querySelector('time')?.getAttribute('datetime')).to.equal(reported);
    expect(items[0]?.querySelector('[role="alert"]')).to.equal(null);
    expect(items[1]?.textContent).to.contain(eng.dig_offline);
    expect(items[1]?.querySelector('[role="alert"]')?.textContent).to.equal(eng.dig_offline_warning);
    // Bound a minute ago and not yet reported: said so, not yet a warning.
    expect(items[2]?.textContent).to.contain(eng.dig_never_reported);
    expect(items[2]?.querySelector('[role="alert"]')).to.equal(null);
    // Retired by the operators: said so, and no warning about its silence.
    expect(items[3]?.querySelector('strong')?.textContent).to.equal(eng.dig_retired);
    expect(items[3]?.querySelector('[role="alert"]')).to.equal(null);
    page.unmount();
  });

  it('shows the balance with 4 decimals, its conversion, the online indicator and the income list', async () => {
    act(() => startSession('token-7', member([device(1, 'offline'), device(2, 'online')])));
    stub = digServer((call) =>
      call.query.get('page') === '1' ? incomePage(1, 1, [record(2, 12.5), record(1, 0.0001)]) : incomePage(2, 1, []),
    );
    const page = mountScreen(<DigScreen />);
    await waitFor(() => rows(page.host).length === 2, 'the income records');
    await waitFor(() => page.host.querySelector('[data-testid="dig-conversion"]')?.textContent === '0.0100', 'the conversion');
    expect(page.host.querySelector('[data-testid="dig-balance"]')?.textContent).to.equal('1,500.0000');
    expect(page.host.querySelector('.gs-dig__status')?.textContent).to.contain(eng.dig_online);
    const cells = [...(rows(page.host)[0]?.cells ?? [])].map((cell) => cell.textContent);
    expect(cells[0]).to.equal('IN2026000002');
    expect(cells[1]).to.equal('12.5000');
    expect(rows(page.host)[1]?.cells[1]?.textContent).to.equal('0.0001');
    expect(page.host.querySelector('tbody time')?.getAttribute('datetime')).to.equal('2026-11-20T08:30:00+08:00');
    expect(stub.calls.find((call) => call.path === '/v1/interest')?.authorization).to.equal('Bearer token-7');
    page.unmount();
  });

  it('offline when every machine is, and a link to add one only for a machine delivered home and not yet bound', async () => {
    act(() => startSession('token-7', member([device(1, 'offline')])));
    let held = [holding(1)];
    stub = digServer(
      () => incomePage(1, 1, []),
      rooms,
      () => holdingsPage(held),
    );
    const offline = mountScreen(<DigScreen />);
    await waitFor(() => offline.host.textContent?.includes(eng.dig_income_empty) === true, 'the empty list');
    expect(offline.host.querySelector('.gs-dig__status')?.textContent).to.contain(eng.dig_offline).and.not.contain(eng.dig_online);
    offline.unmount();

    // Hosted orders only: there is no machine to bind, and nothing says "not bound".
    act(() => startSession('token-7', member([])));
    const hosted = mountScreen(<DigScreen />);
    await waitFor(() => hosted.host.querySelector('.gs-holdings__item') !== null, 'the holdings');
    expect(hosted.host.querySelector('.gs-dig__status')).to.equal(null);
    expect(hosted.host.textContent).not.to.contain(eng.dig_no_machine);
    hosted.unmount();

    held = [holding(1), holding(2, { delivery_method_id: 2, engine_room: null, capacity_percent: null, room_kwh_recent: null })];
    const none = mountScreen(<DigScreen />);
    await waitFor(() => none.host.querySelector('.gs-dig__status') !== null, 'the machine status');
    const link = none.host.querySelector<HTMLAnchorElement>('.gs-dig__status a');
    expect(link?.getAttribute('href')).to.equal('/eng/addmachine');
    expect(link?.textContent).to.equal(eng.dig_add_machine);
    expect(none.host.querySelector('.gs-dig__status')?.textContent).to.contain(eng.dig_no_machine);
    none.unmount();
  });

  it("pages with previous, next and page numbers, with the original app's notices at either end", async () => {
    act(() => startSession('token-7', member([])));
    stub = digServer((call) => {
      const number = Number(call.query.get('page'));
      return incomePage(number, 5, [record(100 + number, number)]);
    });
    const page = mountScreen(<DigScreen />);
    await waitFor(() => rows(page.host)[0]?.cells[0]?.textContent === 'IN2026000101', 'page 1');
    const numbers = () => [...page.host.querySelectorAll('.gs-dig__pages button')].map((button) => button.textContent);
    expect(numbers()).to.deep.equal(['1', '2', '3', '5']);
    act(() => buttonNamed(page.host, eng.paging_previous).click());
    await waitFor(() => statusText(page.host).includes(eng.paging_first_page), 'the first-page notice');

    act(() => buttonNamed(page.host, '5').click());
    await waitFor(() => rows(page.host)[0]?.cells[0]?.textContent === 'IN2026000105', 'page 5');
    expect(page.host.querySelector('.gs-dig__pages [aria-current="page"]')?.textContent).to.equal('5');
    expect(page.host.querySelector('.gs-dig__pages [aria-current="page"]')?.getAttribute('aria-label')).to.equal('Page 5');
    act(() => buttonNamed(page.host, eng.paging_next).click());
    await waitFor(() => statusText(page.host).includes(eng.paging_last_page), 'the last-page notice');
    act(() => buttonNamed(page.host, eng.paging_previous).click());
    await waitFor(() => rows(page.host)[0]?.cells[0]?.textContent === 'IN2026000104', 'page 4');
    page.unmount();
  });

  it("words the server's refusal by its code when the income cannot be loaded, and its own message when nothing answers", async () => {
    act(() => startSession('token-7', member([])));
    stub = digServer(() => refuse(503, 'service_unavailable', 'Service unavailable, please try again later'));
    const refused = mountScreen(<DigScreen />);
    await waitFor(() => alertText(refused.host) === eng.refusal_service_unavailable, "the server's reason");
    refused.unmount();
    stub.restore();

    stub = digServer(() => {
      throw new TypeError('Failed to fetch');
    });
    const unreachable = mountScreen(<DigScreen />);
    await waitFor(() => alertText(unreachable.host) === eng.dig_load_error, 'the load error');
    unreachable.unmount();
  });

  it("charts the member's machine room's production beside the income per day, with a table of the same figures", async () => {
    act(() => startSession('token-7', member([device(1, 'online', 2)])));
    stub = digServer(() => incomePage(1, 1, [record(3, 2.5, '2026-11-19'), record(2, 1.25, '2026-11-19'), record(1, 3, '2026-11-18')]));
    const page = mountScreen(<DigScreen />);
    await waitFor(() => page.host.querySelector('figure') !== null, 'the chart');
    const figure = page.host.querySelector('figure');
    const caption = figure?.querySelector('figcaption');
    expect(caption?.textContent).to.contain(eng.dig_chart_title).and.contain('Kaohsiung Rooftop B');
    expect(figure?.querySelector('svg')?.getAttribute('role')).to.equal('img');
    expect(figure?.querySelector('svg')?.getAttribute('aria-labelledby')).to.equal(caption?.id);
    expect(figure?.querySelectorAll('svg rect')).to.have.length(2);
    await waitFor(() => figure?.querySelector('polyline') !== null, 'the income line');
    // Dates under the chart (first, middle and last of the days shown, each once), and the line inside the chart box.
    expect([...(figure?.querySelectorAll('.gs-dig__dates span') ?? [])].map((span) => span.textContent)).to.deep.equal(['11/18', '11/19']);
    // Each scale's top in its own unit: the bars' most kWh, the line's most points.
    expect([...(figure?.querySelectorAll('.gs-dig__scale span') ?? [])].map((span) => span.textContent)).to.deep.equal([
      '1,400 kWh',
      `3.7500 ${eng.wallet_points}`,
    ]);
    const points = (figure?.querySelector('polyline')?.getAttribute('points') ?? '').split(' ').map((point) => Number(point.split(',')[1]));
    expect(points.every((y) => y >= 4 && y <= 116)).to.equal(true);
    const table = [...(figure?.querySelectorAll<HTMLTableRowElement>('tbody tr') ?? [])].map((row) =>
      [...row.cells].map((cell) => cell.textContent),
    );
    expect(table).to.deep.equal([
      ['2026-11-18', '1,200.5', '3,000.0000', '3.0000'],
      ['2026-11-19', '1,400', '3,500.0000', '3.7500'],
    ]);
    page.unmount();
  });

  it('without a machine, charts the room of what the member holds, not the first room with production', async () => {
    act(() => startSession('token-7', member([])));
    stub = digServer(
      () => incomePage(1, 1, []),
      rooms,
      () => holdingsPage([holding(1)]),
    );
    const page = mountScreen(<DigScreen />);
    await waitFor(() => page.host.querySelector('figcaption')?.textContent?.includes('Kaohsiung Rooftop B') === true, 'the held room');
    expect(page.host.querySelector('figcaption')?.textContent).not.to.contain('Tainan Solar Park A');
    page.unmount();
  });

  it('without recorded production, says so and still lists the last 30 days', async () => {
    act(() => startSession('token-7', member([])));
    stub = digServer(
      () => incomePage(1, 1, []),
      rooms.map((room) => ({ ...room, production: [] })),
    );
    const page = mountScreen(<DigScreen />);
    await waitFor(() => page.host.querySelector('figure') !== null, 'the chart');
    expect(page.host.querySelector('figure')?.textContent).to.contain(eng.dig_chart_empty);
    expect(page.host.querySelectorAll('figure tbody tr')).to.have.length(30);
    page.unmount();
  });

  it('reads on to the page holding an older order when an order’s link names it, and then leaves paging to the member', async () => {
    act(() => startSession('token-7', member([])));
    history.replaceState(null, '', '#holding-7');
    const pageOf = (number: number) =>
      ok({ current_page: number, last_page: 2, per_page: 2, total: 3, data: number === 1 ? [holding(9), holding(8)] : [holding(7)] });
    // The stub records a call before it answers: the holdings' answer is the page just asked for.
    const holdingPages = () => (stub?.calls ?? []).filter((call) => call.path === '/v1/holdings');
    stub = digServer(
      () => incomePage(1, 1, []),
      rooms,
      () => pageOf(Number(holdingPages().at(-1)?.query.get('page') ?? '1')),
    );
    const page = mountScreen(<DigScreen />);
    try {
      await waitFor(() => page.host.querySelector('#holding-7') !== null, 'the older holding');
      expect(holdingPages().map((call) => call.query.get('page') ?? '1')).to.deep.equal(['1', '2']);
      // Back to the newest by hand: the list stays there.
      act(() => buttonNamed(page.host.querySelector<HTMLElement>('.gs-holdings') ?? page.host, eng.paging_previous).click());
      await waitFor(() => page.host.querySelector('#holding-9') !== null, 'the first page again');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(holdingPages().map((call) => call.query.get('page') ?? '1')).to.deep.equal(['1', '2', '1']);
    } finally {
      history.replaceState(null, '', location.pathname);
      page.unmount();
    }
  });

  it('lists each paid order with its room, units, share of capacity, date paid, income and the room’s energy', async () => {
    act(() => startSession('token-7', member([])));
    stub = digServer(
      () => incomePage(1, 1, []),
      rooms,
      () => holdingsPage([holding(2, { units: 0.5, capacity_percent: 12.5, income_total: 146.25, income_recent: 135 }), holding(1)]),
    );
    const page = mountScreen(<DigScreen />);
    await waitFor(() => page.host.querySelectorAll('.gs-holdings__item').length === 2, 'the holdings');
    const section = page.host.querySelector<HTMLElement>('.gs-holdings');
    expect(section?.querySelector('h2')?.textContent).to.equal(eng.dig_holdings);
    const [first, second] = [...page.host.querySelectorAll<HTMLElement>('.gs-holdings__item')];
    expect(first?.id).to.equal('holding-2');
    expect(first?.querySelector('h3')?.textContent).to.equal(
      `Graphene solar power · ${eng.dig_holding_order.replace('{{number}}', 'GS26112000002')}`,
    );
    const figures = (item: HTMLElement | undefined) =>
      Object.fromEntries(
        [...(item?.querySelectorAll('dl > div') ?? [])].map((row) => [
          row.querySelector('dt')?.textContent,
          row.querySelector('dd')?.textContent,
        ]),
      );
    expect(figures(first)).to.deep.equal({
      [eng.dig_holding_room]: 'Kaohsiung Rooftop B · Kaohsiung',
      [eng.dig_holding_units]: '0.5',
      [eng.dig_holding_share]: '12.5%',
      [eng.dig_holding_paid]: 'Nov 18, 2026',
      [eng.dig_holding_income]: '146.2500',
      [eng.dig_holding_recent.replace('{{days}}', '30')]: '135.0000',
      [eng.dig_holding_kwh.replace('{{days}}', '30')]: '3,000.5 kWh',
    });
    expect(figures(second)[eng.dig_holding_income]).to.equal('292.5000');
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('says when nothing is held, shows loading meanwhile, and offers a retry when the holdings cannot be loaded', async () => {
    act(() => startSession('token-7', member([])));
    let answer: () => Reply = () => fail(500, 'down');
    stub = digServer(
      () => incomePage(1, 1, []),
      rooms,
      () => answer(),
    );
    const page = mountScreen(<DigScreen />);
    expect(page.host.querySelector('.gs-holdings [role="status"]')?.textContent).to.equal(eng.loading);
    await waitFor(() => page.host.querySelector('.gs-holdings [role="alert"]') !== null, 'the error');
    expect(page.host.querySelector('.gs-holdings [role="alert"]')?.textContent).to.contain(eng.dig_holdings_error);
    answer = () => holdingsPage([]);
    act(() => buttonNamed(page.host.querySelector<HTMLElement>('.gs-holdings') ?? page.host, eng.embed_retry).click());
    await waitFor(() => page.host.querySelector('.gs-holdings')?.textContent?.includes(eng.dig_holdings_empty) === true, 'the empty state');
    expect(page.host.querySelector('.gs-holdings [role="alert"]')).to.equal(null);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('the zoom toggle enlarges the machine, steps aside after 3 s and comes back when the machine is touched', async function () {
    this.timeout(zoomButtonShownMs + 5_000);
    act(() => startSession('token-7', member([])));
    stub = digServer(() => incomePage(1, 1, []));
    const page = mountScreen(<DigScreen />);
    const zoom = buttonNamed(page.host, eng.dig_zoom);
    expect(zoom.hidden).to.equal(false);
    act(() => zoom.click());
    expect(zoom.getAttribute('aria-pressed')).to.equal('true');
    expect(page.host.querySelector('svg.gs-dig__art')?.classList.contains('gs-dig__art--zoomed')).to.equal(true);
    zoom.blur();
    await sleep(zoomButtonShownMs + 200);
    await waitFor(() => zoom.hidden === true, 'the button to hide');
    act(() => {
      page.host.querySelector('.gs-dig__machine')?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    });
    await waitFor(() => !zoom.hidden, 'the button to come back');
    page.unmount();
  });
});

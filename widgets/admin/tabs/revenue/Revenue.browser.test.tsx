/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../../../locales/eng.json';
import zht from '../../../../locales/zht.json';
import { axeViolations } from '../../../../tests/helpers/axe.ts';
import { fail, ok, refuse, stubFetch, typeInto, waitFor, type RecordedCall, type Reply } from '../../../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, errorOf, inputLabelled, mountScreen, statusText } from '../../../../tests/helpers/mount.tsx';
import { $operatorToken } from '../../shared/operator-session.ts';
import { Revenue } from './Revenue.tsx';
import type { Explanation } from '../../../../contract/api/distribution.ts';
import type { ImportResult, RevenueDay } from '../../../../contract/api/revenue.ts';

const operatorToken = `op.${'d'.repeat(43)}`;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
const rooms = [
  { id: 1, name: 'Hsinchu 1', names: { zht: '新竹一號' } },
  { id: 2, name: 'Tainan 2' },
];
const day: RevenueDay = {
  engine_room_id: 1,
  room_name: 'Hsinchu 1',
  business_date: '2026-11-20',
  kwh: '1250.500',
  revenue: '1234.5000',
  recorded_revenue: '1200.0000',
  corrections: 1,
  evidence: 'meter photo',
  distribution: 'finished',
};
const days = Array.from({ length: 30 }, (_, index) => ({
  business_date: `2026-10-${String(index + 1).padStart(2, '0')}`,
  kwh: index % 3 === 0 ? null : '10.000',
  revenue: index % 3 === 0 ? null : `${index}.0000`,
}));
const preview: ImportResult = {
  file_sha256: 'a'.repeat(64),
  rows_total: 3,
  rows_ok: 2,
  rows_recorded_before: 0,
  rows_bad: 1,
  total_revenue: '300.5000',
  rows: [
    {
      line: 2,
      room: '1',
      engine_room_id: 1,
      business_date: '2026-11-20',
      kwh: '10',
      revenue: '200',
      evidence: '',
      status: 'ok',
      problems: [],
    },
    {
      line: 3,
      room: '2',
      engine_room_id: 2,
      business_date: '2026-11-20',
      kwh: '5',
      revenue: '100.5',
      evidence: '',
      status: 'ok',
      problems: [],
    },
    {
      line: 4,
      room: '9',
      engine_room_id: null,
      business_date: '2026-13-01',
      kwh: '1',
      revenue: '-5',
      evidence: '',
      status: 'bad',
      problems: ['room_unknown', 'date_invalid', 'amount_negative'],
    },
  ],
};

function revenueApi(extra: (call: RecordedCall) => Reply | undefined = () => undefined) {
  return stubFetch((call) => {
    const answer = extra(call);
    if (answer !== undefined) return answer;
    if (call.path === '/v1/engineRoom') return ok(rooms);
    if (call.path === '/admin/v1/revenue') return ok({ current_page: 1, last_page: 3, per_page: 15, total: 31, data: [day] });
    if (call.path.endsWith('/revenue-days')) return ok(days);
    return fail(404, 'Not found');
  });
}

const chooseFile = async (host: HTMLElement, text: string, label = eng.admin_rev_import_file) => {
  const input = inputLabelled(host, label);
  const transfer = new DataTransfer();
  transfer.items.add(new File([text], 'meters.csv', { type: 'text/csv' }));
  input.files = transfer.files;
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
};

describe('Revenue (the back office)', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => $operatorToken.set(operatorToken));
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
    localStorage.clear();
  });

  it('shows the recorded days with exact figures, pages and filters on the server, and draws the last 30 days', async () => {
    stub = revenueApi();
    const page = mountScreen(<Revenue />);
    await waitFor(() => page.host.textContent?.includes('meter photo') === true, 'the records');
    const cells = [...(page.host.querySelector('tbody tr')?.children ?? [])].map((cell) => cell.textContent?.trim());
    expect(cells.slice(0, 8)).to.deep.equal([
      '2026-11-20',
      'Hsinchu 1',
      '1,250.500',
      '1,234.5000',
      '1,200.0000',
      '1',
      'meter photo',
      eng.admin_rev_state_finished,
    ]);
    await waitFor(() => page.host.querySelectorAll('svg[role="img"] rect').length === 30, 'the chart');
    expect(page.host.querySelector('figcaption')?.textContent).to.equal(fill(eng.admin_rev_chart_title, { room: 'Hsinchu 1' }));

    act(() => buttonNamed(page.host, eng.paging_next).click());
    await waitFor(() => stub?.calls.some((call) => call.path === '/admin/v1/revenue' && call.query.get('page') === '2') === true, 'page 2');

    const from = inputLabelled(page.host, eng.admin_rev_from);
    const to = inputLabelled(page.host, eng.admin_rev_to);
    typeInto(from, '2026-11-20');
    typeInto(to, '2026-11-01');
    act(() => buttonNamed(page.host, eng.admin_rev_filter).click());
    await waitFor(() => errorOf(to) === eng.admin_rev_date_order, 'the dates out of order');
    expect(stub.calls.some((call) => call.query.get('from') !== null)).to.equal(false);
    typeInto(to, '2026-11-30');
    const room = page.host.querySelector<HTMLSelectElement>('#gs-rev-room');
    act(() => {
      if (room !== null) room.value = '2';
      room?.dispatchEvent(new Event('change', { bubbles: true }));
    });
    act(() => buttonNamed(page.host, eng.admin_rev_filter).click());
    await waitFor(
      () =>
        stub?.calls.some(
          (call) => call.path === '/admin/v1/revenue' && call.query.get('room') === '2' && call.query.get('to') === '2026-11-30',
        ) === true,
      'the filtered list',
    );
    await waitFor(
      () => stub?.calls.some((call) => call.path === '/admin/v1/engine-rooms/2/revenue-days') === true,
      'the second room’s chart',
    );
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('corrects a day only with a signed amount and a reason, and says so', async () => {
    stub = revenueApi((call) =>
      call.path === '/admin/v1/engine-rooms/1/revenue-adjustments'
        ? { status: 201, body: { status: 1, code: 1, message: 'ok', detail: {} } }
        : undefined,
    );
    const page = mountScreen(<Revenue />);
    await waitFor(() => page.host.textContent?.includes('meter photo') === true, 'the records');
    act(() => buttonNamed(page.host, eng.admin_rev_correct).click());
    const delta = inputLabelled(page.host, eng.admin_rev_revenue_delta);
    typeInto(delta, '12.34567');
    act(() => buttonNamed(page.host, eng.admin_rev_correct_save).click());
    await waitFor(() => errorOf(delta) === eng.admin_rev_delta_bad, 'the bad amount');
    expect(errorOf(inputLabelled(page.host, eng.admin_change_reason))).to.equal(eng.admin_reason_needed);
    expect(stub.calls.some((call) => call.method === 'POST')).to.equal(false);
    typeInto(delta, '-12.5');
    typeInto(inputLabelled(page.host, eng.admin_change_reason), 'meter misread');
    act(() => buttonNamed(page.host, eng.admin_rev_correct_save).click());
    // The figures are said back first; nothing is sent until confirmed.
    await waitFor(() => page.host.querySelector('.gs-admin__ask') !== null, 'the confirmation');
    expect(stub.calls.some((call) => call.path === '/admin/v1/engine-rooms/1/revenue-adjustments')).to.equal(false);
    expect(page.host.querySelector('.gs-admin__ask')?.textContent).to.contain(eng.admin_rev_confirm_decrease.split('{{room}}')[0] ?? '');
    expect(page.host.querySelector('.gs-admin__ask')?.textContent).to.contain('12.5 points');
    act(() => buttonNamed(page.host, eng.admin_rev_correct_confirm).click());
    await waitFor(() => statusText(page.host).includes(eng.admin_rev_corrected), 'the correction');
    const post = stub.calls.find((call) => call.method === 'POST');
    expect(Object.fromEntries(post?.form ?? [])).to.deep.equal({
      business_date: '2026-11-20',
      revenue_delta: '-12.5',
      reason: 'meter misread',
    });
    page.unmount();
  });

  it('imports a CSV in two steps: names each bad row’s problems, records nothing until confirmed with a reason', async () => {
    stub = revenueApi((call) => {
      if (call.path === '/admin/v1/revenue-imports/preview') return ok(preview);
      if (call.path === '/admin/v1/revenue-imports')
        return { status: 201, body: { status: 1, code: 1, message: 'ok', detail: { ...preview, rows_ok: 2 } } };
      return undefined;
    });
    const page = mountScreen(<Revenue />);
    await waitFor(() => page.host.textContent?.includes('meter photo') === true, 'the records');
    act(() => buttonNamed(page.host, eng.admin_rev_import_preview).click());
    const file = inputLabelled(page.host, eng.admin_rev_import_file);
    await waitFor(() => errorOf(file) === eng.admin_rev_import_choose, 'no file chosen');

    await chooseFile(page.host, 'x'.repeat(129 * 1024));
    expect(errorOf(file)).to.equal(eng.refusal_revenue_import_too_large);

    await chooseFile(page.host, 'room,business_date,kwh,revenue\n1,2026-11-20,1,200\n');
    expect(errorOf(file)).to.equal('');
    act(() => buttonNamed(page.host, eng.admin_rev_import_preview).click());
    await waitFor(() => page.host.textContent?.includes(eng.admin_rev_import_bad_caption) === true, 'the preview');
    expect(statusText(page.host)).to.contain(fill(eng.admin_rev_import_summary, { ok: 2, total: '300.5000', before: 0, bad: 1 }));
    const bad = [...page.host.querySelectorAll('table')].find((table) => table.caption?.textContent === eng.admin_rev_import_bad_caption);
    expect(bad?.querySelectorAll('tbody tr').length).to.equal(1);
    expect(bad?.querySelector('tbody tr')?.textContent).to.contain(
      [eng.admin_rev_problem_room_unknown, eng.admin_rev_problem_date_invalid, eng.admin_rev_problem_amount_negative].join('; '),
    );
    expect(stub.calls.some((call) => call.path === '/admin/v1/revenue-imports')).to.equal(false);
    expect(await axeViolations(page.host)).to.deep.equal([]);

    const confirm = buttonNamed(page.host, fill(eng.admin_rev_import_confirm, { ok: 2 }));
    act(() => confirm.click());
    await waitFor(() => errorOf(inputLabelled(page.host, eng.admin_rev_import_reason)) === eng.admin_reason_needed, 'no reason');
    typeInto(inputLabelled(page.host, eng.admin_rev_import_reason), 'November meters');
    act(() => confirm.click());
    await waitFor(() => statusText(page.host).includes(fill(eng.admin_rev_import_done, { ok: 2, before: 0, bad: 1 })), 'the import');
    const post = stub.calls.find((call) => call.path === '/admin/v1/revenue-imports');
    expect(post?.form.get('file_sha256')).to.equal(preview.file_sha256);
    expect(post?.form.get('reason')).to.equal('November meters');
    expect(post?.form.get('csv')).to.contain('1,2026-11-20,1,200');
    page.unmount();
  });

  it('pages a long list of bad rows, back to the first page for each new preview', async () => {
    const badRows = Array.from({ length: 45 }, (_, index) => ({
      line: index + 2,
      room: '9',
      business_date: '2026-11-20',
      revenue: '1',
      status: 'bad' as const,
      problems: ['room_unknown' as const],
    }));
    stub = revenueApi((call) =>
      call.path === '/admin/v1/revenue-imports/preview' ? ok({ ...preview, rows_ok: 0, rows_bad: 45, rows: badRows }) : undefined,
    );
    const page = mountScreen(<Revenue />);
    await waitFor(() => page.host.textContent?.includes('meter photo') === true, 'the records');
    await chooseFile(page.host, 'room,business_date,kwh,revenue\n9,2026-11-20,1,1\n');
    const badTable = () =>
      [...page.host.querySelectorAll('table')].find((table) => table.caption?.textContent === eng.admin_rev_import_bad_caption);
    const shownLines = () => [...(badTable()?.querySelectorAll('tbody th') ?? [])].map((cell) => Number(cell.textContent));
    const pager = () => badTable()?.closest('section')?.querySelector('nav.gs-pager');

    act(() => buttonNamed(page.host, eng.admin_rev_import_preview).click());
    await waitFor(() => badTable() !== undefined, 'the preview');
    expect(shownLines()).to.deep.equal(badRows.slice(0, 20).map((row) => row.line));
    expect(pager()?.textContent).to.contain(fill(eng.paging_page_of, { page: 1, last: 3 }));

    act(() => buttonNamed(pager() as HTMLElement, eng.paging_next).click());
    await waitFor(() => shownLines()[0] === 22, 'the second page');
    expect(shownLines()).to.have.length(20);
    act(() => buttonNamed(pager() as HTMLElement, eng.paging_next).click());
    await waitFor(() => shownLines()[0] === 42, 'the last page');
    expect(shownLines()).to.deep.equal([42, 43, 44, 45, 46]);
    act(() => buttonNamed(pager() as HTMLElement, eng.paging_next).click());
    await waitFor(() => pager()?.textContent?.includes(eng.paging_last_page) === true, 'no page after the last');
    expect(await axeViolations(page.host)).to.deep.equal([]);

    act(() => buttonNamed(page.host, eng.admin_rev_import_preview).click());
    await waitFor(() => shownLines()[0] === 2, 'a new preview starts on its first page');
    page.unmount();
  });

  it('says why a file was refused, in the operator’s language, and names the rooms in it', async () => {
    stub = revenueApi((call) =>
      call.path === '/admin/v1/revenue-imports/preview'
        ? refuse(422, 'revenue_import_header', 'The first line must name the columns')
        : undefined,
    );
    const page = mountScreen(<Revenue />, 'zht', zht);
    await waitFor(() => page.host.textContent?.includes('meter photo') === true, 'the records');
    const roomOptions = [...page.host.querySelectorAll('option')].map((option) => option.textContent);
    expect(roomOptions).to.include('新竹一號').and.not.include('Hsinchu 1');
    await chooseFile(page.host, 'a,b\n1,2\n', zht.admin_rev_import_file);
    act(() => buttonNamed(page.host, zht.admin_rev_import_preview).click());
    await waitFor(() => alertText(page.host).includes(zht.refusal_revenue_import_header), 'the refusal');
    page.unmount();
  });

  it('explains a day from its row: pool, fee, orders paid, and why the others earned nothing, filtered by outcome', async () => {
    const explanation: Explanation = {
      engine_room_id: 1,
      business_date: '2026-11-20',
      state: 'finished',
      capacity_units: 100,
      revenue: '8000.0000',
      pool: '7200.0000',
      fee: '800.0000',
      fee_percent: 10,
      recorded_revenue: '8000.0000',
      carried_in: '0.0000',
      corrections: [],
      orders_paid: 1,
      amount_paid: '360.0000',
      outcomes: [
        { outcome: 'paid', orders: 1, amount: '30000.0000', earned: '360.0000' },
        { outcome: 'paid_after_day', orders: 2, amount: '2000.0000', earned: '0.0000' },
      ],
      orders: {
        current_page: 1,
        last_page: 1,
        per_page: 15,
        total: 1,
        from: 1,
        to: 1,
        data: [{ order_number: 'SO123', amount: '1000.0000', paid_at: '2026-11-21T02:00:00Z', earned: null, outcome: 'paid_after_day' }],
        links: [],
        first_page_url: '/admin/v1/engine-rooms/1/distributions/2026-11-20?page=1',
        last_page_url: '/admin/v1/engine-rooms/1/distributions/2026-11-20?page=1',
        prev_page_url: null,
        next_page_url: null,
        path: '/admin/v1/engine-rooms/1/distributions/2026-11-20',
      },
    };
    stub = revenueApi((call) => (call.path === '/admin/v1/engine-rooms/1/distributions/2026-11-20' ? ok(explanation) : undefined));
    const page = mountScreen(<Revenue />);
    await waitFor(() => page.host.textContent?.includes('meter photo') === true, 'the records');
    act(() => buttonNamed(page.host, eng.admin_rev_explain).click());
    await waitFor(() => page.host.textContent?.includes('SO123') === true, 'the explanation');
    const facts = page.host.querySelector('.gs-admin__facts')?.textContent ?? '';
    for (const text of ['8,000.0000', '800.0000', '7,200.0000', '360.0000', fill(eng.admin_rev_fee, { percent: 10 })])
      expect(facts).to.contain(text);
    const outcomes = [...page.host.querySelectorAll('table')].find(
      (table) => table.caption?.textContent === eng.admin_rev_outcomes_caption,
    );
    expect([...(outcomes?.querySelectorAll('tbody th') ?? [])].map((cell) => cell.textContent)).to.deep.equal([
      eng.admin_rev_outcome_paid,
      eng.admin_rev_outcome_paid_after_day,
    ]);
    const filter = page.host.querySelector<HTMLSelectElement>('#gs-rev-outcome');
    act(() => {
      if (filter !== null) filter.value = 'paid_after_day';
      filter?.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => stub?.calls.some((call) => call.query.get('outcome') === 'paid_after_day') === true, 'the filtered orders');
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });
});

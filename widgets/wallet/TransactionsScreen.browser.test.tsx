/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { fail, ok, stubFetch, waitFor } from '../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, mountScreen, statusText } from '../../tests/helpers/mount.tsx';
import { endSession, startSession } from '../core/session.ts';
import { TransactionsScreen } from './TransactionsScreen.tsx';

const record = (id: number, status: number, amount = 100) => ({
  id,
  created_at: '2026-11-20T08:30:00+08:00',
  amount,
  fee: 0,
  type: 'deposit',
  transaction_recod_status: status,
  enjoy_city: { id: 2, name: 'cinema' },
});

const paged = (page: number, last: number, data: unknown[]) =>
  ok({ current_page: page, last_page: last, per_page: 10, total: data.length, data });

describe('TransactionsScreen', () => {
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

  it("lists top-up records with time, amount and every status label, then pages with the original app's notices", async () => {
    stub = stubFetch((call) => {
      const page = Number(call.query.get('page'));
      if (call.query.get('type') !== 'deposit') return fail(500, 'unexpected');
      return page === 1
        ? paged(
            1,
            2,
            [0, 1, 2, 3, 4].map((status) => record(10 + status, status, 1234.5)),
          )
        : paged(2, 2, [record(1, 2, 100)]);
    });
    const page = mountScreen(<TransactionsScreen />);
    await waitFor(() => page.host.querySelectorAll('tbody tr').length === 5, 'page 1');
    const statuses = [...page.host.querySelectorAll('tbody tr td:last-child')].map((cell) => cell.textContent);
    expect(statuses).to.deep.equal([
      eng.transaction_status_0,
      eng.transaction_status_1,
      eng.transaction_status_2,
      eng.transaction_status_3,
      eng.transaction_status_4,
    ]);
    expect(page.host.textContent).to.contain('1,234.5000');
    expect(page.host.querySelector('time')?.getAttribute('datetime')).to.equal('2026-11-20T08:30:00+08:00');

    act(() => buttonNamed(page.host, eng.paging_previous).click());
    await waitFor(() => statusText(page.host).includes(eng.paging_first_page), 'the first-page notice');
    act(() => buttonNamed(page.host, eng.paging_next).click());
    await waitFor(() => page.host.querySelectorAll('tbody tr').length === 1, 'page 2');
    act(() => buttonNamed(page.host, eng.paging_next).click());
    await waitFor(() => statusText(page.host).includes(eng.paging_last_page), 'the last-page notice');
    page.unmount();
  });

  it('switching to withdrawal records reloads page 1 of that type', async () => {
    stub = stubFetch((call) => paged(Number(call.query.get('page')), 3, [record(Number(call.query.get('page')), 2)]));
    const page = mountScreen(<TransactionsScreen />);
    await waitFor(() => page.host.querySelectorAll('tbody tr').length === 1, 'page 1');
    act(() => buttonNamed(page.host, eng.paging_next).click());
    await waitFor(() => stub?.calls.at(-1)?.query.get('page') === '2', 'page 2');
    act(() => buttonNamed(page.host, eng.transaction_withdrawal_records).click());
    await waitFor(() => stub?.calls.at(-1)?.query.get('type') === 'withdrawal', 'the withdrawal records');
    expect(stub.calls.at(-1)?.query.get('page')).to.equal('1');
    expect(buttonNamed(page.host, eng.transaction_withdrawal_records).getAttribute('aria-pressed')).to.equal('true');
    page.unmount();
  });

  it('says when there are no records, and when they cannot be loaded', async () => {
    stub = stubFetch(() => paged(1, 1, []));
    const empty = mountScreen(<TransactionsScreen />);
    await waitFor(() => empty.host.textContent?.includes(eng.transaction_empty) === true, 'the empty state');
    empty.unmount();
    stub.restore();
    stub = stubFetch(() => fail(503, 'Service unavailable'));
    const broken = mountScreen(<TransactionsScreen />);
    await waitFor(() => alertText(broken.host) === eng.transaction_load_error, 'the load error');
    broken.unmount();
  });
});

/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../../../locales/eng.json';
import zhs from '../../../../locales/zhs.json';
import { axeViolations } from '../../../../tests/helpers/axe.ts';
import { ok, refuse, stubFetch, waitFor } from '../../../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, mountScreen } from '../../../../tests/helpers/mount.tsx';
import { Books } from './Books.tsx';
import { $operatorToken } from '../../shared/operator-session.ts';

const close = {
  day: '2026-11-27',
  time_zone: 'Asia/Taipei',
  starts_at: '2026-11-26T16:00:00.000Z',
  ends_at: '2026-11-27T16:00:00.000Z',
  movements: [
    { journal_kind: 'order_payment', account_kind: 'order_sales', amount: '3000.0000' },
    { journal_kind: 'order_payment', account_kind: 'remittance_clearing', amount: '-3000.0000' },
    { journal_kind: 'a_new_kind', account_kind: 'member_main', amount: '0.0000' },
  ],
  balances: [
    { account_kind: 'member_main', engine_room_id: null, amount: '123456789.5000' },
    { account_kind: 'engine_room_revenue', engine_room_id: 1, amount: '170.0000' },
  ],
};

const cellsOf = (host: HTMLElement, caption: string) =>
  [
    ...([...host.querySelectorAll('table')].find((table) => table.caption?.textContent === caption)?.querySelectorAll('tbody tr') ?? []),
  ].map((row) => [...row.children].map((cell) => cell.textContent));

describe('Books (the back office)', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => $operatorToken.set(`op.${'d'.repeat(43)}`));
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
  });

  it("shows a day's close in the operator's language: accounts and journals named in words, amounts as points", async () => {
    stub = stubFetch((call) => (call.path.startsWith('/admin/v1/books/close') ? ok(close) : refuse(404, 'route_not_found', 'Not found')));
    const page = mountScreen(<Books />, 'zhs', zhs);
    act(() => buttonNamed(page.host, zhs.admin_books_close_show).click());
    await waitFor(() => page.host.querySelectorAll('tbody tr').length === 5, 'the close');
    expect(stub.calls[0]?.path).to.equal('/admin/v1/books/close');
    expect(stub.calls[0]?.query.get('day')).to.match(/^\d{4}-\d{2}-\d{2}$/);
    expect(cellsOf(page.host, zhs.admin_books_close_balances.replace('{{day}}', '2026-11-27'))).to.deep.equal([
      [zhs.admin_ledger_account_member_main, '', '123,456,789.5000'],
      [zhs.admin_ledger_account_engine_room_revenue, '1', '170.0000'],
    ]);
    expect(cellsOf(page.host, zhs.admin_books_close_movements.replace('{{day}}', '2026-11-27'))).to.deep.equal([
      [zhs.admin_ledger_journal_order_payment, zhs.admin_ledger_account_order_sales, '3,000.0000'],
      [zhs.admin_ledger_journal_order_payment, zhs.admin_ledger_account_remittance_clearing, '-3,000.0000'],
      // A kind added later, with no name yet, shows as the ledger writes it rather than nothing.
      ['a_new_kind', zhs.admin_ledger_account_member_main, '0.0000'],
    ]);
    expect(page.host.textContent).to.contain(zhs.admin_books_close_zone.replace('{{zone}}', 'Asia/Taipei'));
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('downloads a book for the chosen days and says why when the range is refused', async () => {
    stub = stubFetch(() => refuse(422, 'books_range_invalid', 'Give real dates'));
    const page = mountScreen(<Books />);
    act(() => buttonNamed(page.host, eng.admin_books_payments).click());
    await waitFor(() => alertText(page.host) !== '', 'the refusal');
    expect(alertText(page.host)).to.equal(eng.refusal_books_range_invalid);
    expect(stub.calls[0]?.path).to.equal('/admin/v1/books/payments.csv');
    expect(
      [stub.calls[0]?.query.get('from'), stub.calls[0]?.query.get('to')].every((day) => /^\d{4}-\d{2}-\d{2}$/.test(day ?? '')),
    ).to.equal(true);
    page.unmount();
  });
});

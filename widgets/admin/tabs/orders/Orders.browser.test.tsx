/// <reference types="mocha" />
import { expect } from 'chai';
import type { CatalogueRoom } from '../../../../contract/api/catalogue.ts';
import { act } from 'preact/test-utils';
import eng from '../../../../locales/eng.json';
import zhs from '../../../../locales/zhs.json';
import { axeViolations } from '../../../../tests/helpers/axe.ts';
import { fail, ok, stubFetch, typeInto, waitFor, type RecordedCall, type Reply } from '../../../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, inputLabelled, mountScreen, statusText } from '../../../../tests/helpers/mount.tsx';
import { AdminApp } from '../../AdminApp.tsx';
import { $operatorToken } from '../../shared/operator-session.ts';

const operatorToken = `op.${'o'.repeat(43)}`;
const order = {
  id: 12,
  order_number: 'GS2611280001',
  member: { id: 41, username: 'member41', realname: 'Lin Mei' },
  product: { name: 'Graphene solar power', names: { zhs: '石墨烯太阳能发电', eng: 'Graphene solar power' } },
  engine_room: { id: 1, name: 'Tainan 1', names: { zhs: '台南一号' } },
  units: '0.0002',
  amount: '3000.5000',
  payment_method: 'Bank remittance',
  order_status: 3,
  created_at: '2026-11-28T02:00:00.000Z',
  paid_at: '2026-11-28T03:00:00.000Z',
  payer_name: 'Lin Mei',
  bank_reference: 'REMIT-7',
};

/** A room as the back office's catalogue lists it: named in every language, with no single `name`. */
const catalogueRoom = (id: number, name: string): CatalogueRoom => ({
  id,
  names: { zhs: name, zht: name, eng: name },
  locations: { zhs: 'Taiwan', zht: 'Taiwan', eng: 'Taiwan' },
  types: { zhs: 'Rooftop', zht: 'Rooftop', eng: 'Rooftop' },
  type: 'Rooftop',
  capacity_units: 100,
  state: 'offered',
  units_held: '0.00000000',
  capacity_confirmed: true,
});

describe('the Orders tab (every order, narrowed on the server)', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
  });
  const orderReads = () => stub?.calls.filter((call) => call.path === '/admin/v1/orders') ?? [];

  function backOffice(extra: (call: RecordedCall) => Reply | undefined = () => undefined) {
    return stubFetch((call) => {
      const answer = extra(call);
      if (answer !== undefined) return answer;
      if (call.path === '/admin/v1/orders') return ok({ current_page: 1, last_page: 1, per_page: 15, total: 1, data: [order] });
      if (call.path === '/v1/paymentMethod')
        return ok([
          { id: 1, name: 'Bank remittance', kind: 'remittance' },
          { id: 2, name: 'USDT', kind: 'virtual_currency' },
        ]);
      if (call.path === '/admin/v1/catalogue/engine-rooms') {
        // Two pages of rooms: the filter offers the second page's room too.
        const second = call.query.get('page') === '2';
        const room = second ? catalogueRoom(16, 'Kaohsiung 16') : catalogueRoom(1, 'Tainan 1');
        return ok({ current_page: second ? 2 : 1, last_page: 2, per_page: 15, total: 16, data: [room] });
      }
      return fail(404, 'Not found');
    });
  }

  it('lists orders with their member linked, in the operator’s words, and narrows them by the filters', async () => {
    history.replaceState(null, '', '#orders');
    $operatorToken.set(operatorToken);
    stub = backOffice();
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('tbody tr') !== null, 'the orders');
    const cells = [...page.host.querySelectorAll('tbody tr > *')].map((cell) => cell.textContent);
    expect(cells).to.include.members(['GS2611280001', 'member41 (Lin Mei)', '3,000.5000', eng.order_status_3]);
    expect(page.host.querySelector('a[href="#members?member=41"]')?.textContent).to.equal('member41');
    expect(await axeViolations(page.host)).to.deep.equal([]);

    const form = page.host.querySelector<HTMLFormElement>('form[role="search"]') as HTMLFormElement;
    const offered = () => [...form.querySelectorAll('option')].map((option) => option.textContent);
    await waitFor(() => offered().includes('Kaohsiung 16'), 'the rooms of every page');
    expect(offered()).to.include('Tainan 1');
    const status = form.querySelector('select') as HTMLSelectElement;
    const search = form.querySelector('input[type="search"]') as HTMLInputElement;
    act(() => {
      status.value = '2';
      status.dispatchEvent(new Event('change', { bubbles: true }));
    });
    typeInto(search, 'REMIT');
    act(() => buttonNamed(page.host, eng.admin_orders_show).click());
    await waitFor(() => orderReads().some((call) => call.query.get('status') === '2'), 'the narrowed list');
    expect(orderReads().at(-1)?.query.get('q')).to.equal('REMIT');
    expect(location.hash).to.equal('#orders?status=2&q=REMIT');

    // The payment methods, in the operator's words, narrow it too.
    await waitFor(() => offered().includes(eng.cart_payment_virtual_currency), 'the payment methods');
    const payment = [...form.querySelectorAll('select')].find((select) =>
      [...select.options].some((option) => option.textContent === eng.admin_orders_payment_all),
    ) as HTMLSelectElement;
    act(() => {
      payment.value = '2';
      payment.dispatchEvent(new Event('change', { bubbles: true }));
    });
    act(() => buttonNamed(page.host, eng.admin_orders_show).click());
    await waitFor(() => orderReads().some((call) => call.query.get('payment') === '2'), 'the list by payment method');
    expect(location.hash).to.equal('#orders?status=2&payment=2&q=REMIT');
    page.unmount();
  });

  it('says a reversed range of days is wrong without asking the server', async () => {
    history.replaceState(null, '', '#orders');
    $operatorToken.set(operatorToken);
    stub = backOffice();
    const page = mountScreen(<AdminApp />, 'zhs', zhs);
    await waitFor(() => page.host.querySelector('tbody tr') !== null, 'the orders');
    expect(page.host.querySelector('tbody td')?.textContent).to.equal('member41 (Lin Mei)');
    expect(page.host.textContent).to.contain('石墨烯太阳能发电 · 台南一号');
    const [from, to] = [...page.host.querySelectorAll<HTMLInputElement>('input[type="date"]')];
    typeInto(from as HTMLInputElement, '2026-11-28');
    typeInto(to as HTMLInputElement, '2026-11-01');
    const reads = orderReads().length;
    act(() => buttonNamed(page.host, zhs.admin_orders_show).click());
    await waitFor(() => alertText(page.host) === zhs.admin_orders_bad_range, 'the range refused');
    expect(orderReads().length).to.equal(reads);
    page.unmount();
  });

  it('refunds a paid order after asking with the figures, saying what is missing first', async () => {
    history.replaceState(null, '', '#orders');
    $operatorToken.set(operatorToken);
    const refunds: RecordedCall[] = [];
    stub = backOffice((call) => {
      if (call.path !== '/admin/v1/orders/12/refund') return undefined;
      refunds.push(call);
      return ok({ order_id: 12, order_status: 4, refund_id: 5 });
    });
    const page = mountScreen(<AdminApp />, 'zhs', zhs);
    await waitFor(() => page.host.querySelector('tbody tr') !== null, 'the orders');
    act(() =>
      page.host
        .querySelector<HTMLButtonElement>(`button[aria-label="${zhs.admin_refund_open.replace('{{number}}', order.order_number)}"]`)
        ?.click(),
    );
    act(() => buttonNamed(page.host, zhs.admin_refund_go).click());
    expect(alertText(page.host)).to.contain(zhs.admin_refund_details_needed);
    typeInto(inputLabelled(page.host, zhs.admin_refund_reason), '七日内退货');
    typeInto(inputLabelled(page.host, zhs.admin_refund_bank), '台灣銀行');
    typeInto(inputLabelled(page.host, zhs.admin_refund_account), '004-12-345678');
    act(() => buttonNamed(page.host, zhs.admin_refund_go).click());
    expect(page.host.querySelector('.gs-admin__ask')?.textContent).to.contain('3,000.5000').and.contain('004-12-345678');
    expect(await axeViolations(page.host)).to.deep.equal([]);
    act(() => page.host.querySelector<HTMLButtonElement>('.gs-admin__ask button')?.click());
    await waitFor(() => refunds.length === 1, 'the refund');
    expect([refunds[0]?.form.get('reason'), refunds[0]?.form.get('payer_bank'), refunds[0]?.form.get('payer_account')]).to.deep.equal([
      '七日内退货',
      '台灣銀行',
      '004-12-345678',
    ]);
    await waitFor(() => statusText(page.host).includes(zhs.admin_refund_done.replace('{{number}}', order.order_number)), 'refunded');
    page.unmount();
  });
});

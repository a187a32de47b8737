/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { fail, ok, stubFetch, typeInto, waitFor } from '../../tests/helpers/fetch-stub.ts';
import { axeViolations } from '../../tests/helpers/axe.ts';
import { alertText, buttonNamed, inputLabelled, mountScreen, statusText } from '../../tests/helpers/mount.tsx';
import { ordersChanged } from '../core/changes.ts';
import { endSession, startSession } from '../core/session.ts';
import { CheckPayment } from './CheckPayment.tsx';
import { OrderList } from './OrderList.tsx';

const member = { id: 7, username: 'member01', user_wallets: { main_wallet: 0 } };
const order = (id: number, status: number, change: Record<string, unknown> = {}) => ({
  id,
  order_number: `GS2611220000${id}`,
  created_at: '2026-11-22T08:30:00+08:00',
  order_status: status,
  total_amount: 3000,
  payment_method_id: 1,
  order_notice: null,
  reject_reason: null,
  ...change,
});
const paged = (page: number, last: number, data: unknown[]) => ok({ current_page: page, last_page: last, per_page: 10, total: 12, data });
const accounts = [
  {
    id: 1,
    bank_name: 'China Bank',
    branch: 'Pudong',
    account_holder: 'GS Ltd',
    account_number: '6222000011112222',
    remittance_account_type: { type: 'China' },
  },
];
/** An account this member is not shown: the server leaves it out, and nothing in the screen filters. */
const hiddenBank = 'Taiwan Bank';
const paymentMethods = [
  { id: 1, name: 'Bank remittance', serial_number: null, available: true },
  { id: 2, name: 'Virtual currency', serial_number: null, available: false },
];

describe('OrderList', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => {
    act(() => startSession('token-7', member));
  });
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    endSession();
  });

  it('loads the orders again when the cart beside it on the page makes one', async () => {
    let made = 1;
    stub = stubFetch((call) =>
      call.path === '/v1/order'
        ? paged(
            1,
            1,
            Array.from({ length: made }, (_, index) => order(index + 1, 0)),
          )
        : fail(500, 'unexpected'),
    );
    const page = mountScreen(<OrderList />);
    await waitFor(() => page.host.querySelectorAll('.gs-orders__item').length === 1, 'the first order');
    made = 2;
    act(() => ordersChanged());
    await waitFor(() => page.host.querySelectorAll('.gs-orders__item').length === 2, 'the new order');
    page.unmount();
  });

  it('lists number, time, amount and status label; pending and waiting orders open their payment information, a paid one its holding; the rejection reason shows', async () => {
    stub = stubFetch((call) =>
      call.path === '/v1/order'
        ? call.query.get('page') === '2'
          ? paged(2, 2, [order(9, 3)])
          : paged(1, 2, [
              order(1, 0),
              order(2, 1, { reject_reason: 'Amount not received' }),
              order(3, 2, { hold_reason: 'not verified' }),
              order(4, 3),
              order(5, 4, { payment_returned: true }),
            ])
        : fail(500, 'unexpected'),
    );
    const page = mountScreen(<OrderList />);
    await waitFor(() => page.host.querySelectorAll('.gs-orders__item').length === 5, 'the orders');
    const items = [...page.host.querySelectorAll('.gs-orders__item')];
    expect(items.map((item) => item.querySelector('.gs-orders__status')?.textContent)).to.deep.equal([
      eng.order_status_0,
      eng.order_status_1,
      eng.order_status_2,
      eng.order_status_3,
      eng.order_status_4,
    ]);
    expect(items[0]?.textContent).to.contain('GS26112200001').and.contain('3,000.0000');
    expect(items.map((item) => item.querySelector('a')?.getAttribute('href') ?? null)).to.deep.equal([
      '/eng/setting/order/checkpayment?id=1',
      '/eng/setting/order/checkpayment?id=2',
      '/eng/setting/order/checkpayment?id=3',
      // A paid order leads to its holding on /dig.
      '/eng/dig#holding-4',
      null,
    ]);
    expect(items[3]?.querySelector('a')?.textContent).to.equal(eng.order_view_holding);
    expect(items[1]?.querySelector('.gs-orders__reason')?.textContent).to.equal(
      eng.order_rejected_reason.replace('{{reason}}', 'Amount not received'),
    );
    // Paid from someone else's account: said from the catalogue, never an English sentence from the server (decision 050).
    expect(items[4]?.querySelector('.gs-orders__reason')?.textContent).to.equal(eng.order_payment_returned);
    expect(items[2]?.querySelector('.gs-orders__hold a')?.getAttribute('href')).to.equal('/eng/setting/verify');
    expect(items[1]?.querySelector('.gs-orders__hold')).to.equal(null);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    act(() => buttonNamed(page.host, eng.paging_next).click());
    await waitFor(() => page.host.querySelectorAll('.gs-orders__item').length === 1, 'page 2');
    expect(stub.calls.at(-1)?.query.get('page')).to.equal('2');
    // The last page: next reads as disabled, yet still says why when pressed.
    expect(buttonNamed(page.host, eng.paging_next).getAttribute('aria-disabled')).to.equal('true');
    expect(buttonNamed(page.host, eng.paging_previous).getAttribute('aria-disabled')).to.equal('false');
    act(() => buttonNamed(page.host, eng.paging_next).click());
    await waitFor(() => statusText(page.host).includes(eng.paging_last_page), 'the last-page notice');
    page.unmount();
  });

  it('says "no orders" with a way to the cart and no pager, and order_error when the list cannot load', async () => {
    stub = stubFetch(() => ok({ current_page: 1, last_page: 1, per_page: 10, total: 0, data: [] }));
    let page = mountScreen(<OrderList />);
    await waitFor(() => page.host.textContent?.includes(eng.order_empty) === true, 'the empty list');
    expect(page.host.querySelector('a')?.getAttribute('href')).to.equal('/eng/cart?buy=1');
    expect(page.host.querySelector('nav')).to.equal(null);
    page.unmount();
    stub.restore();
    stub = stubFetch(() => fail(503, 'Service unavailable'));
    page = mountScreen(<OrderList />);
    await waitFor(() => alertText(page.host) === eng.order_error, 'the error');
    page.unmount();
  });
});

describe('CheckPayment', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => {
    act(() => startSession('token-7', member));
  });
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    endSession();
  });

  const server = (detail: unknown) =>
    stubFetch((call) => {
      if (call.path === '/v1/order/12') return ok(detail);
      if (call.path === '/v1/remittanceAccount') return ok(accounts);
      if (call.path === '/v1/paymentMethod') return ok(paymentMethods);
      return fail(500, 'unexpected');
    });

  it('shows a pending order: number, the accounts the server shows on this site with copy buttons, the method choice and the notify form', async () => {
    stub = server(order(12, 1, { reject_reason: 'Photo unreadable' }));
    const page = mountScreen(<CheckPayment orderId={12} />);
    await waitFor(() => page.host.querySelectorAll('.gs-pay__accounts > li').length === 1, 'the accounts');
    expect(page.host.textContent).to.contain('GS261122000012').and.contain(eng.order_status_1).and.not.contain(hiddenBank);
    expect(stub.calls.find((call) => call.path === '/v1/remittanceAccount')?.query.get('locale')).to.equal('eng');
    expect(page.host.textContent).to.contain(eng.order_rejected_reason.replace('{{reason}}', 'Photo unreadable'));
    expect(page.host.querySelector('.gs-choice')).not.to.equal(null);
    // The methods arrive in their own answer, which may come after the accounts'.
    await waitFor(
      () => page.host.querySelector<HTMLInputElement>('.gs-choice input[value="2"]')?.disabled === true,
      'the virtual-currency method shown unavailable',
    );
    await waitFor(() => page.host.querySelector('.gs-notify') !== null, 'the notify form');
    expect(page.host.querySelectorAll('.gs-copy')).to.have.length(5);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('notifies payment of a pending order from its payment information; the order then waits for confirmation', async () => {
    stub = stubFetch((call) => {
      if (call.path === '/v1/order/12') return ok(order(12, 1));
      if (call.path === '/v1/remittanceAccount') return ok(accounts);
      if (call.path === '/v1/paymentMethod') return ok(paymentMethods);
      if (call.path === '/v1/image/upload')
        return { status: 201, body: { status: 1, code: 1, message: 'Uploaded', detail: { id: 90, image_path: '/x' } } };
      if (call.path === '/v1/orderNotice')
        return {
          status: 201,
          body: {
            status: 1,
            code: 1,
            message: 'ok',
            detail: { id: 1, order: order(12, 2, { order_notice: { account_back_five: '11223', remark: null } }) },
          },
        };
      return fail(500, 'unexpected');
    });
    const page = mountScreen(<CheckPayment orderId={12} />);
    await waitFor(() => page.host.querySelector('.gs-notify') !== null, 'the notify form');
    typeInto(inputLabelled(page.host, eng.cart_last_five_digits), '11223');
    const photo = page.host.querySelector<HTMLInputElement>('.gs-photo input[type="file"]');
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(64)], 'proof.jpg', { type: 'image/jpeg' }));
    act(() => {
      if (photo === null) return;
      photo.files = transfer.files;
      photo.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => page.host.querySelector('.gs-photo img') !== null, 'the preview');
    act(() => buttonNamed(page.host, eng.cart_notify_payment).click());
    await waitFor(() => statusText(page.host).includes(eng.cart_notify_success), 'the notice');
    expect(Object.fromEntries(stub.calls.find((call) => call.path === '/v1/orderNotice')?.form ?? [])).to.deep.equal({
      order_id: '12',
      account_back_five: '11223',
      image: '90',
    });
    expect(page.host.querySelector('.gs-orders__status')?.textContent).to.equal(eng.order_status_2);
    expect(page.host.querySelector('.gs-notify')).to.equal(null);
    expect(page.host.querySelector('.gs-choice')).to.equal(null);
    page.unmount();
  });

  it('hides the method choice and the notify form for an order waiting confirmation', async () => {
    stub = server(
      order(12, 2, {
        order_notice: { account_back_five: '24680', remark: null },
        hold_reason: "The member's identity is not verified yet",
      }),
    );
    const page = mountScreen(<CheckPayment orderId={12} />);
    await waitFor(() => page.host.querySelector('.gs-pay') !== null, 'the payment information');
    expect(page.host.textContent).to.contain(eng.order_status_2).and.contain(eng.order_notice_sent.replace('{{digits}}', '24680'));
    expect(page.host.querySelector('.gs-choice')).to.equal(null);
    expect(page.host.querySelector('.gs-notify')).to.equal(null);
    expect(page.host.querySelector('.gs-orders__hold')?.textContent).to.equal(`${eng.order_hold_verify} ${eng.setting_verify}`);
    expect(page.host.querySelector('.gs-orders__hold a')?.getAttribute('href')).to.equal('/eng/setting/verify');
    page.unmount();
  });

  it("shows the order a partner's element names in order-id, and a way to the order list, not an error, when none is named", async () => {
    stub = server(order(12, 1));
    const element = document.createElement('gs-order-payment');
    element.setAttribute('order-id', '12');
    let page = mountScreen(<CheckPayment host={element} />);
    await waitFor(() => page.host.textContent?.includes('GS261122000012') === true, 'the named order');
    page.unmount();
    page = mountScreen(<CheckPayment host={document.createElement('gs-order-payment')} />);
    await waitFor(() => page.host.textContent?.includes(eng.order_payment_choose) === true, 'the hint');
    expect(page.host.querySelector('[role="alert"]')).to.equal(null);
    expect(page.host.querySelector('a')?.getAttribute('href')).to.equal('/eng/setting/order');
    expect(stub.calls.filter((call) => call.path.startsWith('/v1/order/'))).to.have.length(1);
    page.unmount();
  });

  it('says order_error without an id, and when the order cannot be opened', async () => {
    stub = stubFetch((call) => (call.path === '/v1/order/12' ? fail(403, 'Forbidden') : ok([])));
    let page = mountScreen(<CheckPayment orderId={null} />);
    await waitFor(() => alertText(page.host) === eng.order_error, 'no id');
    expect(page.host.querySelector('a')?.getAttribute('href')).to.equal('/eng/setting/order');
    page.unmount();
    page = mountScreen(<CheckPayment orderId={12} />);
    await waitFor(() => alertText(page.host) === eng.order_error, 'the 403');
    page.unmount();
  });
});

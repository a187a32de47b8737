/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { fail, refuse, ok, stubFetch, typeInto, waitFor, type RecordedCall, type Reply } from '../../tests/helpers/fetch-stub.ts';
import { axeViolations } from '../../tests/helpers/axe.ts';
import { alertText, buttonNamed, errorOf, inputLabelled, mountScreen, statusText } from '../../tests/helpers/mount.tsx';
import { $ordersChanged } from '../core/changes.ts';
import { endSession, startSession } from '../core/session.ts';
import { CartScreen } from './CartScreen.tsx';

const member = { id: 7, username: 'member01', user_wallets: { main_wallet: 0 } };
const product = { id: 1, name: 'Graphene solar power', price: 15_000_000, quantity: 23, rated_capacity_watts: 1_000_000 };
const rooms = [
  { id: 1, name: 'Room A', type: 'solar', location: 'Tainan', production: [] },
  { id: 2, name: 'Room B', type: 'solar', location: 'Kaohsiung', production: [] },
];
const accounts = [
  {
    id: 1,
    bank_name: 'China Bank',
    branch: 'Pudong',
    account_holder: 'GS Ltd',
    account_number: '6222000011112222',
    remittance_account_type: { type: 'China' },
  },
  {
    id: 3,
    bank_name: 'Vietcombank',
    branch: 'Hanoi',
    account_holder: 'GS VN',
    account_number: '99887766',
    remittance_account_type: { type: 'Vietnam' },
    demo: true,
  },
];
const paymentMethods = [
  { id: 1, name: 'Bank remittance', kind: 'remittance', serial_number: null, available: true },
  {
    id: 2,
    name: 'Virtual currency',
    kind: 'virtual_currency',
    serial_number: 'TXy1SERIAL',
    available: true,
    network: 'TRC-20',
    qr: { size: 29, path: 'M4 4h7v1h-7z' },
  },
];
const deliveryMethods = [
  { id: 1, name: 'Hosting', requires: 'engine_room' },
  { id: 2, name: 'Home delivery', requires: 'address' },
];
const order = (change: Record<string, unknown> = {}) => ({
  id: 41,
  order_number: 'GS261122123456',
  created_at: '2026-11-22T08:30:00+08:00',
  order_status: 1,
  total_amount: 3000,
  units: 0.0002,
  payment_method_id: 1,
  delivery_method_id: 1,
  engine_room_id: 1,
  order_notice: null,
  reject_reason: null,
  ...change,
});

/** The catalogue lists; `answer` handles the rest (orders, notices, uploads). */
function cartServer(answer: (call: RecordedCall) => Reply = () => fail(500, 'unexpected'), shown: unknown[] = accounts, offered = rooms) {
  return stubFetch((call) => {
    if (call.path === '/v1/product/1') return ok(product);
    // Room 1 shared out two of its last 30 days; room 2 none. The figures scale with the amount, as the server's would.
    if (call.path === '/v1/engineRoom/1/recent') {
      const amount = Number(call.query.get('amount'));
      return ok({ days: 30, shared_days: 2, low: (amount / 3000) * 1.5417, high: (amount / 3000) * 2.5 });
    }
    if (call.path === '/v1/engineRoom/2/recent') return ok({ days: 30, shared_days: 0, low: null, high: null });
    if (call.path === '/v1/engineRoom') return ok(offered);
    if (call.path === '/v1/deliveryMethod') return ok(deliveryMethods);
    if (call.path === '/v1/paymentMethod') return ok(paymentMethods);
    if (call.path === '/v1/remittanceAccount') return ok(shown);
    return answer(call);
  });
}

const created = (detail: unknown): Reply => ({ status: 201, body: { status: 1, code: 1, message: 'Order created', detail } });
const orderCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path.startsWith('/v1/order') && call.method !== 'GET');

function optionLabelled(host: HTMLElement, text: string): HTMLInputElement {
  const label = [...host.querySelectorAll('.gs-choice__option')].find((candidate) => candidate.textContent?.trim().startsWith(text));
  const input = label?.querySelector('input');
  if (input === null || input === undefined) throw new Error(`No option "${text}"`);
  return input;
}

function pickOption(host: HTMLElement, text: string): void {
  act(() => optionLabelled(host, text).click());
}

function copyButton(host: HTMLElement, name: string): HTMLButtonElement {
  const button = host.querySelector<HTMLButtonElement>(`button[aria-label="${eng.cart_copy} ${name}"]`);
  if (button === null) throw new Error(`No copy button for ${name}`);
  return button;
}

const currentStep = (host: HTMLElement) => host.querySelector('.gs-progress [aria-current="step"]')?.textContent?.replace(/^\d/, '');

describe('CartScreen', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => {
    act(() => startSession('token-7', member));
  });
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    endSession();
    localStorage.clear();
  });

  async function mountLoaded() {
    const page = mountScreen(<CartScreen />);
    await waitFor(() => page.host.querySelector('form') !== null, 'the list step');
    return page;
  }

  async function placeOrder(page: { host: HTMLElement }) {
    pickOption(page.host, eng.cart_delivery_hosting);
    act(() => buttonNamed(page.host, eng.cart_submit_order).click());
    await waitFor(() => page.host.textContent?.includes('GS261122123456') === true, 'the payment step');
  }

  it('shows the product, 3000 by default with the hint, and the chosen room’s last 30 days as past results', async () => {
    stub = cartServer();
    const page = await mountLoaded();
    expect(page.host.textContent).to.contain('Graphene solar power');
    expect(page.host.textContent).to.contain('15,000,000.0000');
    const amount = inputLabelled(page.host, eng.cart_amount);
    expect(amount.value).to.equal('3000');
    expect(page.host.querySelector('.gs-field__hint')?.textContent).to.equal(
      `${eng.cart_amount_suggested.replace('{{amount}}', '3000')} ${eng.cart_amount_hint.replace('{{min}}', '100')}`,
    );
    const range = (low: string, high: string) =>
      eng.cart_recent_range.replace('{{shared_days}}', '2').replace('{{days}}', '30').replace('{{low}}', low).replace('{{high}}', high);
    const estimateText = () => page.host.querySelector('.gs-cart__estimate')?.textContent ?? '';
    await waitFor(() => estimateText().includes(range('1.5417', '2.5000')), 'the range of room 1');
    expect(estimateText()).to.contain(`${eng.cart_share}: 0.0002`);
    expect(estimateText()).to.contain(eng.cart_capacity_hint.replace('{{mw}}', '0.0002'));
    // Never worded as a rate.
    expect(estimateText()).not.to.match(/rate|%/i);
    const asked = () => stub?.calls.filter((call) => call.path === '/v1/engineRoom/1/recent').map((call) => call.query.get('amount'));
    expect(asked()).to.deep.equal(['3000']);
    typeInto(amount, '6000');
    await waitFor(() => estimateText().includes(range('3.0834', '5.0000')), 'the range for 6,000');
    expect(asked()).to.deep.equal(['3000', '6000']);
    // Below the least order there is nothing to ask.
    typeInto(amount, '50');
    expect(estimateText()).not.to.contain('Past results');
    typeInto(amount, '3000');
    pickOption(page.host, eng.cart_delivery_hosting);
    act(() => {
      const select = page.host.querySelector<HTMLSelectElement>('select');
      if (select !== null) {
        select.value = '2';
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    });
    await waitFor(() => estimateText().includes(eng.cart_recent_none.replace('{{days}}', '30')), 'no history in room 2');
    expect(currentStep(page.host)).to.equal(eng.cart_step_list);
    expect(page.host.querySelectorAll('.gs-progress li')).to.have.length(3);
    expect(optionLabelled(page.host, eng.cart_payment_remittance).checked).to.equal(true);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('says in the room list that no room is open to buy into when none is offered, and sends nothing', async () => {
    stub = cartServer(undefined, accounts, []);
    const page = await mountLoaded();
    pickOption(page.host, eng.cart_delivery_hosting);
    const list = page.host.querySelector<HTMLSelectElement>('select[name="engine_room_id"]');
    expect([...(list?.options ?? [])].map((option) => option.text)).to.deep.equal([eng.cart_no_room]);
    act(() => buttonNamed(page.host, eng.cart_submit_order).click());
    expect(orderCalls(stub.calls)).to.have.length(0);
    page.unmount();
  });

  it('checks the amount, the delivery method, the room or address before sending anything', async () => {
    stub = cartServer();
    const page = await mountLoaded();
    const amount = inputLabelled(page.host, eng.cart_amount);
    const submit = () => act(() => buttonNamed(page.host, eng.cart_submit_order).click());
    typeInto(amount, '');
    submit();
    expect(errorOf(amount)).to.equal(eng.cart_amount_blank);
    typeInto(amount, '99');
    submit();
    expect(errorOf(amount)).to.equal(eng.cart_least_amount);
    typeInto(amount, '100.12345');
    submit();
    expect(errorOf(amount)).to.equal(eng.cart_amount_invalid);
    typeInto(amount, '100');
    submit();
    expect(page.host.textContent).to.contain(eng.cart_choose_delivery);
    // The choice made, its error goes at once, before the next try.
    pickOption(page.host, eng.cart_delivery_home);
    expect(page.host.textContent).not.to.contain(eng.cart_choose_delivery);
    submit();
    expect(errorOf(inputLabelled(page.host, eng.cart_address))).to.equal(eng.cart_address_blank);
    expect(orderCalls(stub.calls)).to.have.length(0);
    page.unmount();
  });

  it('places the order (POST v1/order), then shows the order number and the accounts the server shows on this site, each field with a copy button', async () => {
    stub = cartServer((call) => (call.path === '/v1/order' && call.method === 'POST' ? created(order()) : fail(500, 'unexpected')));
    const page = await mountLoaded();
    await placeOrder(page);
    const [post] = orderCalls(stub.calls);
    expect(post?.method).to.equal('POST');
    expect(post?.authorization).to.equal('Bearer token-7');
    expect(Object.fromEntries(post?.form ?? [])).to.deep.equal({
      'item_content[0][product_id]': '1',
      'item_content[0][count]': '1',
      delivery_method_id: '1',
      engine_room_id: '1',
      payment_method_id: '1',
      amount: '3000',
    });
    expect(currentStep(page.host)).to.equal(eng.cart_step_payment);
    // What the points are in money, before the member remits (issue 36).
    expect(page.host.textContent).to.contain(eng.order_total).and.contain(eng.points_worth);
    const banks = [...page.host.querySelectorAll('.gs-pay__accounts > li')].map((item) => item.textContent);
    expect(banks).to.have.length(2);
    expect(banks[0]).to.contain('China Bank').and.contain('6222000011112222');
    expect(banks[1]).to.contain('Vietcombank');
    expect(stub.calls.find((call) => call.path === '/v1/remittanceAccount')?.query.get('locale')).to.equal('eng');
    // A demo account is labelled on the account itself; a real one is not.
    expect(banks[0]).not.to.contain(eng.cart_demo_account);
    expect(banks[1]).to.contain(eng.cart_demo_account);
    expect(page.host.querySelectorAll(`button[aria-label="${eng.cart_copy} ${eng.cart_account_number}"]`)).to.have.length(2);
    expect(page.host.querySelectorAll('.gs-copy')).to.have.length(9);
    const later = [...page.host.querySelectorAll('a')].find((link) => link.textContent === eng.cart_pay_later);
    expect(later?.getAttribute('href')).to.equal('/eng/setting/order');
    // Not yet verified: told before paying that the payment waits for verification, with the way there.
    const verify = page.host.querySelector('.gs-pay__verify');
    expect(verify?.textContent).to.contain(eng.cart_verify_first);
    expect(verify?.querySelector('a')?.getAttribute('href')).to.equal('/eng/setting/verify');
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('says payments are not open yet when the server shows no account, and lists none', async () => {
    stub = cartServer((call) => (call.path === '/v1/order' && call.method === 'POST' ? created(order()) : fail(500, 'unexpected')), []);
    const page = await mountLoaded();
    // Said on the list step already, before the member orders.
    await waitFor(() => page.host.textContent?.includes(eng.cart_payments_not_open) === true, 'the list step’s notice');
    await placeOrder(page);
    await waitFor(() => page.host.querySelector('.gs-pay__closed') !== null, 'the closed notice');
    expect(page.host.querySelector('.gs-pay__closed')?.textContent).to.equal(eng.cart_payments_not_open);
    expect(page.host.querySelectorAll('.gs-pay__accounts > li')).to.have.length(0);
    expect(page.host.textContent).not.to.contain(eng.cart_remittance_rule);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('says nothing of verification to a member whose identity is verified', async () => {
    act(() => startSession('token-7', { ...member, verification_status: 'approved' }));
    stub = cartServer((call) => (call.path === '/v1/order' && call.method === 'POST' ? created(order()) : fail(500, 'unexpected')));
    const page = await mountLoaded();
    await placeOrder(page);
    expect(currentStep(page.host)).to.equal(eng.cart_step_payment);
    expect(page.host.querySelector('.gs-pay__verify')).to.equal(null);
    page.unmount();
  });

  it('copies the order number and account fields, and says so when copying fails or the browser cannot copy', async () => {
    stub = cartServer((call) => (call.path === '/v1/order' ? created(order()) : fail(500, 'unexpected')));
    const page = await mountLoaded();
    await placeOrder(page);
    const clipboard = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    try {
      const copied: string[] = [];
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: async (text: string) => void copied.push(text) },
      });
      act(() => copyButton(page.host, eng.cart_order_number).click());
      await waitFor(() => statusText(page.host).includes(eng.cart_copy_success), 'copied');
      act(() => copyButton(page.host, eng.cart_account_number).click());
      await waitFor(() => copied.length === 2, 'the second copy');
      expect(copied).to.deep.equal(['GS261122123456', '6222000011112222']);

      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
      act(() => copyButton(page.host, eng.cart_bank_name).click());
      await waitFor(() => statusText(page.host).includes(eng.cart_copy_error), 'the copy error');

      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
      act(() => copyButton(page.host, eng.cart_branch).click());
      await waitFor(() => statusText(page.host).includes(eng.cart_copy_unsupported), 'the unsupported message');
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
      if (clipboard !== undefined) Object.defineProperty(Navigator.prototype, 'clipboard', clipboard);
    }
    page.unmount();
  });

  it('goes back to edit: the delete icon is hidden and the order is updated with PUT v1/order/{id}, not created again', async () => {
    stub = cartServer((call) => {
      if (call.path === '/v1/order' && call.method === 'POST') return created(order());
      if (call.path === '/v1/order/41' && call.method === 'PUT')
        return ok(order({ total_amount: 5000, delivery_method_id: 2, engine_room_id: null, order_number: 'GS261122123456' }));
      return fail(500, 'unexpected');
    });
    const page = await mountLoaded();
    expect(page.host.querySelector(`button[aria-label="${eng.cart_delete}"]`)).not.to.equal(null);
    await placeOrder(page);
    act(() => page.host.querySelector<HTMLButtonElement>(`button[aria-label="${eng.cart_back_edit}"]`)?.click());
    expect(currentStep(page.host)).to.equal(eng.cart_step_list);
    expect(page.host.querySelector(`button[aria-label="${eng.cart_delete}"]`)).to.equal(null);
    expect(statusText(page.host)).to.contain(eng.cart_editing.replace('{{number}}', 'GS261122123456'));
    const amount = inputLabelled(page.host, eng.cart_amount);
    expect(amount.value).to.equal('3000');
    typeInto(amount, '5000');
    pickOption(page.host, eng.cart_delivery_home);
    typeInto(inputLabelled(page.host, eng.cart_address), 'No. 1 Xinyi Road');
    act(() => buttonNamed(page.host, eng.cart_update_order).click());
    await waitFor(() => currentStep(page.host) === eng.cart_step_payment, 'the payment step again');
    const calls = orderCalls(stub.calls);
    expect(calls.map((call) => `${call.method} ${call.path}`)).to.deep.equal(['POST /v1/order', 'PUT /v1/order/41']);
    expect(Object.fromEntries(calls[1]?.form ?? [])).to.deep.equal({
      delivery_method_id: '2',
      payment_method_id: '1',
      amount: '5000',
      delivery_content: 'No. 1 Xinyi Road',
    });
    expect(page.host.textContent).to.contain('5,000.0000');
    page.unmount();
  });

  it('changes the payment method on the order only when it differs, and shows the virtual currency address, network and QR code', async () => {
    stub = cartServer((call) => {
      if (call.path === '/v1/order' && call.method === 'POST') return created(order());
      if (call.path === '/v1/order/41' && call.method === 'PUT')
        return ok(order({ payment_method_id: Number(call.form.get('payment_method_id')) }));
      return fail(500, 'unexpected');
    });
    const page = await mountLoaded();
    await placeOrder(page);
    pickOption(page.host, eng.cart_payment_remittance);
    expect(orderCalls(stub.calls)).to.have.length(1);
    pickOption(page.host, eng.cart_payment_virtual_currency);
    await waitFor(() => page.host.textContent?.includes('TXy1SERIAL') === true, 'the receiving address');
    expect(page.host.textContent).to.contain(eng.cart_virtual_network).and.contain('TRC-20');
    const qr = page.host.querySelector('svg.gs-pay__qr');
    expect(qr?.getAttribute('aria-label')).to.equal(eng.cart_virtual_qr);
    expect(qr?.getAttribute('viewBox')).to.equal('0 0 29 29');
    expect(qr?.querySelector('path')?.getAttribute('d')).to.equal('M4 4h7v1h-7z');
    await waitFor(() => orderCalls(stub?.calls ?? []).length === 2, 'the update');
    await waitFor(() => !optionLabelled(page.host, eng.cart_payment_remittance).disabled, 'the update to finish');
    const puts = orderCalls(stub.calls).filter((call) => call.method === 'PUT');
    expect(puts).to.have.length(1);
    expect(Object.fromEntries(puts[0]?.form ?? [])).to.deep.equal({ payment_method_id: '2' });
    expect(page.host.querySelector('.gs-pay__accounts')).to.equal(null);
    page.unmount();
  });

  it('says "Order failed" with the refusal, worded by its code, beside the field it names', async () => {
    stub = cartServer((call) =>
      call.path === '/v1/order'
        ? refuse(422, 'order_amount_below_minimum', 'The least amount is 100', { errors: { amount: ['The least amount is 100'] } })
        : fail(500, 'unexpected'),
    );
    const page = await mountLoaded();
    pickOption(page.host, eng.cart_delivery_hosting);
    act(() => buttonNamed(page.host, eng.cart_submit_order).click());
    await waitFor(() => alertText(page.host).includes(eng.cart_error), 'the failure');
    expect(errorOf(inputLabelled(page.host, eng.cart_amount))).to.equal(eng.cart_least_amount);
    expect(currentStep(page.host)).to.equal(eng.cart_step_list);
    page.unmount();
  });

  it('notifies payment with five digits, a checked, uploaded proof photo and the account paid into; the order then waits for confirmation', async () => {
    stub = cartServer((call) => {
      if (call.path === '/v1/order' && call.method === 'POST') return created(order());
      if (call.path === '/v1/image/upload')
        return { status: 201, body: { status: 1, code: 1, message: 'Uploaded', detail: { id: 88, image_path: '/api/v1/image/88' } } };
      if (call.path === '/v1/orderNotice')
        return created({
          id: 5,
          order_id: 41,
          account_back_five: '12345',
          image: 88,
          status: 'pending',
          order: order({ order_status: 2 }),
        });
      return fail(500, 'unexpected');
    });
    const page = await mountLoaded();
    await placeOrder(page);
    act(() => buttonNamed(page.host, eng.cart_go_notify).click());
    expect(currentStep(page.host)).to.equal(eng.cart_step_end);
    const five = inputLabelled(page.host, eng.cart_last_five_digits);
    typeInto(five, '12a4');
    expect(five.value).to.equal('124');
    act(() => buttonNamed(page.host, eng.cart_notify_payment).click());
    expect(errorOf(five)).to.equal(eng.cart_last_five_invalid);
    expect(page.host.textContent).to.contain(eng.cart_proof_required);
    expect(await axeViolations(page.host)).to.deep.equal([]);

    const label = [...page.host.querySelectorAll<HTMLLabelElement>('.gs-photo label')].find(
      (candidate) => candidate.firstChild?.textContent === eng.cart_proof_photo,
    );
    const photo = page.host.querySelector<HTMLInputElement>(`input[id="${label?.htmlFor ?? ''}"]`);
    if (photo === null) throw new Error('no photo input');
    const pick = (file: File) => {
      const transfer = new DataTransfer();
      transfer.items.add(file);
      act(() => {
        photo.files = transfer.files;
        photo.dispatchEvent(new Event('change', { bubbles: true }));
      });
    };
    pick(new File([new Uint8Array(2048 * 1024 + 1)], 'proof.png', { type: 'image/png' }));
    await waitFor(() => page.host.textContent?.includes(eng.verify_check_size) === true, 'the size check');
    pick(new File([new Uint8Array(10)], 'proof.gif', { type: 'image/gif' }));
    expect(stub.calls.filter((call) => call.path === '/v1/image/upload')).to.have.length(0);
    pick(new File([new Uint8Array(1024)], 'proof.png', { type: 'image/png' }));
    await waitFor(() => page.host.querySelector('.gs-photo img') !== null, 'the preview');
    const upload = stub.calls.find((call) => call.path === '/v1/image/upload');
    expect((upload?.formData?.get('image') as File | null)?.name).to.equal('proof.png');

    typeInto(five, '12345');
    typeInto(inputLabelled(page.host, eng.cart_remark), 'Paid at the counter');
    // Two accounts were listed: the member may say which one they paid into.
    expect(page.host.querySelector('.gs-notify legend')?.textContent).to.equal(eng.cart_paid_into);
    pickOption(page.host, 'Vietcombank');
    const listChanges = $ordersChanged.get();
    act(() => buttonNamed(page.host, eng.cart_notify_payment).click());
    await waitFor(() => statusText(page.host).includes(eng.cart_notify_success), 'the notice');
    // An order list beside the cart (a partner's page) loads the order again.
    expect($ordersChanged.get()).to.equal(listChanges + 1);
    const notice = stub.calls.find((call) => call.path === '/v1/orderNotice');
    expect(Object.fromEntries(notice?.form ?? [])).to.deep.equal({
      order_id: '41',
      account_back_five: '12345',
      image: '88',
      remark: 'Paid at the counter',
      remittance_account_id: '3',
    });
    expect(page.host.textContent).to.contain(eng.order_status_2);
    page.unmount();
  });

  it('says so when the notice is refused, and when the order is no longer pending', async () => {
    const replies: Reply[] = [
      fail(503, 'Service unavailable'),
      refuse(409, 'order_not_pending', 'This order is no longer waiting for payment'),
    ];
    stub = cartServer((call) => {
      if (call.path === '/v1/order') return created(order());
      if (call.path === '/v1/image/upload')
        return { status: 201, body: { status: 1, code: 1, message: 'Uploaded', detail: { id: 88, image_path: '/x' } } };
      if (call.path === '/v1/orderNotice') return replies.shift() ?? fail(500, 'unexpected');
      return fail(500, 'unexpected');
    });
    const page = await mountLoaded();
    await placeOrder(page);
    act(() => buttonNamed(page.host, eng.cart_go_notify).click());
    typeInto(inputLabelled(page.host, eng.cart_last_five_digits), '54321');
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
    await waitFor(() => alertText(page.host).includes(eng.cart_notify_error), 'the failure');
    act(() => buttonNamed(page.host, eng.cart_notify_payment).click());
    await waitFor(() => alertText(page.host).includes(eng.order_not_pending), 'the 409');
    page.unmount();
  });

  it('says so when the product cannot be loaded, and empties the cart with the delete icon', async () => {
    stub = stubFetch((call) => (call.path === '/v1/product/1' ? fail(503, 'Service unavailable') : ok([])));
    let page = mountScreen(<CartScreen />);
    await waitFor(() => alertText(page.host) === eng.cart_load_error, 'the load error');
    page.unmount();
    stub.restore();
    stub = cartServer();
    page = await mountLoaded();
    act(() => page.host.querySelector<HTMLButtonElement>(`button[aria-label="${eng.cart_delete}"]`)?.click());
    expect(page.host.textContent).to.contain(eng.cart_empty);
    expect([...page.host.querySelectorAll('a')].find((link) => link.textContent === eng.cart_back_shopping)?.getAttribute('href')).to.equal(
      '/eng/home/shopping',
    );
    page.unmount();

    // A reload keeps it removed; Buy on the product page (?buy=1) puts it back.
    const reloaded = mountScreen(<CartScreen />);
    await waitFor(() => reloaded.host.textContent?.includes(eng.cart_empty) === true, 'still removed');
    reloaded.unmount();
    const here = location.pathname + location.search;
    history.replaceState(null, '', `${location.pathname}?buy=1`);
    try {
      const again = await mountLoaded();
      expect(again.host.textContent).not.to.contain(eng.cart_empty);
      expect(localStorage.getItem('cart_removed')).to.equal(null);
      again.unmount();
    } finally {
      history.replaceState(null, '', here);
    }
  });
});

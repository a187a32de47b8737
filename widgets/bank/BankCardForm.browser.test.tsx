/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { fail, refuse, ok, stubFetch, typeInto, waitFor, type RecordedCall, type Reply } from '../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, errorOf, inputLabelled, mountScreen, statusText } from '../../tests/helpers/mount.tsx';
import { endSession, startSession } from '../core/session.ts';
import { STORE_UNMOUNT_DELAY } from 'nanostores';
import { bankCardIdKey } from './bank-cards.ts';
import { BankCardForm } from './BankCardForm.tsx';
import { refreshUnread } from '../notifications/unread.ts';

const card = {
  id: 4,
  cardholder: 'Wang Xiaoming',
  bank_name: 'Cathay United',
  card_number: '98765432109876',
  card_last4: '9876',
  payment_name: 'Daan branch',
  daily_quota: 20000,
  province: null,
  city: 'Taipei',
};

/** The watch on notices outlives its screen by the stores' grace period; the next test must not meet it. */
const watchStopped = () => new Promise((resolve) => setTimeout(resolve, STORE_UNMOUNT_DELAY + 50));

const saves = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST' || call.method === 'PUT');

function fillRequired(host: HTMLElement): void {
  typeInto(inputLabelled(host, eng.bank_cardholder), 'Wang Xiaoming');
  typeInto(inputLabelled(host, eng.bank_bank_name), 'Bank of Taiwan');
  typeInto(inputLabelled(host, eng.bank_card_number), '12345678901234');
  typeInto(inputLabelled(host, eng.bank_branch), 'Xinyi branch');
}

describe('BankCardForm', () => {
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

  function mountAdd(answer: (call: RecordedCall) => Reply = () => ok(card)) {
    stub = stubFetch(answer);
    return mountScreen(<BankCardForm mode="add" />);
  }

  it("requires cardholder, bank, number and branch with the original app's messages, before sending anything", async () => {
    const page = mountAdd();
    act(() => buttonNamed(page.host, eng.bank_save).click());
    await waitFor(() => errorOf(inputLabelled(page.host, eng.bank_cardholder)) !== '', 'the field errors');
    expect(errorOf(inputLabelled(page.host, eng.bank_cardholder))).to.equal(eng.bank_must_cardholde);
    expect(errorOf(inputLabelled(page.host, eng.bank_bank_name))).to.equal(eng.bank_must_bank);
    expect(errorOf(inputLabelled(page.host, eng.bank_card_number))).to.equal(eng.bank_must_number);
    expect(errorOf(inputLabelled(page.host, eng.bank_branch))).to.equal(eng.bank_must_branch);
    expect(errorOf(inputLabelled(page.host, eng.bank_city))).to.equal('');
    await waitFor(() => document.activeElement === inputLabelled(page.host, eng.bank_cardholder), 'the focus');
    typeInto(inputLabelled(page.host, eng.bank_cardholder), 'Wang Xiaoming');
    typeInto(inputLabelled(page.host, eng.bank_bank_name), 'Bank of Taiwan');
    act(() => buttonNamed(page.host, eng.bank_save).click());
    await waitFor(() => document.activeElement === inputLabelled(page.host, eng.bank_card_number), 'focus on the number');
    expect(errorOf(inputLabelled(page.host, eng.bank_cardholder))).to.equal('');
    expect(saves(stub?.calls ?? [])).to.have.length(0);
    page.unmount();
  });

  it('keeps digits only in the card number, never cuts it short, and refuses more than 19 digits', async () => {
    const page = mountAdd();
    const number = inputLabelled(page.host, eng.bank_card_number);
    expect(number.inputMode).to.equal('numeric');
    typeInto(number, '1234a');
    expect(number.value).to.equal('1234');
    expect(errorOf(number)).to.equal(eng.bank_enter);
    typeInto(number, '12345');
    expect(errorOf(number)).to.equal('');
    typeInto(number, '6222021234567890123');
    expect(number.value).to.equal('6222021234567890123');
    expect(errorOf(number)).to.equal('');
    typeInto(number, '62220212345678901234');
    expect(number.value).to.equal('62220212345678901234');
    expect(errorOf(number)).to.equal(eng.bank_number_length);
    page.unmount();
  });

  it('tells a member who is not verified (or still under review) before the form, with the way to verify, and sends nothing', async () => {
    for (const [status, words, link] of [
      ['none', eng.refusal_bank_card_needs_verification, true],
      ['rejected', eng.refusal_bank_card_needs_verification, true],
      ['pending', eng.bank_add_wait_review, false],
    ] as const) {
      act(() => startSession('token-7', { id: 7, username: 'member01', verification_status: status }));
      const page = mountAdd();
      expect(page.host.textContent, status).to.contain(words);
      expect(page.host.querySelector('a')?.textContent ?? null, status).to.equal(link ? eng.setting_verify : null);
      expect(page.host.querySelector('button')?.textContent ?? null, status).to.equal(link ? null : eng.bank_check_again);
      expect(page.host.querySelector('form'), status).to.equal(null);
      // Under review the page watches the member's notices (as a bell does) for the decision; it sends nothing.
      if (!link) await waitFor(() => (stub?.calls.length ?? 0) > 0, 'the watch on notices');
      expect(
        stub?.calls.map((call) => `${call.method} ${call.path}`),
        status,
      ).to.deep.equal(link ? [] : ['GET /v1/notifications/unread']);
      page.unmount();
      stub?.restore();
    }
    // Under review, the member asks again once told of the approval: the form opens.
    act(() => startSession('token-7', { id: 7, username: 'member01', verification_status: 'pending' }));
    const page = mountAdd((call) =>
      call.path === '/v1/check' ? ok({ id: 7, username: 'member01', verification_status: 'approved' }) : ok(card),
    );
    act(() => buttonNamed(page.host, eng.bank_check_again).click());
    await waitFor(() => page.host.querySelector('form') !== null, 'the form, once approved');
    page.unmount();
    await watchStopped();
  });

  it('opens the form by itself under review once a new notice (the approval) arrives, with no bell on the page', async () => {
    act(() => startSession('token-7', { id: 7, username: 'member01', verification_status: 'pending' }));
    let unread = 0;
    const page = mountAdd((call) => {
      if (call.path === '/v1/notifications/unread') return ok({ unread });
      return call.path === '/v1/check' ? ok({ id: 7, username: 'member01', verification_status: 'approved' }) : ok(card);
    });
    await waitFor(() => (stub?.calls ?? []).some((call) => call.path === '/v1/notifications/unread'), 'the first count');
    expect(page.host.querySelector('form')).to.equal(null);
    unread = 1;
    await refreshUnread();
    await waitFor(() => page.host.querySelector('form') !== null, 'the form, once approved');
    page.unmount();
    await watchStopped();
  });

  it('shows the own-name rule under the cardholder', () => {
    const page = mountAdd();
    const holder = inputLabelled(page.host, eng.bank_cardholder);
    const hint = document.getElementById((holder.getAttribute('aria-describedby') ?? '').split(' ')[0] ?? '');
    expect(hint?.textContent).to.equal(eng.bank_own_name_rule);
    page.unmount();
  });

  it('adds a card with POST v1/bankcard, the optional fields only when filled, then says so and clears the form', async () => {
    const page = mountAdd(() => ({ status: 201, body: { status: 1, code: 1, message: 'Created', detail: card } }));
    fillRequired(page.host);
    typeInto(inputLabelled(page.host, eng.bank_city), 'Taipei');
    act(() => buttonNamed(page.host, eng.bank_save).click());
    await waitFor(() => statusText(page.host).includes(eng.bank_add_success), 'success');
    const [call] = saves(stub?.calls ?? []);
    expect(call?.method).to.equal('POST');
    expect(call?.path).to.equal('/v1/bankcard');
    expect(Object.fromEntries(call?.form ?? [])).to.deep.equal({
      cardholder: 'Wang Xiaoming',
      bank_name: 'Bank of Taiwan',
      card_number: '12345678901234',
      payment_name: 'Xinyi branch',
      city: 'Taipei',
    });
    expect(inputLabelled(page.host, eng.bank_cardholder).value).to.equal('');
    page.unmount();
  });

  it('words a rejected card and the fields a 422 names by code, a duplicate card, and a generic failure otherwise', async () => {
    const refusal = 'The cardholder must be your verified real name';
    const replies: Reply[] = [
      refuse(402, 'cardholder_mismatch', refusal, { detail: refusal }),
      refuse(422, 'validation', 'Parameter validation error.', { errors: { payment_name: ['Branch is too long'] } }),
      refuse(409, 'bank_card_duplicate', 'This card is already in your list'),
      fail(500, 'Server error'),
    ];
    const page = mountAdd(() => replies.shift() ?? fail(500, 'x'));
    fillRequired(page.host);
    typeInto(inputLabelled(page.host, eng.bank_daily_quota), '5000');
    act(() => buttonNamed(page.host, eng.bank_save).click());
    await waitFor(() => alertText(page.host) === eng.refusal_cardholder_mismatch, 'the rejected card');
    expect(saves(stub?.calls ?? [])[0]?.form.get('daily_quota')).to.equal('5000');
    act(() => buttonNamed(page.host, eng.bank_save).click());
    await waitFor(() => errorOf(inputLabelled(page.host, eng.bank_branch)) === eng.refusal_validation, 'the field named');
    expect(alertText(page.host)).to.contain(eng.bank_save_fail);
    act(() => buttonNamed(page.host, eng.bank_save).click());
    await waitFor(() => alertText(page.host) === eng.bank_duplicate, 'the duplicate card');
    act(() => buttonNamed(page.host, eng.bank_save).click());
    await waitFor(() => saves(stub?.calls ?? []).length === 4 && alertText(page.host) === eng.bank_save_fail, 'the generic failure');
    expect(errorOf(inputLabelled(page.host, eng.bank_branch))).to.equal('');
    page.unmount();
  });

  it('edits the card chosen in the list: GET v1/bankcard/{id} from "bankCardId", then PUT it', async () => {
    localStorage.setItem(bankCardIdKey, '4');
    stub = stubFetch((call) => (call.method === 'GET' && call.path === '/v1/bankcard/4' ? ok(card) : ok({ ...card, bank_name: 'Cathay' })));
    const page = mountScreen(<BankCardForm mode="update" />);
    await waitFor(() => page.host.querySelector('form') !== null, 'the card');
    // Lets the fields' mount effects run before typing, as they have long before a person types.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
    expect(inputLabelled(page.host, eng.bank_card_number).value).to.equal('98765432109876');
    expect(inputLabelled(page.host, eng.bank_daily_quota).value).to.equal('20000');
    expect(inputLabelled(page.host, eng.bank_province).value).to.equal('');
    typeInto(inputLabelled(page.host, eng.bank_card_number), '9876543210987x');
    expect(errorOf(inputLabelled(page.host, eng.bank_card_number))).to.equal(eng.bank_enter);
    typeInto(inputLabelled(page.host, eng.bank_bank_name), 'Cathay');
    act(() => buttonNamed(page.host, eng.bank_save).click());
    await waitFor(() => statusText(page.host).includes(eng.bank_edit_success), 'success');
    const [call] = saves(stub.calls);
    expect(call?.method).to.equal('PUT');
    expect(call?.path).to.equal('/v1/bankcard/4');
    expect(call?.form.get('bank_name')).to.equal('Cathay');
    expect(call?.form.get('card_number')).to.equal('9876543210987');
    expect(call?.form.has('province')).to.equal(false);
    expect(call?.form.get('daily_quota')).to.equal('20000');
    page.unmount();
  });

  it('says so when no card was chosen, or the card cannot be loaded', async () => {
    stub = stubFetch(() => fail(404, 'Not found'));
    const none = mountScreen(<BankCardForm mode="update" />);
    expect(alertText(none.host)).to.equal(eng.bank_no_card_chosen);
    expect(none.host.querySelector('a')?.getAttribute('href')).to.equal('/eng/setting/bank');
    expect(stub.calls).to.have.length(0);
    none.unmount();
    localStorage.setItem(bankCardIdKey, '99');
    const missing = mountScreen(<BankCardForm mode="update" />);
    await waitFor(() => alertText(missing.host) === eng.bank_load_error, 'the load error');
    expect(stub.calls[0]?.path).to.equal('/v1/bankcard/99');
    missing.unmount();
  });
});

describe('BankCardForm on a site page', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  const realSetTimeout = window.setTimeout;
  afterEach(() => {
    window.setTimeout = realSetTimeout;
    stub?.restore();
    endSession();
    localStorage.clear();
  });

  it('goes back to the card list 2 s after saving (as the original app does), keeping the form as it was', async () => {
    act(() => startSession('token-7', { id: 7, username: 'member01' }));
    stub = stubFetch(() => ok(card));
    const delays: number[] = [];
    // Records the screen's own timer without running it: running it would leave the test page.
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
      if (ms === 2_000) {
        delays.push(ms);
        return 0;
      }
      return realSetTimeout(handler, ms, ...rest);
    }) as typeof window.setTimeout;
    const page = mountScreen(<BankCardForm mode="add" navigate />);
    fillRequired(page.host);
    act(() => buttonNamed(page.host, eng.bank_save).click());
    await waitFor(() => statusText(page.host).includes(eng.bank_add_success), 'success');
    expect(delays).to.deep.equal([2_000]);
    expect(inputLabelled(page.host, eng.bank_cardholder).value).to.equal('Wang Xiaoming');
    page.unmount();
  });
});

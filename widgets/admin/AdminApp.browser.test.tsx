/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { fail, refuse, ok, stubFetch, typeInto, waitFor, type RecordedCall } from '../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, inputLabelled, mountScreen, statusText } from '../../tests/helpers/mount.tsx';
import { $token, endSession, startSession } from '../core/session.ts';
import { AdminApp } from './AdminApp.tsx';
import { $operatorToken, adminRequest } from './shared/operator-session.ts';

const operatorToken = `op.${'a'.repeat(43)}`;
/** A money action asks first (AskFirst): its question names what it will do, and only the question's own button acts. */
function pressAndConfirm(host: HTMLElement, label: string, expected: string) {
  act(() => buttonNamed(host, label).click());
  const question = host.querySelector<HTMLElement>('.gs-admin__ask');
  expect(question?.textContent, 'the question').to.contain(expected);
  act(() => buttonNamed(question as HTMLElement, label).click());
}
const paged = (data: unknown[]) => ok({ current_page: 1, last_page: 1, per_page: 15, total: data.length, data });
const submission = {
  user_id: 41,
  username: 'member41',
  realname: 'Lin Mei',
  email: 'm@example.com',
  phone: '+886 912',
  countries_id: 1,
  certificate_number: 'A123',
  submitted_at: '2026-11-21T10:00:00Z',
  photos: { front: '/api/v1/image/1', back: '/api/v1/image/2', handle: '/api/v1/image/3' },
};
const withdrawal = {
  id: 9,
  user_id: 41,
  cardholder: 'Lin Mei',
  amount: 100,
  created_at: '2026-11-21T10:00:00Z',
  bankcard: { id: 3, bank_name: 'Bank of Taiwan', card_last4: '4567' },
};

const notice = {
  id: 5,
  account_back_five: '12345',
  image_path: '/api/v1/image/4',
  remark: null,
  created_at: '2026-11-21T10:00:00Z',
  order: { id: 12, order_number: 'GS2611210001', total_amount: 3000 },
  member: { id: 41, username: 'member41', realname: 'Lin Mei', verification_status: 'approved' },
};

describe('AdminApp (the back office)', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
    endSession();
    localStorage.clear();
  });

  function backOffice(extra: (call: RecordedCall) => ReturnType<typeof ok> | undefined = () => undefined) {
    return stubFetch((call) => {
      const answer = extra(call);
      if (answer !== undefined) return answer;
      if (call.path === '/admin/v1/login') return ok({ token: operatorToken });
      if (call.path === '/admin/v1/verifications') return paged([submission]);
      if (call.path === '/admin/v1/withdrawals') return paged([withdrawal]);
      if (call.path === '/admin/v1/order-notices') return paged([notice]);
      if (call.path.startsWith('/v1/image/')) return { body: {} };
      return fail(404, 'Not found');
    });
  }

  it('asks for the operator login, and sends the operator token, never the member one', async () => {
    act(() => startSession('member-token', { id: 1, username: 'member01' }));
    stub = backOffice();
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('form') !== null, 'the login form');
    act(() => buttonNamed(page.host, eng.admin_login).click());
    await waitFor(() => alertText(page.host) === eng.admin_login_blank, 'the blank notice');
    typeInto(inputLabelled(page.host, eng.admin_username), 'alice');
    typeInto(inputLabelled(page.host, eng.admin_password), 'a long passphrase');
    act(() => buttonNamed(page.host, eng.admin_login).click());
    // The dashboard is the first tab; the payment notices are one press away.
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_notices).click());
    await waitFor(() => page.host.textContent?.includes('GS2611210001') === true, 'the payment notices');
    const queueCall = stub.calls.find((call) => call.path === '/admin/v1/order-notices');
    expect(queueCall?.authorization).to.equal(`Bearer ${operatorToken}`);
    expect($token.get()).to.equal('member-token');
    page.unmount();
  });

  it('approves a verification, and a rejection needs a reason', async () => {
    $operatorToken.set(operatorToken);
    stub = backOffice((call) => (call.path === '/admin/v1/verifications/41/approve' ? ok(null) : undefined));
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_verifications).click());
    await waitFor(() => page.host.textContent?.includes('A123') === true, 'the submission');
    act(() => buttonNamed(page.host, eng.admin_reject).click());
    await waitFor(() => alertText(page.host) === eng.admin_reason_needed, 'the reason notice');
    act(() => buttonNamed(page.host, eng.admin_approve).click());
    await waitFor(() => statusText(page.host).includes('member41'), 'the approval');
    expect(stub.calls.some((call) => call.path === '/admin/v1/verifications/41/approve' && call.method === 'POST')).to.equal(true);
    page.unmount();
  });

  it('pays a withdrawal with the bank reference, and shows the server’s refusal', async () => {
    $operatorToken.set(operatorToken);
    let paid = false;
    let claimed = false;
    const mine = {
      ...withdrawal,
      claim: { operator_id: 7, operator: 'alice', since: new Date().toISOString(), until: new Date(Date.now() + 1_800_000).toISOString() },
    };
    stub = backOffice((call) => {
      if (call.path === '/admin/v1/withdrawals') return paged([claimed ? mine : withdrawal]);
      if (call.path === '/admin/v1/withdrawals/9/claim') {
        claimed = true;
        return ok(mine);
      }
      if (call.path !== '/admin/v1/withdrawals/9/pay') return undefined;
      if (paid) return refuse(409, 'withdrawal_already_decided', 'This withdrawal has already been decided');
      paid = true;
      return ok({ ...withdrawal, status: 2 });
    });
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_withdrawals).click());
    await waitFor(() => page.host.textContent?.includes('4567') === true, 'the payout queue');
    // Nothing to pay with before the operator holds it (decision 051).
    expect(page.host.textContent).to.contain(eng.admin_withdrawal_claim_first);
    expect(
      page.host.querySelector(`button`) && [...page.host.querySelectorAll('button')].some((b) => b.textContent === eng.admin_pay),
    ).to.equal(false);
    act(() => buttonNamed(page.host, eng.admin_withdrawal_claim).click());
    await waitFor(() => page.host.querySelector('.gs-admin__claim') !== null, 'the claim held');
    expect(page.host.querySelector('.gs-admin__claim')?.textContent).to.match(/^You are paying it since/);
    typeInto(inputLabelled(page.host, eng.admin_reference_or_reason), 'TX-77');
    act(() => buttonNamed(page.host, eng.admin_pay).click());
    expect(page.host.querySelector('.gs-admin__ask')?.textContent).to.contain('···· 4567').and.contain('TX-77');
    expect(
      stub.calls.some((call) => call.path === '/admin/v1/withdrawals/9/pay'),
      'nothing sent before the answer',
    ).to.equal(false);
    act(() => buttonNamed(page.host, eng.admin_ask_cancel).click());
    expect(page.host.querySelector('.gs-admin__ask'), 'cancelled').to.equal(null);
    pressAndConfirm(page.host, eng.admin_pay, 'TX-77');
    await waitFor(() => statusText(page.host) === eng.admin_withdrawal_paid.replace('{{id}}', '9'), 'the payment');
    expect(
      stub.calls.filter((call) => call.path === '/admin/v1/withdrawals/9/pay').map((call) => call.form.get('bank_reference')),
    ).to.deep.equal(['TX-77']);
    pressAndConfirm(page.host, eng.admin_pay, 'TX-77');
    await waitFor(() => alertText(page.host) === eng.refusal_withdrawal_already_decided, 'the refusal');
    page.unmount();
  });

  it('reveals the whole card of a withdrawal only when asked, grouped in fours with its branch and region', async () => {
    $operatorToken.set(operatorToken);
    const card = {
      withdrawal_id: 9,
      cardholder: 'Lin Mei',
      bank_name: 'Bank of Taiwan',
      branch: 'Xinyi branch',
      province: 'Taiwan',
      city: 'Taipei',
      card_number: '6222021234567890123',
    };
    stub = backOffice((call) => (call.path === '/admin/v1/withdrawals/9/card' && call.method === 'POST' ? ok(card) : undefined));
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_withdrawals).click());
    await waitFor(() => page.host.textContent?.includes('4567') === true, 'the payout queue');
    expect(page.host.textContent).not.to.contain('6222');
    expect(stub.calls.some((call) => call.path === '/admin/v1/withdrawals/9/card')).to.equal(false);
    act(() => buttonNamed(page.host, eng.admin_reveal_card).click());
    await waitFor(() => page.host.querySelector('.gs-admin__card-number') !== null, 'the revealed card');
    expect(page.host.querySelector('.gs-admin__card-number')?.textContent).to.equal('622 2021 2345 6789 0123');
    expect(page.host.querySelector('.gs-admin__payout')?.textContent)
      .to.contain('Xinyi branch')
      .and.contain('Taipei')
      .and.contain(eng.admin_reveal_note);
    expect(page.host.querySelector(`button[aria-label="${eng.admin_copy} ${eng.bank_card_number}"]`)).not.to.equal(null);
    page.unmount();
  });

  it('shows the verified name beside the payer, refuses a different name without sending it, and keeps what was typed', async () => {
    $operatorToken.set(operatorToken);
    stub = backOffice();
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_notices).click());
    await waitFor(() => page.host.textContent?.includes('GS2611210001') === true, 'the notice');
    expect(page.host.textContent).to.contain(eng.admin_verified_name.replace('{{name}}', 'Lin Mei'));
    act(() => buttonNamed(page.host, eng.admin_confirm_payment).click());
    await waitFor(() => alertText(page.host) === eng.admin_payer_needed, 'the missing payer notice');
    typeInto(inputLabelled(page.host, eng.admin_notice_payer), 'Lin Meii');
    typeInto(inputLabelled(page.host, eng.admin_notice_reference), 'REMIT-9');
    act(() => buttonNamed(page.host, eng.admin_confirm_payment).click());
    await waitFor(() => alertText(page.host).includes('Lin Meii') && alertText(page.host).includes('Lin Mei'), 'the refusal naming both');
    expect(alertText(page.host)).to.equal(eng.admin_payer_differs.replace('{{payer}}', 'Lin Meii').replace('{{verified}}', 'Lin Mei'));
    expect(
      stub.calls.some((call) => call.path === '/admin/v1/orders/12/confirm'),
      'nothing sent',
    ).to.equal(false);
    expect(inputLabelled(page.host, eng.admin_notice_payer).value).to.equal('Lin Meii');
    expect(inputLabelled(page.host, eng.admin_notice_reference).value).to.equal('REMIT-9');
    page.unmount();
  });

  it('a refusal from the server keeps the typed payer and reference; a different payer is sent with its reason and account', async () => {
    $operatorToken.set(operatorToken);
    let refused = false;
    stub = backOffice((call) => {
      if (call.path !== '/admin/v1/orders/12/confirm') return undefined;
      if (!refused) {
        refused = true;
        return refuse(409, 'identity_not_verified', 'Identity verification is not approved');
      }
      return ok({ order_id: 12, order_status: 4, refund_id: 3 });
    });
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_notices).click());
    await waitFor(() => page.host.textContent?.includes('GS2611210001') === true, 'the notice');
    typeInto(inputLabelled(page.host, eng.admin_notice_payer), 'Someone Else');
    typeInto(inputLabelled(page.host, eng.admin_notice_reference), 'REMIT-9');
    act(() => page.host.querySelector<HTMLInputElement>('.gs-admin__check input')?.click());
    act(() => buttonNamed(page.host, eng.admin_confirm_payment).click());
    await waitFor(() => alertText(page.host) === eng.admin_different_payer_needed, 'the reason and account asked for');
    typeInto(inputLabelled(page.host, eng.admin_different_payer_reason), 'Her husband paid');
    typeInto(inputLabelled(page.host, eng.admin_payer_bank), 'Bank of Taiwan');
    typeInto(inputLabelled(page.host, eng.admin_payer_account), '004-12345');
    pressAndConfirm(page.host, eng.admin_confirm_payment, '004-12345');
    await waitFor(() => alertText(page.host) === eng.admin_member_not_verified, 'the 409, in the operator’s words');
    expect(inputLabelled(page.host, eng.admin_notice_payer).value).to.equal('Someone Else');
    expect(inputLabelled(page.host, eng.admin_notice_reference).value).to.equal('REMIT-9');
    expect(inputLabelled(page.host, eng.admin_payer_account).value).to.equal('004-12345');
    pressAndConfirm(page.host, eng.admin_confirm_payment, 'Bank of Taiwan');
    await waitFor(() => statusText(page.host).includes('GS2611210001'), 'held for refund');
    const sent = stub.calls.filter((call) => call.path === '/admin/v1/orders/12/confirm').at(-1);
    expect([
      sent?.form.get('payer_name'),
      sent?.form.get('different_payer'),
      sent?.form.get('payer_bank'),
      sent?.form.get('payer_account'),
    ]).to.deep.equal(['Someone Else', 'true', 'Bank of Taiwan', '004-12345']);
    expect(sent?.form.get('different_payer_reason')).to.equal('Her husband paid');
    page.unmount();
  });

  it('does not offer Confirm while the member’s identity is not approved, and says why', async () => {
    $operatorToken.set(operatorToken);
    const unverified = { ...notice, member: { ...notice.member, realname: null, verification_status: 'pending' } };
    stub = backOffice((call) => (call.path === '/admin/v1/order-notices' ? paged([unverified]) : undefined));
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_notices).click());
    await waitFor(() => page.host.textContent?.includes('GS2611210001') === true, 'the notice');
    expect(buttonNamed(page.host, eng.admin_confirm_payment).disabled).to.equal(true);
    expect(page.host.textContent).to.contain(eng.admin_confirm_needs_identity);
    page.unmount();
  });

  it('lists rejected notices whose order still waits for payment, and undoes one with a reason', async () => {
    $operatorToken.set(operatorToken);
    const wronglyRejected = {
      ...notice,
      id: 6,
      order: { id: 13, order_number: 'GS2611210002', total_amount: 500, order_status: 1 },
      decided_at: new Date().toISOString(),
    };
    stub = backOffice((call) => {
      if (call.path === '/admin/v1/order-notices' && call.query.get('status') === 'rejected') return paged([wronglyRejected]);
      if (call.path === '/admin/v1/orders/13/undo') return ok({ order_id: 13, order_status: 2 });
      return undefined;
    });
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_notices).click());
    await waitFor(() => page.host.textContent?.includes('GS2611210002') === true, 'the rejected notice');
    act(() => buttonNamed(page.host, eng.admin_undo).click());
    await waitFor(() => alertText(page.host) === eng.admin_reason_needed, 'the reason asked for');
    expect(stub.calls.some((call) => call.path === '/admin/v1/orders/13/undo')).to.equal(false);
    typeInto(inputLabelled(page.host, eng.admin_undo_reason), 'The transfer was on the next page');
    act(() => buttonNamed(page.host, eng.admin_undo).click());
    await waitFor(() => statusText(page.host) === eng.admin_undone.replace('{{number}}', 'GS2611210002'), 'the undo');
    expect(stub.calls.find((call) => call.path === '/admin/v1/orders/13/undo')?.form.get('reason')).to.equal(
      'The transfer was on the next page',
    );
    page.unmount();
  });

  it('shows another operator’s claim on a withdrawal and offers nothing to pay it with', async () => {
    $operatorToken.set(operatorToken);
    const since = new Date(Date.now() - 60_000);
    const held = {
      ...withdrawal,
      claim: { operator_id: 99, operator: 'bob', since: since.toISOString(), until: new Date(since.getTime() + 1_800_000).toISOString() },
    };
    stub = backOffice((call) => (call.path === '/admin/v1/withdrawals' ? paged([held]) : undefined));
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_withdrawals).click());
    await waitFor(() => page.host.querySelector('.gs-admin__claim') !== null, 'the claim');
    expect(page.host.querySelector('.gs-admin__claim')?.textContent).to.match(/^bob is paying it since .+ \(until .+\)$/);
    const labels = [...page.host.querySelectorAll('button')].map((button) => button.textContent);
    expect(labels).not.to.include(eng.admin_pay);
    expect(labels).not.to.include(eng.admin_withdrawal_claim);
    page.unmount();
  });

  it('knows its own claim after a reload, by the signed-in operator’s id, and offers to pay it', async () => {
    $operatorToken.set(operatorToken);
    const since = new Date(Date.now() - 60_000);
    const held = {
      ...withdrawal,
      claim: { operator_id: 7, operator: 'alice', since: since.toISOString(), until: new Date(since.getTime() + 1_800_000).toISOString() },
    };
    const me = {
      id: 7,
      username: 'alice',
      role: 'administrator',
      two_factor: true,
      two_factor_required: false,
      recovery_codes_left: 10,
      stage: 'signed_in',
    };
    stub = backOffice((call) =>
      call.path === '/admin/v1/withdrawals' ? paged([held]) : call.path === '/admin/v1/me' ? ok(me) : undefined,
    );
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_withdrawals).click());
    await waitFor(() => page.host.querySelector('.gs-admin__claim') !== null, 'the claim');
    expect(page.host.querySelector('.gs-admin__claim')?.textContent).to.match(/^You are paying it since/);
    const labels = [...page.host.querySelectorAll('button')].map((button) => button.textContent);
    expect(labels).to.include(eng.admin_pay);
    page.unmount();
  });

  it("tells the operator, not the member, when a payment waits for the member's identity review", async () => {
    $operatorToken.set(operatorToken);
    stub = backOffice((call) =>
      call.path === '/admin/v1/orders/12/confirm' ? refuse(409, 'identity_not_verified', 'Please verify your identity first') : undefined,
    );
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_notices).click());
    await waitFor(() => page.host.textContent?.includes('GS2611210001') === true, 'the notice');
    typeInto(inputLabelled(page.host, eng.admin_notice_payer), 'Lin Mei');
    typeInto(inputLabelled(page.host, eng.admin_notice_reference), 'REMIT-10');
    pressAndConfirm(page.host, eng.admin_confirm_payment, 'Lin Mei');
    await waitFor(() => alertText(page.host) === eng.admin_member_not_verified, "the operator's wording of the refusal");
    page.unmount();
  });

  it('records a day of revenue and distributes it, saying how much went to how many orders', async () => {
    $operatorToken.set(operatorToken);
    stub = backOffice((call) => {
      if (call.path === '/v1/engineRoom') return ok([{ id: 1, name: 'Tainan Solar Park A' }]);
      if (call.path === '/admin/v1/engine-rooms/1/revenue') return ok({ id: 1 });
      if (call.path === '/admin/v1/income/distribute') return ok({ orders_credited: 2, total: 90, days: [] });
      return undefined;
    });
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_revenue).click());
    await waitFor(() => page.host.textContent?.includes('Tainan Solar Park A') === true, 'the rooms');
    act(() => buttonNamed(page.host, eng.admin_record_revenue).click());
    // The recording form's own alert: the tab's other parts may report their own loads beside it.
    const panelAlert = () => page.host.querySelector('[aria-labelledby="gs-admin-revenue"] [role="alert"]')?.textContent;
    await waitFor(() => panelAlert() === eng.admin_revenue_blank, 'the blank notice');
    typeInto(inputLabelled(page.host, eng.admin_business_date), '2026-11-20');
    typeInto(inputLabelled(page.host, eng.admin_kwh), '2400.5');
    typeInto(inputLabelled(page.host, eng.admin_revenue_amount), '100');
    typeInto(inputLabelled(page.host, eng.admin_evidence), 'meter photo 20');
    act(() => buttonNamed(page.host, eng.admin_record_revenue).click());
    // A day already over is said back with its figures; nothing is sent until Record is pressed again.
    await waitFor(() => page.host.querySelector('.gs-admin__ask')?.textContent?.includes('100 points') === true, 'the question');
    expect(stub.calls.some((call) => call.path === '/admin/v1/engine-rooms/1/revenue')).to.equal(false);
    act(() => buttonNamed(page.host, eng.admin_record_revenue).click());
    await waitFor(() => statusText(page.host).includes(eng.admin_revenue_recorded), 'the record');
    const recorded = stub.calls.find((call) => call.path === '/admin/v1/engine-rooms/1/revenue');
    expect([recorded?.form.get('business_date'), recorded?.form.get('kwh'), recorded?.form.get('revenue')]).to.deep.equal([
      '2026-11-20',
      '2400.5',
      '100',
    ]);
    pressAndConfirm(page.host, eng.admin_distribute, 'November 20, 2026');
    await waitFor(() => statusText(page.host).includes('90.0000'), 'the distribution');
    page.unmount();
  });

  it('records a refund sent back to the payer and reinstates a suspended member after review', async () => {
    $operatorToken.set(operatorToken);
    stub = backOffice((call) => {
      if (call.path === '/admin/v1/refunds')
        return paged([
          {
            id: 3,
            order_number: 'GS2611210009',
            member: { id: 41, username: 'member41' },
            payer_name: 'Somebody Else',
            payer_bank: 'Bank of Taiwan',
            payer_account: '004-998877',
            reason: 'Her husband paid',
            bank_reference: 'IN-1',
            amount: 3000,
          },
        ]);
      if (call.path === '/admin/v1/members') return paged([{ id: 41, username: 'member41', realname: 'Lin Mei' }]);
      if (call.path === '/admin/v1/refunds/3/pay' || call.path === '/admin/v1/members/41/reinstate') return ok(null);
      return undefined;
    });
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_reviews).click());
    await waitFor(() => page.host.textContent?.includes('Somebody Else') === true, 'the refund');
    // Where the money goes back to (decision 050).
    expect(page.host.querySelector('.gs-admin__refund-account')?.textContent).to.equal('Bank of Taiwan 004-998877');
    expect(page.host.textContent).to.contain('Her husband paid').and.contain('IN-1');
    act(() => buttonNamed(page.host, eng.admin_refund_pay).click());
    await waitFor(() => alertText(page.host) === eng.admin_note_needed, 'the missing reference');
    typeInto(inputLabelled(page.host, eng.admin_notice_reference), 'OUT-1');
    pressAndConfirm(page.host, eng.admin_refund_pay, 'Somebody Else');
    await waitFor(() => statusText(page.host).includes(eng.admin_refund_paid), 'the refund recorded');
    typeInto(inputLabelled(page.host, eng.admin_review_note), 'spouse paid; refunded');
    act(() => buttonNamed(page.host, eng.admin_reinstate).click());
    await waitFor(() => statusText(page.host).includes('member41'), 'the reinstatement');
    expect(stub.calls.find((call) => call.path === '/admin/v1/members/41/reinstate')?.form.get('note')).to.equal('spouse paid; refunded');
    page.unmount();
  });

  it('an expired operator session returns to the login form', async () => {
    $operatorToken.set(operatorToken);
    stub = stubFetch(() => refuse(401, 'session_expired', 'Login has expired, please login again.'));
    const page = mountScreen(<AdminApp />);
    await waitFor(() => $operatorToken.get() === '', 'the operator session to end');
    await waitFor(() => page.host.querySelector('#gs-admin-password') !== null, 'the login form');
    page.unmount();
  });

  it('counts the work waiting beside each tab and in the page title, and reads a tab afresh when it is chosen again', async () => {
    $operatorToken.set(operatorToken);
    const title = document.title;
    document.title = eng.admin_title;
    const counts = { payment_notices: 2, verifications: 1, withdrawals: 0, refunds_owed: 0, machines_offline: 0 };
    stub = backOffice((call) => (call.path === '/admin/v1/work-counts' ? ok(counts) : undefined));
    const page = mountScreen(<AdminApp />);
    const tabNamed = (label: string) =>
      [...page.host.querySelectorAll('nav button')].find((button) => button.firstChild?.textContent === label) as HTMLButtonElement;
    await waitFor(() => page.host.querySelector('.gs-admin__count') !== null, 'the counts');
    expect(tabNamed(eng.admin_notices).textContent).to.equal(`${eng.admin_notices}2${eng.admin_work_waiting.replace('{{count}}', '2')}`);
    expect(tabNamed(eng.admin_verifications).querySelector('[aria-hidden="true"]')?.textContent).to.equal('1');
    expect(tabNamed(eng.admin_withdrawals).querySelector('.gs-admin__count')).to.equal(null);
    expect(document.title).to.equal(`(3) ${eng.admin_title}`);

    const noticeReads = () => stub?.calls.filter((call) => call.path === '/admin/v1/order-notices').length ?? 0;
    act(() => tabNamed(eng.admin_notices).click());
    await waitFor(() => noticeReads() >= 1, 'the queue');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const firstReads = noticeReads();
    act(() => tabNamed(eng.admin_notices).click());
    await waitFor(() => noticeReads() > firstReads, 'the queue read again');
    page.unmount();
    document.title = title;
  });

  it('reads the counts afresh after any change the operator makes, and only then', async () => {
    $operatorToken.set(operatorToken);
    const counts = { payment_notices: 1, verifications: 0, withdrawals: 0, refunds_owed: 0, machines_offline: 0 };
    stub = backOffice((call) => {
      if (call.path === '/admin/v1/work-counts') return ok(counts);
      return call.path === '/admin/v1/order-notices/7/confirm' ? ok({}) : undefined;
    });
    const page = mountScreen(<AdminApp />);
    const freshReads = () =>
      stub?.calls.filter((call) => call.path === '/admin/v1/work-counts' && call.query.get('fresh') === 'true').length;
    await waitFor(() => page.host.querySelector('.gs-admin__count') !== null, 'the counts');
    expect(freshReads(), 'the first counts may come from what the server keeps').to.equal(0);
    counts.payment_notices = 0;
    await act(async () => {
      await adminRequest('POST', '/order-notices/7/confirm');
    });
    await waitFor(() => freshReads() === 1, 'the counts read afresh');
    await waitFor(() => page.host.querySelector('.gs-admin__count') === null, 'the badge gone');
    page.unmount();
  });
});

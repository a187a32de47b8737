/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../../../locales/eng.json';
import { axeViolations } from '../../../../tests/helpers/axe.ts';
import { fail, ok, stubFetch, typeInto, waitFor, type RecordedCall } from '../../../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, inputLabelled, mountScreen, statusText } from '../../../../tests/helpers/mount.tsx';
import { Audit } from './Audit.tsx';
import { $operatorToken } from '../../shared/operator-session.ts';

const rows = [
  {
    id: 9,
    operator: 'ops',
    action: 'order.confirm',
    subject_type: 'order',
    subject_id: '57',
    before: { status: 'pending_review' },
    after: { status: 'paid' },
    created_at: '2026-11-23T08:00:00.000Z',
  },
  {
    id: 8,
    operator: null,
    action: 'member.suspend',
    subject_type: 'user',
    subject_id: '12',
    subject_label: 'linmei12',
    before: null,
    after: { reason: 'payer mismatch' },
    created_at: '2026-11-23T07:00:00.000Z',
  },
];

/** What the log asked the server for, as the operator's filter made it: the query without the page. */
const asked = (calls: RecordedCall[]) =>
  calls.map((call) => {
    const query = new URLSearchParams(call.query);
    // The page, and what every request carries (the original app's mode, domain and device).
    for (const name of ['page', 'mode', 'domain', 'device']) query.delete(name);
    return `${call.path}?${query.toString()}`;
  });

describe('Audit', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => $operatorToken.set(`op.${'d'.repeat(43)}`));
  afterEach(() => {
    stub?.restore();
    stub = undefined;
  });

  function mountLog() {
    stub = stubFetch((call) => {
      const subject = call.query.get('subject_type');
      const data = rows.filter(
        (row) =>
          (subject === null || row.subject_type === subject) &&
          (call.query.get('subject_id') === null || row.subject_id === call.query.get('subject_id')) &&
          (call.query.get('action') === null || row.action === call.query.get('action')),
      );
      return ok({ current_page: 1, last_page: 1, per_page: 15, total: data.length, data });
    });
    return mountScreen(<Audit />);
  }

  const shownRows = (host: HTMLElement) => host.querySelectorAll('tbody tr').length;

  it('narrows to a subject or an action when either is pressed in the table, and says so with the way back', async () => {
    const page = mountLog();
    await waitFor(() => shownRows(page.host) === 2, 'the whole log');
    // A member is named by username where the server gives it, never by the internal id.
    expect(buttonNamed(page.host, `${eng.audit_subject_user} linmei12`)).to.not.equal(null);
    act(() => buttonNamed(page.host, `${eng.audit_subject_order} 57`).click());
    await waitFor(() => shownRows(page.host) === 1, "order 57's entries");
    expect(page.host.querySelector<HTMLSelectElement>('#gs-audit-subject')?.value, 'the form names the subject').to.equal('order');
    expect(inputLabelled(page.host, eng.admin_audit_subject_id).value).to.equal('57');
    expect(statusText(page.host)).to.contain(eng.admin_audit_showing.replace('{{what}}', `${eng.audit_subject_order} 57`));
    act(() => buttonNamed(page.host, eng.admin_audit_show_all).click());
    await waitFor(() => shownRows(page.host) === 2, 'everything again');
    act(() => buttonNamed(page.host, eng.audit_action_order_confirm).click());
    await waitFor(() => shownRows(page.host) === 1, 'the confirmations');
    expect(statusText(page.host)).to.contain(eng.audit_action_order_confirm);
    expect(page.host.querySelector<HTMLSelectElement>('#gs-audit-action')?.value, 'the form names the action').to.equal('order.confirm');
    expect(asked(stub?.calls ?? [])).to.deep.equal([
      '/admin/v1/audit?',
      '/admin/v1/audit?subject_type=order&subject_id=57',
      '/admin/v1/audit?',
      '/admin/v1/audit?action=order.confirm',
    ]);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it("finds one subject's history from the form; the number waits for a kind; no match says so", async () => {
    const page = mountLog();
    await waitFor(() => shownRows(page.host) === 2, 'the whole log');
    const kind = page.host.querySelector<HTMLSelectElement>('#gs-audit-subject');
    const number = inputLabelled(page.host, eng.admin_audit_subject_id);
    expect(number.disabled, 'no number without a kind').to.equal(true);
    act(() => {
      if (kind !== null) kind.value = 'user';
      kind?.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(number.disabled).to.equal(false);
    typeInto(number, ' 12; drop');
    expect(number.value, 'only what a number can hold').to.equal('12drop');
    typeInto(number, '12');
    act(() => buttonNamed(page.host, eng.admin_audit_show).click());
    await waitFor(() => shownRows(page.host) === 1, "member 12's entries");
    typeInto(number, '999');
    act(() => buttonNamed(page.host, eng.admin_audit_show).click());
    await waitFor(() => statusText(page.host).includes(eng.admin_audit_none), 'no match');
    expect(asked(stub?.calls ?? []).filter((path) => path !== '/admin/v1/audit?')).to.deep.equal([
      '/admin/v1/audit?subject_type=user&subject_id=12',
      '/admin/v1/audit?subject_type=user&subject_id=999',
    ]);
    page.unmount();
  });

  it('finds every entry of one action from the form, alone or with a subject, each action named in the operator language', async () => {
    const page = mountLog();
    await waitFor(() => shownRows(page.host) === 2, 'the whole log');
    const action = page.host.querySelector<HTMLSelectElement>('#gs-audit-action');
    const choose = (select: HTMLSelectElement | null, value: string) =>
      act(() => {
        if (select !== null) select.value = value;
        select?.dispatchEvent(new Event('change', { bubbles: true }));
      });
    const options = [...(action?.options ?? [])].map((option) => option.textContent);
    expect(options[0]).to.equal(eng.admin_audit_action_all);
    expect(options).to.include(eng.audit_action_withdrawal_pay);
    expect(options).to.include(eng.audit_action_operator_create);
    choose(action, 'withdrawal.pay');
    act(() => buttonNamed(page.host, eng.admin_audit_show).click());
    const askedFor = (path: string) => asked(stub?.calls ?? []).includes(path);
    await waitFor(() => askedFor('/admin/v1/audit?action=withdrawal.pay'), 'narrowed to payouts');
    expect(statusText(page.host)).to.contain(eng.audit_action_withdrawal_pay);
    choose(page.host.querySelector<HTMLSelectElement>('#gs-audit-subject'), 'withdrawal');
    typeInto(inputLabelled(page.host, eng.admin_audit_subject_id), '8');
    act(() => buttonNamed(page.host, eng.admin_audit_show).click());
    await waitFor(() => askedFor('/admin/v1/audit?action=withdrawal.pay&subject_type=withdrawal&subject_id=8'), 'and to one withdrawal');
    expect(statusText(page.host)).to.contain(`${eng.audit_subject_withdrawal} 8`);
    expect(asked(stub?.calls ?? []).filter((path) => path !== '/admin/v1/audit?')).to.deep.equal([
      '/admin/v1/audit?action=withdrawal.pay',
      '/admin/v1/audit?action=withdrawal.pay&subject_type=withdrawal&subject_id=8',
    ]);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('downloads what it shows as CSV with the operator token, and says so when the file cannot come', async () => {
    let csvFails = false;
    stub = stubFetch((call) => {
      if (call.path === '/admin/v1/audit.csv') return csvFails ? fail(500, 'Server error') : { body: 'id,created_at\r\n' };
      return ok({ current_page: 1, last_page: 1, per_page: 15, total: rows.length, data: rows });
    });
    const page = mountScreen(<Audit initialQuery={{ subjectType: 'order', subjectId: '57' }} />);
    await waitFor(() => shownRows(page.host) === 2, 'the entries');
    act(() => buttonNamed(page.host, eng.admin_audit_download).click());
    await waitFor(() => (stub?.calls ?? []).some((call) => call.path === '/admin/v1/audit.csv'), 'the download');
    const call = stub?.calls.find((recorded) => recorded.path === '/admin/v1/audit.csv');
    expect(call?.query.get('subject_type')).to.equal('order');
    expect(call?.query.get('subject_id')).to.equal('57');
    expect(call?.query.get('mode'), "the original app's parameters join the filter").to.equal('web');
    expect(call?.authorization).to.equal(`Bearer op.${'d'.repeat(43)}`);
    await waitFor(() => !buttonNamed(page.host, eng.admin_audit_download).disabled, 'the button again');
    expect(alertText(page.host)).to.equal('');
    csvFails = true;
    act(() => buttonNamed(page.host, eng.admin_audit_download).click());
    await waitFor(() => alertText(page.host).includes(eng.admin_audit_download_error), 'the failure');
    page.unmount();
  });

  it('the audit log shows what changed as the screens show it: points with decimals, rates in percent, named fields', async () => {
    stub = stubFetch(() =>
      ok({
        current_page: 1,
        last_page: 1,
        data: [
          {
            id: 2,
            operator: 'ops',
            action: 'revenue.record',
            subject_type: 'engine_room',
            subject_id: '1',
            before: null,
            after: { business_date: '2026-11-22', wh: '1250500', revenue: '300000000' },
            created_at: '2026-11-23T08:00:00.000Z',
          },
          {
            id: 1,
            operator: 'ops',
            action: 'settings.update',
            subject_type: 'settings',
            subject_id: '1',
            before: { operator_fee_bp: 1000, interest_rate_bp: 300 },
            after: { operator_fee_bp: 1250, interest_rate_bp: 300, reason: 'New contract' },
            created_at: '2026-11-23T07:00:00.000Z',
          },
        ],
      }),
    );
    const page = mountScreen(<Audit />);
    await waitFor(() => page.host.querySelectorAll('tbody tr').length === 2, 'the rows');
    const cells = [...page.host.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent ?? ''));
    expect(cells[0]?.[2]).to.equal(eng.audit_action_revenue_record);
    expect(cells[0]?.[4]).to.contain(`${eng.audit_field_revenue}: 30,000.0000`);
    expect(cells[0]?.[4]).to.contain('1,250.500 kWh');
    expect(cells[0]?.[4]).not.to.contain('300000000');
    expect(cells[1]?.[4]).to.contain(`${eng.audit_field_operator_fee_bp}: 10.00 % → 12.50 %`);
    expect(cells[1]?.[4]).to.contain(`${eng.audit_field_reason}: New contract`);
    // The unchanged rate is not listed.
    expect(cells[1]?.[4]).not.to.contain(eng.audit_field_interest_rate_bp);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });
});

/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import type { AdjustmentJson } from '../../../../contract/api/members.ts';
import zhs from '../../../../locales/zhs.json';
import { axeViolations } from '../../../../tests/helpers/axe.ts';
import { ok, refuse, stubFetch, typeInto, waitFor, type RecordedCall } from '../../../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, inputLabelled, mountScreen, statusText } from '../../../../tests/helpers/mount.tsx';
import { MemberAdjustments } from './MemberAdjustments.tsx';
import type { MemberDetail } from '../../../../contract/api/members.ts';
import { $operatorId } from '../../shared/operator-me.ts';
import { $operatorToken } from '../../shared/operator-session.ts';

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
const member = { id: 7, username: 'linmei07', adjustments: { approval_points: 1000 } } as MemberDetail;
const waiting = (requester: number): AdjustmentJson => ({
  id: 31,
  member: { id: 7, username: 'linmei07' },
  direction: 'credit',
  amount: '5000.0000',
  reason: '停电补偿',
  status: 'pending',
  requested_by: { id: requester, username: requester === 1 ? 'alice' : 'bob' },
  requested_at: '2026-11-28T02:00:00.000Z',
  decided_by: null,
  decided_at: null,
  decision_note: null,
});
const paged = (data: AdjustmentJson[]) => ok({ current_page: 1, last_page: 1, per_page: 15, total: data.length, data });

describe('a member’s credits and debits (the back office)', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => {
    $operatorToken.set(`op.${'a'.repeat(43)}`);
    $operatorId.set(1);
  });
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
    $operatorId.set(null);
  });

  it('checks the form before sending, asks with the figures, and a retry after a refusal keeps the form and its key', async () => {
    const posts: RecordedCall[] = [];
    stub = stubFetch((call) => {
      if (call.method === 'GET') return paged([]);
      posts.push(call);
      return posts.length === 1 ? refuse(503, 'service_unavailable', 'Try again') : ok({ ...waiting(1), amount: '1500.0000' });
    });
    const page = mountScreen(<MemberAdjustments member={member} onChanged={() => undefined} />, 'zhs', zhs);
    await waitFor(() => page.host.textContent?.includes(zhs.admin_adjust_none) === true, 'the empty list');
    const submit = () => act(() => buttonNamed(page.host, zhs.admin_adjust_submit).click());
    submit();
    expect(page.host.textContent).to.contain(zhs.admin_adjust_amount_invalid);
    typeInto(inputLabelled(page.host, zhs.admin_adjust_amount), '1500');
    submit();
    expect(alertText(page.host)).to.equal(zhs.admin_reason_needed);
    expect(posts).to.have.length(0);

    typeInto(inputLabelled(page.host, zhs.admin_adjust_reason), '停电补偿');
    submit();
    const question = fill(zhs.admin_adjust_ask_credit, { member: 'linmei07', amount: '1,500.0000', reason: '停电补偿' });
    expect(page.host.textContent).to.contain(question);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    const go = () => act(() => [...page.host.querySelectorAll<HTMLButtonElement>('.gs-admin__ask button')][0]?.click());
    go();
    await waitFor(() => alertText(page.host) === zhs.admin_action_failed, 'the refusal');
    expect((inputLabelled(page.host, zhs.admin_adjust_amount) as HTMLInputElement).value).to.equal('1500');

    submit();
    go();
    await waitFor(() => statusText(page.host) !== '', 'the answer');
    expect(statusText(page.host)).to.equal(fill(zhs.admin_adjust_waiting, { amount: '+1,500.0000' }));
    expect(posts.map((call) => call.headers.get('idempotency-key'))).to.satisfy(
      (keys: string[]) => keys[0] === keys[1] && keys[0]?.length === 36,
    );
    expect([posts[1]?.form.get('direction'), posts[1]?.form.get('amount'), posts[1]?.form.get('reason')]).to.deep.equal([
      'credit',
      '1500',
      '停电补偿',
    ]);
    expect((inputLabelled(page.host, zhs.admin_adjust_amount) as HTMLInputElement).value).to.equal('');
    page.unmount();
  });

  it('offers Approve to another administrator only; the one who asked reads why', async () => {
    const approvals: RecordedCall[] = [];
    let rows = [waiting(1)];
    stub = stubFetch((call) => {
      if (call.method === 'GET') return paged(rows);
      approvals.push(call);
      return ok({ ...waiting(2), status: 'posted' });
    });
    const page = mountScreen(<MemberAdjustments member={member} onChanged={() => undefined} />, 'zhs', zhs);
    await waitFor(() => page.host.textContent?.includes(zhs.admin_adjust_own_note) === true, 'the own note');
    expect([...page.host.querySelectorAll('button')].some((button) => button.textContent === zhs.admin_adjust_approve)).to.equal(false);
    page.unmount();

    rows = [waiting(2)];
    const other = mountScreen(<MemberAdjustments member={member} onChanged={() => undefined} />, 'zhs', zhs);
    await waitFor(() => other.host.textContent?.includes('bob') === true, 'the row');
    act(() => buttonNamed(other.host, zhs.admin_adjust_approve).click());
    act(() => [...other.host.querySelectorAll<HTMLButtonElement>('.gs-admin__ask button')][0]?.click());
    await waitFor(() => approvals.length === 1, 'the approval');
    expect(approvals[0]?.path).to.equal('/admin/v1/adjustments/31/approve');
    await waitFor(() => statusText(other.host).includes(fill(zhs.admin_adjust_approved, { amount: '+5,000.0000' })), 'approved');
    other.unmount();
  });
});

/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../../../locales/eng.json';
import zhs from '../../../../locales/zhs.json';
import zht from '../../../../locales/zht.json';
import { axeViolations } from '../../../../tests/helpers/axe.ts';
import { ok, fail, refuse, stubFetch, typeInto, waitFor, type RecordedCall, type Reply } from '../../../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, errorOf, inputLabelled, mountScreen, statusText } from '../../../../tests/helpers/mount.tsx';
import { AdminApp } from '../../AdminApp.tsx';
import type { OperatorRow } from '../../../../contract/api/operators.ts';
import { Operators } from './Operators.tsx';
import type { OperatorMe } from '../../shared/operator-me.ts';
import { $operatorToken } from '../../shared/operator-session.ts';

const operatorToken = `op.${'d'.repeat(43)}`;
const paged = (data: unknown[]) => ok({ current_page: 1, last_page: 1, per_page: 15, total: data.length, data });
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
const me: OperatorMe = {
  id: 1,
  username: 'chief',
  role: 'administrator',
  two_factor: true,
  two_factor_required: false,
  recovery_codes_left: 10,
  stage: 'signed_in',
};
const rows: OperatorRow[] = [
  {
    id: 1,
    username: 'chief',
    role: 'administrator',
    two_factor: true,
    disabled: false,
    disabled_at: null,
    created_at: '2026-11-01T00:00:00.000Z',
    last_seen_at: '2026-11-23T10:00:00.000Z',
  },
  {
    id: 2,
    username: 'night_rev',
    role: 'reviewer',
    two_factor: false,
    disabled: false,
    disabled_at: null,
    created_at: '2026-11-01T00:00:00.000Z',
    last_seen_at: null,
  },
];

describe('Operators (the back office)', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => $operatorToken.set(operatorToken));
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
    localStorage.clear();
  });

  function operatorApi(who: OperatorMe, extra: (call: RecordedCall) => Reply | undefined = () => undefined) {
    return stubFetch((call) => {
      const answer = extra(call);
      if (answer !== undefined) return answer;
      if (call.path === '/admin/v1/me') return ok(who);
      if (call.path === '/admin/v1/operators' && call.method === 'GET') return paged(rows);
      if (call.path === '/admin/v1/operator-settings' && call.method === 'GET') return ok({ two_factor_required: false });
      if (call.path === '/admin/v1/dashboard') return fail(404, 'Not found');
      return fail(404, 'Not found');
    });
  }

  it('an administrator opens the Operators tab: who, role, two-factor, status and last seen; none of one’s own row’s buttons', async () => {
    stub = operatorApi(me);
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_operators).click());
    await waitFor(() => page.host.textContent?.includes('night_rev') === true, 'the operators');
    const cells = [...page.host.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent?.trim()));
    expect(cells[0]?.slice(0, 4)).to.deep.equal([
      `chief (${eng.admin_operators_you})`,
      eng.admin_role_administrator,
      eng.admin_operators_on,
      eng.admin_operators_enabled,
    ]);
    expect(cells[1]?.slice(0, 5)).to.deep.equal([
      'night_rev',
      eng.admin_role_reviewer,
      eng.admin_operators_off,
      eng.admin_operators_enabled,
      eng.admin_operators_never,
    ]);
    expect(page.host.querySelectorAll('tbody tr')[0]?.querySelectorAll('button')).to.have.length(0);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('a reviewer sees the queues and the Two-factor tab only', async () => {
    stub = operatorApi({ ...me, username: 'night_rev', role: 'reviewer' });
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    const names = [...page.host.querySelectorAll('nav button[aria-pressed]')].map((button) => button.textContent);
    expect(names).to.deep.equal([
      eng.admin_dashboard,
      eng.admin_notices,
      eng.admin_statements,
      eng.admin_verifications,
      eng.admin_withdrawals,
      eng.admin_reviews,
      eng.admin_security,
    ]);
    page.unmount();
  });

  it('adds an operator: each field is checked before sending; a taken name is told under the field', async () => {
    stub = operatorApi(me, (call) => {
      if (call.path !== '/admin/v1/operators' || call.method !== 'POST') return undefined;
      if (call.form.get('username') === 'taken')
        return refuse(422, 'operator_name_taken', 'Parameter validation error.', { errors: { username: ['taken'] } });
      return ok({ id: 3 });
    });
    const page = mountScreen(<Operators me={me} />);
    await waitFor(() => page.host.textContent?.includes('night_rev') === true, 'the operators');
    const username = inputLabelled(page.host, eng.admin_username);
    const password = inputLabelled(page.host, eng.admin_operators_password);
    const add = buttonNamed(page.host, eng.admin_operators_add_submit);

    typeInto(username, 'x');
    typeInto(password, 'short1');
    act(() => add.click());
    await waitFor(() => errorOf(username) === eng.admin_operators_username_invalid, 'the name error');
    expect(errorOf(password)).to.equal(eng.admin_operators_password_invalid);
    expect(stub.calls.some((call) => call.method === 'POST')).to.equal(false);

    typeInto(username, 'taken');
    typeInto(password, 'firstpassword1');
    act(() => add.click());
    await waitFor(() => errorOf(username) === eng.refusal_operator_name_taken, 'the taken name');

    typeInto(username, 'day_rev');
    act(() => page.host.querySelector<HTMLInputElement>('input[value="administrator"]')?.click());
    act(() => add.click());
    await waitFor(() => statusText(page.host).includes(fill(eng.admin_operators_added, { username: 'day_rev' })), 'the addition');
    const sent = stub.calls.filter((call) => call.method === 'POST').at(-1);
    expect([sent?.form.get('username'), sent?.form.get('password'), sent?.form.get('role')]).to.deep.equal([
      'day_rev',
      'firstpassword1',
      'administrator',
    ]);
    page.unmount();
  });

  it('disables with a reason only, in a panel that takes the focus, and words the last-administrator refusal', async () => {
    let refuseNext = true;
    stub = operatorApi(me, (call) => {
      if (call.path !== '/admin/v1/operators/2/disable') return undefined;
      if (refuseNext) {
        refuseNext = false;
        return refuse(409, 'operator_last_administrator', 'At least one enabled administrator must remain');
      }
      return ok(null);
    });
    const page = mountScreen(<Operators me={me} />);
    await waitFor(() => page.host.textContent?.includes('night_rev') === true, 'the operators');
    act(() => buttonNamed(page.host, eng.admin_operators_disable).click());
    const reason = inputLabelled(page.host, eng.admin_operators_reason);
    await waitFor(() => document.activeElement === reason, 'the focus on the reason');
    const confirm = page.host.querySelector<HTMLButtonElement>('fieldset button[type="submit"]');
    if (confirm === null) throw new Error('no confirm button');
    act(() => confirm.click());
    await waitFor(() => alertText(page.host).includes(eng.admin_reason_needed), 'the reason notice');
    expect(stub.calls.some((call) => call.method === 'POST')).to.equal(false);
    typeInto(reason, 'left');
    act(() => confirm.click());
    await waitFor(() => alertText(page.host).includes(eng.refusal_operator_last_administrator), 'the refusal');
    act(() => confirm.click());
    await waitFor(() => statusText(page.host).includes(fill(eng.admin_operators_saved, { username: 'night_rev' })), 'the change');
    expect(
      stub.calls
        .filter((call) => call.method === 'POST')
        .at(-1)
        ?.form.get('reason'),
    ).to.equal('left');
    page.unmount();
  });

  it('turns a lost phone’s two-factor off with a reason, offered only for an operator who has it', async () => {
    const withPhone: OperatorRow = {
      id: 3,
      username: 'day_rev',
      role: 'reviewer',
      two_factor: true,
      disabled: false,
      disabled_at: null,
      created_at: '2026-11-01T00:00:00.000Z',
      last_seen_at: null,
    };
    stub = operatorApi(me, (call) => {
      if (call.path === '/admin/v1/operators' && call.method === 'GET') return paged([...rows, withPhone]);
      if (call.path === '/admin/v1/operators/3/two-factor/reset') return ok(null);
      return undefined;
    });
    const page = mountScreen(<Operators me={me} />);
    await waitFor(() => page.host.textContent?.includes('day_rev') === true, 'the operators');
    const resets = [...page.host.querySelectorAll('button')].filter(
      (button) => button.textContent === eng.admin_operators_reset_two_factor,
    );
    expect(resets).to.have.length(1);
    act(() => resets[0]?.click());
    await waitFor(
      () => page.host.textContent?.includes(fill(eng.admin_operators_reset_two_factor_note, { username: 'day_rev' })) === true,
      'the note',
    );
    typeInto(inputLabelled(page.host, eng.admin_operators_reason), 'lost phone, called back');
    const confirm = page.host.querySelector<HTMLButtonElement>('fieldset button[type="submit"]');
    if (confirm === null) throw new Error('no confirm button');
    act(() => confirm.click());
    await waitFor(() => statusText(page.host).includes(fill(eng.admin_operators_saved, { username: 'day_rev' })), 'the reset');
    const posted = stub.calls.filter((call) => call.method === 'POST').at(-1);
    expect(posted?.path).to.equal('/admin/v1/operators/3/two-factor/reset');
    expect(posted?.form.get('reason')).to.equal('lost phone, called back');
    page.unmount();
  });

  it('asks an operator someone else added for a password of their own before any tab opens', async () => {
    let stage: OperatorMe['stage'] = 'password';
    stub = operatorApi({ ...me, role: 'reviewer', stage }, (call) => {
      if (call.path === '/admin/v1/me') return ok({ ...me, role: 'reviewer', stage });
      if (call.path !== '/admin/v1/me/password') return undefined;
      stage = 'signed_in';
      return ok(null);
    });
    const page = mountScreen(<AdminApp />, 'zht', zht);
    await waitFor(() => page.host.textContent?.includes(zht.admin_own_password_first) === true, 'the first-password form');
    expect(page.host.querySelector('nav'), 'no tabs yet').to.equal(null);
    typeInto(inputLabelled(page.host, zht.admin_own_password_current), 'givenpassword1');
    typeInto(inputLabelled(page.host, zht.admin_own_password_new), 'myownpassword7');
    typeInto(inputLabelled(page.host, zht.admin_own_password_confirm), 'myownpassword7');
    act(() => buttonNamed(page.host, zht.admin_own_password_submit).click());
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the tabs once the password is chosen');
    page.unmount();
  });

  it('reads in simplified Chinese and is axe-clean', async () => {
    stub = operatorApi(me);
    const page = mountScreen(<Operators me={me} />, 'zhs', zhs);
    await waitFor(() => page.host.textContent?.includes('night_rev') === true, 'the operators');
    expect(page.host.querySelector('h2')?.textContent).to.equal(zhs.admin_operators);
    expect(page.host.textContent).to.contain(zhs.admin_role_reviewer);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });
});

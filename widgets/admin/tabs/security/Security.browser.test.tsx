/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../../../locales/eng.json';
import { axeViolations } from '../../../../tests/helpers/axe.ts';
import { ok, fail, refuse, stubFetch, typeInto, waitFor } from '../../../../tests/helpers/fetch-stub.ts';
import { buttonNamed, errorOf, inputLabelled, mountScreen, statusText } from '../../../../tests/helpers/mount.tsx';
import type { OperatorMe } from '../../shared/operator-me.ts';
import { $operatorToken } from '../../shared/operator-session.ts';
import { Security } from './Security.tsx';

const operatorToken = `op.${'d'.repeat(43)}`;
const me: OperatorMe = {
  id: 1,
  username: 'chief',
  role: 'administrator',
  two_factor: true,
  two_factor_required: false,
  recovery_codes_left: 10,
  stage: 'signed_in',
};

describe('Security (the back office)', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => $operatorToken.set(operatorToken));
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
    localStorage.clear();
  });

  it('changes one’s own password: checked before sending, a wrong current one told at its field, then done', async () => {
    stub = stubFetch((call) => {
      if (call.path === '/admin/v1/me') return ok(me);
      if (call.path !== '/admin/v1/me/password') return fail(404, 'Not found');
      if (call.form.get('current_password') === 'wrongpassword1')
        return refuse(422, 'operator_password_wrong', 'Parameter validation error.', { errors: { current_password: ['wrong'] } });
      return ok(null);
    });
    const page = mountScreen(<Security me={me} onChanged={() => undefined} />);
    const current = inputLabelled(page.host, eng.admin_own_password_current);
    const next = inputLabelled(page.host, eng.admin_own_password_new);
    const again = inputLabelled(page.host, eng.admin_own_password_confirm);
    const change = buttonNamed(page.host, eng.admin_own_password_submit);

    act(() => change.click());
    await waitFor(() => errorOf(current) === eng.admin_own_password_required, 'the current password asked for');
    expect(errorOf(next)).to.equal(eng.admin_operators_password_invalid);
    typeInto(current, 'wrongpassword1');
    typeInto(next, 'newpassword2026');
    typeInto(again, 'newpassword2025');
    act(() => change.click());
    await waitFor(() => errorOf(again) === eng.admin_own_password_mismatch, 'the mismatch');
    expect(stub.calls.some((call) => call.path === '/admin/v1/me/password')).to.equal(false);

    typeInto(again, 'newpassword2026');
    act(() => change.click());
    await waitFor(() => errorOf(current) === eng.refusal_operator_password_wrong, 'the wrong current password');
    typeInto(current, 'firstpassword1');
    act(() => change.click());
    await waitFor(() => statusText(page.host).includes(eng.admin_own_password_changed), 'the change');
    const sent = stub.calls.filter((call) => call.path === '/admin/v1/me/password').at(-1);
    expect([sent?.method, sent?.form.get('current_password'), sent?.form.get('new_password')]).to.deep.equal([
      'PUT',
      'firstpassword1',
      'newpassword2026',
    ]);
    expect(current.value, 'the fields are emptied').to.equal('');
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });
});

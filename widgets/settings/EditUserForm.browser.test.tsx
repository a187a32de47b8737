/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { fail, refuse, ok, stubFetch, typeInto, waitFor } from '../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, errorOf, inputLabelled, mountScreen, statusText } from '../../tests/helpers/mount.tsx';
import { $user, endSession, startSession } from '../core/session.ts';
import { EditUserForm, editUserChange } from './EditUserForm.tsx';

const member = { id: 7, username: 'member01', parent_referral_code: { user_referral_code: 'PARENT22' } };

function fields(host: HTMLElement) {
  return {
    old: inputLabelled(host, eng.edit_old_password),
    password: inputLabelled(host, eng.edit_new_password),
    confirmation: inputLabelled(host, eng.edit_confirm_password),
    code: inputLabelled(host, eng.edit_referrer_code),
  };
}

describe('EditUserForm', () => {
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

  it('shows the current referrer code and sends nothing when nothing changed', async () => {
    stub = stubFetch(() => ok(null));
    const form = mountScreen(<EditUserForm />);
    expect(fields(form.host).code.value).to.equal('PARENT22');
    buttonNamed(form.host, eng.edit_submit).click();
    await waitFor(() => statusText(form.host) === eng.edit_nothing_changed, 'the nothing-changed message');
    expect(stub.calls).to.have.length(0);

    // An emptied referrer field is not a change either.
    typeInto(fields(form.host).code, '');
    buttonNamed(form.host, eng.edit_submit).click();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stub.calls).to.have.length(0);
    form.unmount();
  });

  it('sends only a new referrer code, then refreshes the member', async () => {
    stub = stubFetch((call) =>
      call.path === '/v1/check' ? ok({ ...member, parent_referral_code: { user_referral_code: 'NEWCODE9' } }) : ok(null, { message: 'ok' }),
    );
    const form = mountScreen(<EditUserForm />);
    typeInto(fields(form.host).code, 'NEWCODE9');
    buttonNamed(form.host, eng.edit_submit).click();
    await waitFor(() => stub?.calls.length === 2, 'the update and the check');
    const [update, check] = stub.calls;
    expect(update?.method).to.equal('PUT');
    expect(update?.path).to.equal('/v1/user/updatePasswordAndParent/7');
    expect(update?.authorization).to.equal('Bearer token-7');
    expect(Object.fromEntries(update?.form ?? [])).to.deep.equal({ parent_code: 'NEWCODE9' });
    expect(check?.path).to.equal('/v1/check');
    await waitFor(() => $user.get()?.parent_referral_code?.user_referral_code === 'NEWCODE9', 'the refreshed member');
    expect(statusText(form.host)).to.equal(eng.edit_success);
    form.unmount();
  });

  it('sends only the password change when the referrer code is the current one, and clears the fields after', async () => {
    stub = stubFetch((call) => (call.path === '/v1/check' ? ok(member) : ok(null)));
    const form = mountScreen(<EditUserForm />);
    const { old, password, confirmation } = fields(form.host);
    typeInto(old, 'secret1');
    typeInto(password, 'better2');
    typeInto(confirmation, 'better2');
    buttonNamed(form.host, eng.edit_submit).click();
    await waitFor(() => statusText(form.host) === eng.edit_success, 'the success message');
    expect(Object.fromEntries(stub.calls[0]?.form ?? [])).to.deep.equal({
      old_password: 'secret1',
      password: 'better2',
      password_confirmation: 'better2',
    });
    expect([old.value, password.value, confirmation.value]).to.deep.equal(['', '', '']);
    // The member is read again after the success message: wait for it, or its answer lands in the next test.
    await waitFor(
      () => $user.get()?.id === member.id && (stub?.calls ?? []).some((call) => call.path === '/v1/check'),
      'the refreshed member',
    );
    form.unmount();
  });

  it('checks the passwords before sending: old and new at least 6, the new one confirmed', async () => {
    stub = stubFetch(() => ok(null));
    const form = mountScreen(<EditUserForm />);
    const { old, password, confirmation } = fields(form.host);
    typeInto(old, 'abc');
    typeInto(password, 'ab1');
    buttonNamed(form.host, eng.edit_submit).click();
    await waitFor(() => errorOf(old) !== '', 'the messages');
    expect(errorOf(old)).to.equal(eng.edit_old_less);
    expect(errorOf(password)).to.equal(eng.edit_new_less);
    await waitFor(() => document.activeElement === old, 'the focus');

    typeInto(old, 'secret1');
    typeInto(password, 'better2');
    typeInto(confirmation, 'better3');
    buttonNamed(form.host, eng.edit_submit).click();
    await waitFor(() => errorOf(confirmation) !== '', 'the confirmation message');
    expect(errorOf(confirmation)).to.equal(eng.edit_inconsistent);
    expect(stub.calls).to.have.length(0);
    form.unmount();
  });

  it('"Find no such referrer." shows edit_error1; any other failure edit_fail', async () => {
    let reply = refuse(404, 'referrer_not_found', 'Find no such referrer.');
    stub = stubFetch(() => reply);
    const form = mountScreen(<EditUserForm />);
    typeInto(fields(form.host).code, 'NOBODY1');
    buttonNamed(form.host, eng.edit_submit).click();
    await waitFor(() => alertText(form.host) === eng.edit_error1, 'the referrer message');
    expect(errorOf(fields(form.host).code)).to.equal(eng.edit_error1);

    reply = fail(500, 'Server error, please try again later');
    buttonNamed(form.host, eng.edit_submit).click();
    await waitFor(() => alertText(form.host) === eng.edit_fail, 'the failure message');
    form.unmount();
  });

  it("decides what to send by the original app's rules", () => {
    const blank = { old: '', password: '', confirmation: '', code: '' };
    expect(editUserChange(blank, 'PARENT22').body).to.equal(null);
    expect(editUserChange({ ...blank, code: 'parent22' }, 'PARENT22').body, 'the same code in other case').to.equal(null);
    expect(editUserChange({ ...blank, code: 'OTHER1' }, '').body).to.deep.equal({ parent_code: 'OTHER1' });
    const typedNewOnly = editUserChange({ ...blank, password: 'better2', confirmation: 'better2' }, '');
    expect(typedNewOnly.problems.old, 'a new password needs the old one').to.equal('edit_old_less');
  });
});

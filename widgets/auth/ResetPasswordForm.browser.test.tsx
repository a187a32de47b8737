/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { ok, refuse, stubFetch, typeInto, waitFor } from '../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, errorOf, inputLabelled, mountScreen, statusText } from '../../tests/helpers/mount.tsx';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';

describe('ResetPasswordForm', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  afterEach(() => {
    stub?.restore();
    stub = undefined;
  });

  const fill = (host: HTMLElement, code: string, password = 'newpass9', confirmation = password) => {
    typeInto(inputLabelled(host, eng.login_username), 'member01');
    typeInto(inputLabelled(host, eng.reset_code), code);
    typeInto(inputLabelled(host, eng.register_password), password);
    typeInto(inputLabelled(host, eng.register_password_confirm), confirmation);
  };

  it('says what is missing or wrong before sending anything', async () => {
    stub = stubFetch(() => ok(null));
    const form = mountScreen(<ResetPasswordForm />);
    act(() => buttonNamed(form.host, eng.reset_submit).click());
    await waitFor(() => errorOf(inputLabelled(form.host, eng.reset_code)) !== '', 'the messages');
    expect(errorOf(inputLabelled(form.host, eng.login_username))).to.equal(eng.login_nameblank);
    expect(errorOf(inputLabelled(form.host, eng.reset_code))).to.equal(eng.reset_code_blank);
    fill(form.host, 'ABCDE-FGHJK', 'newpass9', 'newpass8');
    act(() => buttonNamed(form.host, eng.reset_submit).click());
    await waitFor(() => errorOf(inputLabelled(form.host, eng.register_password_confirm)) === eng.register_inconsistent, 'the mismatch');
    expect(stub.calls).to.have.length(0);
    form.unmount();
  });

  it('sends the code and the new password, then leads to login; a wrong code is said in words', async () => {
    stub = stubFetch((call) => (call.form.get('code') === 'WRONG-CODE2' ? refuse(422, 'reset_code_wrong', 'wrong') : ok(null)));
    const form = mountScreen(<ResetPasswordForm />);
    fill(form.host, 'WRONG-CODE2');
    act(() => buttonNamed(form.host, eng.reset_submit).click());
    await waitFor(() => alertText(form.host) === eng.refusal_reset_code_wrong, 'the refusal');

    typeInto(inputLabelled(form.host, eng.reset_code), 'ABCDE-FGHJK');
    act(() => buttonNamed(form.host, eng.reset_submit).click());
    await waitFor(() => statusText(form.host) === eng.reset_done, 'the success');
    expect(stub.calls.at(-1)?.path).to.equal('/v1/password/reset');
    expect(stub.calls.at(-1)?.form.get('password_confirmation')).to.equal('newpass9');
    expect(form.host.querySelector('a')?.textContent).to.equal(eng.setting_login);
    form.unmount();
  });
});

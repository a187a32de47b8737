/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import zht from '../../locales/zht.json';
import { axeViolations } from '../../tests/helpers/axe.ts';
import { ok, fail, refuse, stubFetch, typeInto, waitFor, type RecordedCall, type Reply } from '../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, errorOf, inputLabelled, mountScreen } from '../../tests/helpers/mount.tsx';
import { AdminApp } from './AdminApp.tsx';
import type { OperatorMe } from './shared/operator-me.ts';
import { $operatorToken } from './shared/operator-session.ts';

const halfToken = `op.${'h'.repeat(43)}`;
const me: OperatorMe = {
  id: 1,
  username: 'chief',
  role: 'administrator',
  two_factor: false,
  two_factor_required: true,
  recovery_codes_left: 0,
  stage: 'signed_in',
};

describe('Two-step operator login and two-factor enrolment', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
    localStorage.clear();
  });

  function api(answer: (call: RecordedCall) => Reply | undefined) {
    return stubFetch((call) => answer(call) ?? fail(404, 'Not found'));
  }
  async function passwordStep(host: HTMLElement) {
    await waitFor(() => host.querySelector('form') !== null, 'the login form');
    typeInto(inputLabelled(host, eng.admin_username), 'chief');
    typeInto(inputLabelled(host, eng.admin_password), 'a long passphrase');
    act(() => buttonNamed(host, eng.admin_login).click());
  }

  it('asks for a code after the password; a wrong code is told and the back office stays closed until a right one', async () => {
    let wrong = true;
    stub = api((call) => {
      if (call.path === '/admin/v1/login') return ok({ token: halfToken, stage: 'code' });
      if (call.path === '/admin/v1/login/code') {
        if (wrong) {
          wrong = false;
          return refuse(422, 'two_factor_code_wrong', 'Parameter validation error.', { errors: { code: ['wrong'] } });
        }
        return ok(null);
      }
      if (call.path === '/admin/v1/me') return ok({ ...me, two_factor: true });
      return undefined;
    });
    const page = mountScreen(<AdminApp />);
    await passwordStep(page.host);
    await waitFor(() => page.host.textContent?.includes(eng.admin_login_code_hint) === true, 'the code step');
    const code = inputLabelled(page.host, eng.admin_login_code);
    await waitFor(() => document.activeElement === code, 'the focus');
    expect($operatorToken.get()).to.equal('');
    expect(await axeViolations(page.host)).to.deep.equal([]);

    act(() => buttonNamed(page.host, eng.admin_login_verify).click());
    await waitFor(() => errorOf(code) === eng.admin_login_code_blank, 'the blank code');
    expect(stub.calls.some((call) => call.path === '/admin/v1/login/code')).to.equal(false);

    typeInto(code, '123456');
    act(() => buttonNamed(page.host, eng.admin_login_verify).click());
    await waitFor(() => errorOf(inputLabelled(page.host, eng.admin_login_code)) === eng.refusal_two_factor_code_wrong, 'the wrong code');
    expect($operatorToken.get()).to.equal('');

    typeInto(inputLabelled(page.host, eng.admin_login_code), 'abcd-efgh-jkmn');
    act(() => buttonNamed(page.host, eng.admin_login_verify).click());
    await waitFor(() => page.host.querySelector('nav button[aria-pressed]') !== null, 'the sections');
    const sent = stub.calls.filter((call) => call.path === '/admin/v1/login/code').at(-1);
    expect(sent?.authorization).to.equal(`Bearer ${halfToken}`);
    expect(sent?.form.get('code')).to.equal('abcd-efgh-jkmn');
    page.unmount();
  });

  it('an expired half sign-in goes back to the password with word why', async () => {
    stub = api((call) => {
      if (call.path === '/admin/v1/login') return ok({ token: halfToken, stage: 'code' });
      if (call.path === '/admin/v1/login/code') return refuse(401, 'session_expired', 'Login has expired');
      return undefined;
    });
    const page = mountScreen(<AdminApp />);
    await passwordStep(page.host);
    await waitFor(() => page.host.textContent?.includes(eng.admin_login_code_hint) === true, 'the code step');
    typeInto(inputLabelled(page.host, eng.admin_login_code), '123456');
    act(() => buttonNamed(page.host, eng.admin_login_verify).click());
    await waitFor(() => alertText(page.host) === eng.refusal_session_expired, 'the expiry');
    expect(inputLabelled(page.host, eng.admin_password).value).to.equal('');
    page.unmount();
  });

  it('when two-factor is required, enrolment comes first: QR code, secret, a checked code, then the recovery codes once', async () => {
    let stage: OperatorMe['stage'] = 'enrol';
    stub = api((call) => {
      if (call.path === '/admin/v1/login') return ok({ token: halfToken, stage: 'enrol' });
      if (call.path === '/admin/v1/me') return ok({ ...me, stage, two_factor: stage === 'signed_in', recovery_codes_left: 10 });
      if (call.path === '/admin/v1/me/two-factor')
        return ok({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP', qr: { size: 29, path: 'M4 4h1v1h-1z' } });
      if (call.path === '/admin/v1/me/two-factor/confirm') {
        stage = 'signed_in';
        return ok({ recovery_codes: Array.from({ length: 10 }, (_, index) => `code-${index}`) });
      }
      return undefined;
    });
    const page = mountScreen(<AdminApp />, 'zht', zht);
    await waitFor(() => page.host.querySelector('form') !== null, 'the login form');
    typeInto(inputLabelled(page.host, zht.admin_username), 'chief');
    typeInto(inputLabelled(page.host, zht.admin_password), 'a long passphrase');
    act(() => buttonNamed(page.host, zht.admin_login).click());
    await waitFor(() => page.host.textContent?.includes(zht.admin_2fa_required) === true, 'the enrolment');
    expect(page.host.querySelector('nav')).to.equal(null);
    act(() => buttonNamed(page.host, zht.admin_2fa_start).click());
    await waitFor(() => page.host.querySelector(`svg[aria-label="${zht.admin_2fa_qr}"]`) !== null, 'the QR code');
    expect(page.host.textContent).to.contain('JBSWY3DPEHPK3PXP');
    const code = inputLabelled(page.host, zht.admin_2fa_code);
    typeInto(code, '12a');
    act(() => buttonNamed(page.host, zht.admin_2fa_confirm).click());
    await waitFor(() => errorOf(code) === zht.admin_2fa_code_invalid, 'the short code');
    expect(stub.calls.some((call) => call.path === '/admin/v1/me/two-factor/confirm')).to.equal(false);
    typeInto(code, '123456');
    act(() => buttonNamed(page.host, zht.admin_2fa_confirm).click());
    await waitFor(() => page.host.querySelectorAll('li code').length === 10, 'the recovery codes');
    await waitFor(() => document.activeElement?.textContent === zht.admin_2fa_recovery, 'the focus on the codes');
    expect(await axeViolations(page.host)).to.deep.equal([]);
    act(() => buttonNamed(page.host, zht.admin_2fa_recovery_done).click());
    await waitFor(() => page.host.querySelector('nav button[aria-pressed]') !== null, 'the sections');
    expect(page.host.textContent).not.to.contain('code-0');
    page.unmount();
  });
});

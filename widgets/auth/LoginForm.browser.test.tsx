/// <reference types="mocha" />
import { sendKeys } from '@web/test-runner-commands';
import { expect } from 'chai';
import eng from '../../locales/eng.json';
import { refuse, ok, stubFetch, typeInto, waitFor } from '../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, errorOf, inputLabelled, mountScreen, statusText } from '../../tests/helpers/mount.tsx';
import { $sessionNotice } from '../core/session-expiry.ts';
import { $token, $user, endSession } from '../core/session.ts';
import { LoginForm } from './LoginForm.tsx';

const member = { id: 7, username: 'member01', user_wallets: { main_wallet: 0 } };

describe('LoginForm', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    endSession();
    $sessionNotice.set(null);
    localStorage.clear();
  });

  it('says which field is blank, ties the message to the field and moves focus there', async () => {
    stub = stubFetch(() => ok(null));
    const form = mountScreen(<LoginForm />);
    const username = inputLabelled(form.host, eng.login_username);
    const password = inputLabelled(form.host, eng.login_password);

    buttonNamed(form.host, eng.login_submit).click();
    await waitFor(() => errorOf(username) !== '', 'the username message');
    expect(errorOf(username)).to.equal(eng.login_nameblank);
    expect(username.getAttribute('aria-invalid')).to.equal('true');
    expect(errorOf(password)).to.equal(eng.login_passblank);
    await waitFor(() => document.activeElement === username, 'the focus');

    typeInto(username, 'member01');
    buttonNamed(form.host, eng.login_submit).click();
    await waitFor(() => document.activeElement === password, 'focus on the password');
    expect(errorOf(username)).to.equal('');
    expect(errorOf(password)).to.equal(eng.login_passblank);
    expect(stub.calls).to.have.length(0);
    form.unmount();
  });

  it('on the login page, says the session ended on another device when it was sent there for that', async () => {
    const address = location.href;
    history.replaceState(null, '', '?next=%2Feng%2Fsetting&ended=other_device');
    try {
      const form = mountScreen(<LoginForm navigate />);
      await waitFor(() => alertText(form.host).includes(eng.session_other_device), 'the reason');
      form.unmount();
    } finally {
      history.replaceState(null, '', address);
    }
  });

  it('prefills the saved account name', async () => {
    localStorage.setItem('username', 'saved_member');
    const form = mountScreen(<LoginForm />);
    await waitFor(() => inputLabelled(form.host, eng.login_username).value === 'saved_member', 'the saved name');
    form.unmount();
  });

  it('submits with Enter in the password field and starts the session', async () => {
    stub = stubFetch(() => ok({ token: 'token-new', user: member }));
    const form = mountScreen(<LoginForm />);
    typeInto(inputLabelled(form.host, eng.login_username), 'member01');
    const password = inputLabelled(form.host, eng.login_password);
    typeInto(password, 'secret1');
    password.focus();
    await sendKeys({ press: 'Enter' });

    await waitFor(() => statusText(form.host) === eng.session_login_success, 'the success message');
    expect(stub.calls).to.have.length(1);
    const [call] = stub.calls;
    expect(call?.method).to.equal('POST');
    expect(call?.path).to.equal('/v1/login');
    expect(call?.form.get('username')).to.equal('member01');
    expect(call?.form.get('password')).to.equal('secret1');
    expect($token.get()).to.equal('token-new');
    expect($user.get()?.username).to.equal('member01');
    expect(localStorage.getItem('username')).to.equal('member01');
    form.unmount();
  });

  it('on failure shows login_error, clears the password and leaves the session alone', async () => {
    stub = stubFetch(() => refuse(401, 'login_failed', 'Incorrect username or password'));
    const form = mountScreen(<LoginForm />);
    typeInto(inputLabelled(form.host, eng.login_username), 'member01');
    const password = inputLabelled(form.host, eng.login_password);
    typeInto(password, 'wrong1');
    buttonNamed(form.host, eng.login_submit).click();

    await waitFor(() => alertText(form.host) === eng.login_error, 'the failure message');
    expect(password.value).to.equal('');
    await waitFor(() => document.activeElement === password, 'the focus');
    expect(stub.calls[0]?.authorization, 'login is sent without a token').to.equal(null);
    expect($sessionNotice.get(), 'a failed login is not an expired session').to.equal(null);
    expect($token.get()).to.equal('');
    form.unmount();
  });

  it('says "too many attempts" when the server rate-limits', async () => {
    stub = stubFetch(() =>
      refuse(429, 'rate_limited', 'Too many attempts, please try again later', { detail: { retry_after_seconds: 60 } }),
    );
    const form = mountScreen(<LoginForm />);
    typeInto(inputLabelled(form.host, eng.login_username), 'member01');
    typeInto(inputLabelled(form.host, eng.login_password), 'secret1');
    buttonNamed(form.host, eng.login_submit).click();
    await waitFor(() => alertText(form.host) === eng.error_too_many, 'the rate-limit message');
    expect(inputLabelled(form.host, eng.login_password).value).to.equal('');
    form.unmount();
  });

  it('disables the button while the request runs', async () => {
    let answer: (() => void) | undefined;
    const original = window.fetch;
    window.fetch = () =>
      new Promise((resolve) => {
        answer = () => resolve(new Response(JSON.stringify({ status: 1, code: 1, message: '', detail: { token: 't', user: member } })));
      });
    try {
      const form = mountScreen(<LoginForm />);
      typeInto(inputLabelled(form.host, eng.login_username), 'member01');
      typeInto(inputLabelled(form.host, eng.login_password), 'secret1');
      const button = buttonNamed(form.host, eng.login_submit);
      button.click();
      await waitFor(() => answer !== undefined, 'the request');
      expect(button.disabled).to.equal(true);
      expect(button.getAttribute('aria-busy')).to.equal('true');
      answer?.();
      await waitFor(() => !button.disabled, 'the button to come back');
      form.unmount();
    } finally {
      window.fetch = original;
    }
  });

  it('labels the show-password toggle and reports its state', async () => {
    const form = mountScreen(<LoginForm />);
    const password = inputLabelled(form.host, eng.login_password);
    const toggle = form.host.querySelector<HTMLButtonElement>('button[aria-pressed]');
    expect(toggle?.getAttribute('aria-pressed')).to.equal('false');
    expect(toggle?.getAttribute('aria-label')).to.equal(eng.login_show_password);
    expect(document.getElementById(toggle?.getAttribute('aria-describedby') ?? '')?.textContent).to.equal(eng.login_password);
    expect(toggle?.getAttribute('aria-controls')).to.equal(password.id);
    toggle?.click();
    await waitFor(() => password.type === 'text', 'the password to show');
    expect(toggle?.getAttribute('aria-pressed')).to.equal('true');
    form.unmount();
  });
});

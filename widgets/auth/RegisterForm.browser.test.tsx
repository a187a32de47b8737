/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import { hydrateRoot, type Root } from 'react-dom/client';
import eng from '../../locales/eng.json';
import { refuse, ok, stubFetch, typeInto, waitFor } from '../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, errorOf, inputLabelled, mountScreen, statusText } from '../../tests/helpers/mount.tsx';
import { createI18n, I18nProvider } from '../core/i18n.ts';
import { $token, endSession } from '../core/session.ts';
import { RegisterForm } from './RegisterForm.tsx';

function fields(host: HTMLElement) {
  return {
    username: inputLabelled(host, eng.register_username),
    password: inputLabelled(host, eng.register_password),
    confirmation: inputLabelled(host, eng.register_password_confirm),
    code: inputLabelled(host, eng.register_referral_code),
  };
}

function fillValid(host: HTMLElement): void {
  const { username, password, confirmation, code } = fields(host);
  typeInto(username, 'member01');
  typeInto(password, 'secret1');
  typeInto(confirmation, 'secret1');
  typeInto(code, 'SOLAR1');
}

describe('RegisterForm', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    endSession();
    localStorage.clear();
  });

  it('filters what is typed: names and codes keep word and Chinese characters, passwords lowercase, digits and _ up to 12', () => {
    const form = mountScreen(<RegisterForm />);
    const { username, password, confirmation, code } = fields(form.host);
    typeInto(username, 'ab c-d!中文_9');
    expect(username.value).to.equal('abcd中文_9');
    typeInto(code, 'SO LAR-1');
    expect(code.value).to.equal('SOLAR1');
    typeInto(password, 'AbC_12$x');
    expect(password.value).to.equal('b_12x');
    typeInto(confirmation, 'abcdefghij1234');
    expect(confirmation.value).to.equal('abcdefghij12');
    form.unmount();
  });

  it("checks each field as it changes, with the original app's messages", () => {
    const form = mountScreen(<RegisterForm />);
    const { username, password, confirmation, code } = fields(form.host);

    typeInto(username, 'abc');
    expect(errorOf(username)).to.equal(eng.register_namelength);
    expect(errorOf(password), 'fields not reached yet stay quiet').to.equal('');
    typeInto(username, '');
    expect(errorOf(username)).to.equal(eng.register_nickblank);
    typeInto(username, 'member01');
    expect(errorOf(username)).to.equal('');

    typeInto(password, 'ab1');
    expect(errorOf(password)).to.equal(eng.register_less);
    typeInto(password, '');
    expect(errorOf(password)).to.equal(eng.register_passblank);
    typeInto(password, 'abcdef');
    expect(errorOf(password)).to.equal(eng.register_pass_rule);
    typeInto(password, 'secret1');
    expect(errorOf(password)).to.equal('');

    typeInto(confirmation, 'secret2');
    expect(errorOf(confirmation)).to.equal(eng.register_inconsistent);
    typeInto(confirmation, 'secret1');
    expect(errorOf(confirmation)).to.equal('');
    typeInto(password, 'secret12');
    expect(errorOf(confirmation), 'changing the password re-checks the confirmation').to.equal(eng.register_inconsistent);

    typeInto(code, 'X');
    typeInto(code, '');
    expect(errorOf(code)).to.equal(eng.register_referral_blank);
    form.unmount();
  });

  it('checks every field on submit, sends nothing and focuses the first problem', async () => {
    stub = stubFetch(() => ok(null));
    const form = mountScreen(<RegisterForm />);
    const { username, password, code } = fields(form.host);
    buttonNamed(form.host, eng.register_submit).click();
    await waitFor(() => errorOf(username) !== '', 'the messages');
    expect(errorOf(username)).to.equal(eng.register_nickblank);
    expect(errorOf(password)).to.equal(eng.register_passblank);
    expect(errorOf(code)).to.equal(eng.register_referral_blank);
    await waitFor(() => document.activeElement === username, 'the focus');
    expect(stub.calls).to.have.length(0);
    form.unmount();
  });

  it('prefills the referral code from ?code= in the address', async () => {
    const address = location.href;
    history.replaceState(null, '', '?code=INVITE42');
    try {
      const form = mountScreen(<RegisterForm />);
      await waitFor(() => fields(form.host).code.value === 'INVITE42', 'the code from the address');
      // The field says where a code comes from, read with the field by a screen reader.
      const code = fields(form.host).code;
      const hint = form.host.querySelector(`#${CSS.escape(code.getAttribute('aria-describedby') ?? '')}`);
      expect(hint?.textContent).to.equal(eng.register_referral_hint);
      form.unmount();
    } finally {
      history.replaceState(null, '', address);
    }
  });

  it("sends the original app's fields with countries_id 1 and starts the session", async () => {
    stub = stubFetch(() => ok({ token: 'token-r', user: { id: 12, username: 'member01' } }, { message: 'Registration successful' }));
    const form = mountScreen(<RegisterForm />);
    fillValid(form.host);
    buttonNamed(form.host, eng.register_submit).click();
    await waitFor(() => statusText(form.host) === eng.register_success, 'the success message');
    const call = stub.calls[0];
    expect(call?.path).to.equal('/v1/register');
    expect(Object.fromEntries(call?.form ?? [])).to.deep.equal({
      username: 'member01',
      password: 'secret1',
      password_confirmation: 'secret1',
      parent_code: 'SOLAR1',
      countries_id: '1',
    });
    expect($token.get()).to.equal('token-r');
    expect(buttonNamed(form.host, eng.register_submit).disabled, 'no second registration').to.equal(true);
    form.unmount();
  });

  it('"Find no such referrer." shows register_error2 once, under the code, which keeps what was typed, selected', async () => {
    stub = stubFetch(() =>
      refuse(404, 'referrer_not_found', 'Find no such referrer.', { errors: { parent_code: ['Find no such referrer.'] } }),
    );
    const form = mountScreen(<RegisterForm />);
    fillValid(form.host);
    const { code, username } = fields(form.host);
    const typed = code.value;
    buttonNamed(form.host, eng.register_submit).click();
    await waitFor(() => errorOf(code) === eng.register_error2, 'the referrer message');
    expect(form.host.textContent?.split(eng.register_error2)).to.have.length(2);
    expect(code.value).to.equal(typed);
    expect(username.value).to.not.equal('');
    await waitFor(() => document.activeElement === code, 'the focus');
    expect([code.selectionStart, code.selectionEnd]).to.deep.equal([0, typed.length]);
    expect($token.get()).to.equal('');
    form.unmount();
  });

  it('a taken name shows register_name_taken; a validation failure register_error', async () => {
    let reply = refuse(409, 'username_taken', 'name has been registered');
    stub = stubFetch(() => reply);
    const form = mountScreen(<RegisterForm />);
    fillValid(form.host);
    buttonNamed(form.host, eng.register_submit).click();
    await waitFor(() => errorOf(fields(form.host).username) === eng.register_name_taken, 'the name-taken message');
    expect(form.host.textContent?.split(eng.register_name_taken)).to.have.length(2);

    reply = refuse(422, 'validation', 'Parameter validation error.', { errors: { username: ['too long'] } });
    buttonNamed(form.host, eng.register_submit).click();
    await waitFor(() => alertText(form.host) === eng.register_error, 'the validation message');
    expect(fields(form.host).code.value, 'the code stays').to.equal('SOLAR1');
    form.unmount();
  });

  it('keeps what was typed before the screen hydrated (a slow phone, a fast visitor)', async () => {
    stub = stubFetch(() => ok({ token: 'token-early', user: { id: 13, username: 'early01' } }));
    const rendered = mountScreen(<RegisterForm />);
    const serverHtml = rendered.host.innerHTML;
    rendered.unmount();
    const host = document.createElement('div');
    host.innerHTML = serverHtml;
    document.body.append(host);
    const { username, password, confirmation, code } = fields(host);
    username.value = 'early01';
    password.value = 'secret1';
    confirmation.value = 'secret1';
    code.value = 'SOLAR1';
    let root: Root | undefined;
    act(() => {
      root = hydrateRoot(
        host,
        <I18nProvider value={createI18n('eng', eng)}>
          <RegisterForm />
        </I18nProvider>,
      );
    });
    buttonNamed(host, eng.register_submit).click();
    await waitFor(() => stub?.calls.length === 1, 'the request');
    expect(stub.calls[0]?.form.get('username')).to.equal('early01');
    expect(stub.calls[0]?.form.get('parent_code')).to.equal('SOLAR1');
    act(() => root?.unmount());
    host.remove();
  });
});

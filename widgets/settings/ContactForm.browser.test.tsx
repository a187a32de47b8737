/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import zhs from '../../locales/zhs.json';
import { ok, refuse, stubFetch, typeInto, waitFor } from '../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, errorOf, inputLabelled, mountScreen, statusText } from '../../tests/helpers/mount.tsx';
import { endSession, startSession } from '../core/session.ts';
import { ContactForm, contactProblems } from './ContactForm.tsx';

const member = { id: 7, username: 'member01' };
const record = (status: string) => ({ ...member, phone: '+886 912 345 678', email: 'lin@example.com', verification_status: status });

describe('ContactForm', () => {
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

  it('checks the number, the address and the password before sending anything', () => {
    expect(contactProblems({ phone: 'call me', email: 'lin@', password: '' })).to.deep.equal({
      phone: 'contact_phone_invalid',
      email: 'contact_email_invalid',
      password: 'contact_password_blank',
    });
    expect(contactProblems({ phone: ' +886 987 654 321 ', email: 'new@example.com', password: 'secret1' })).to.deep.equal({});
  });

  it('shows the verified details, sends the change with the password, and says it is saved', async () => {
    stub = stubFetch((call) => (call.method === 'GET' ? ok(record('approved')) : ok(null)));
    const form = mountScreen(<ContactForm />);
    await waitFor(() => form.host.querySelector('form') !== null, 'the form');
    const phone = inputLabelled(form.host, eng.contact_phone);
    expect(phone.value).to.equal('+886 912 345 678');
    expect(inputLabelled(form.host, eng.contact_email).value).to.equal('lin@example.com');

    // Unchanged: nothing is sent.
    typeInto(inputLabelled(form.host, eng.contact_password), 'secret1');
    buttonNamed(form.host, eng.contact_submit).click();
    await waitFor(() => statusText(form.host) === eng.contact_unchanged, 'the unchanged message');
    expect(stub.calls.filter((call) => call.method === 'PUT')).to.have.length(0);

    typeInto(phone, '+886 987 654 321');
    buttonNamed(form.host, eng.contact_submit).click();
    await waitFor(() => statusText(form.host) === eng.contact_success, 'the saved message');
    const put = stub.calls.find((call) => call.method === 'PUT');
    expect(put?.path).to.equal('/v1/user/contact/7');
    expect(Object.fromEntries(put?.form ?? [])).to.deep.equal({ phone: '+886 987 654 321', email: 'lin@example.com', password: 'secret1' });
    expect(inputLabelled(form.host, eng.contact_password).value).to.equal('');
    form.unmount();
  });

  it('puts a wrong password at its field and a bad number at its field, keeping what was typed', async () => {
    stub = stubFetch((call) =>
      call.method === 'GET' ? ok(record('approved')) : refuse(422, 'password_wrong', 'The password is incorrect.'),
    );
    const form = mountScreen(<ContactForm />);
    await waitFor(() => form.host.querySelector('form') !== null, 'the form');
    typeInto(inputLabelled(form.host, eng.contact_email), 'new@example.com');
    typeInto(inputLabelled(form.host, eng.contact_password), 'wrong12');
    buttonNamed(form.host, eng.contact_submit).click();
    await waitFor(() => alertText(form.host) === eng.contact_password_wrong, 'the wrong-password alert');
    expect(errorOf(inputLabelled(form.host, eng.contact_password))).to.equal(eng.contact_password_wrong);
    expect(inputLabelled(form.host, eng.contact_email).value).to.equal('new@example.com');

    typeInto(inputLabelled(form.host, eng.contact_phone), '12');
    buttonNamed(form.host, eng.contact_submit).click();
    await waitFor(() => errorOf(inputLabelled(form.host, eng.contact_phone)) === eng.contact_phone_invalid, 'the phone error');
    expect(stub.calls.filter((call) => call.method === 'PUT')).to.have.length(1);
    form.unmount();
  });

  it('before approval, says the verification form is where they change, in the member’s language', async () => {
    stub = stubFetch(() => ok(record('pending')));
    const form = mountScreen(<ContactForm />, 'zhs', zhs);
    await waitFor(() => (form.host.textContent ?? '').includes(zhs.contact_not_verified), 'the not-verified note');
    expect(form.host.querySelector('form')).to.equal(null);
    expect(form.host.querySelector('h2')?.textContent).to.equal(zhs.contact_title);
    form.unmount();
  });
});

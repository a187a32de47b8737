/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import zhs from '../../../../locales/zhs.json';
import { axeViolations } from '../../../../tests/helpers/axe.ts';
import { ok, refuse, stubFetch, typeInto, waitFor } from '../../../../tests/helpers/fetch-stub.ts';
import { mountScreen } from '../../../../tests/helpers/mount.tsx';
import { AlertSettings } from './AlertSettings.tsx';
import { $operatorToken } from '../../shared/operator-session.ts';

const saved = { emails: '', email_languages: {}, webhook_url: '', webhook_secret_set: false, email_available: false };
const input = (host: HTMLElement, name: string) => host.querySelector<HTMLInputElement>(`input[name="${name}"]`) as HTMLInputElement;
const submit = (host: HTMLElement) => act(() => host.querySelector<HTMLButtonElement>('button[type="submit"]')?.click());

describe('AlertSettings (Settings, administrators)', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => $operatorToken.set(`op.${'e'.repeat(43)}`));
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
  });

  it('says e-mail needs a mail server, refuses wrong addresses before sending, and shows a new signing secret once', async () => {
    stub = stubFetch((call) => {
      if (call.method === 'GET') return ok(saved);
      if (call.form.get('emails') === 'boss@shop.example')
        return refuse(422, 'validation', 'Parameter validation error.', { errors: { emails: ['Give up to 5 e-mail addresses'] } });
      return ok({
        emails: call.form.get('emails'),
        email_languages: call.form.get('email_languages[desk@shop.example]') === 'eng' ? { 'desk@shop.example': 'eng' } : {},
        webhook_url: call.form.get('webhook_url'),
        webhook_secret_set: true,
        email_available: false,
        webhook_secret: 'whsec_made-this-once',
      });
    });
    const page = mountScreen(<AlertSettings />, 'zhs', zhs);
    await waitFor(() => input(page.host, 'emails') !== null, 'the form');
    expect(page.host.textContent).to.contain(zhs.admin_alerts_no_mail);

    typeInto(input(page.host, 'emails'), 'desk@shop.example, nobody');
    typeInto(input(page.host, 'webhook_url'), 'http://hooks.example/work');
    submit(page.host);
    await waitFor(() => page.host.textContent?.includes(zhs.admin_alerts_webhook_invalid) === true, 'the field errors');
    expect(page.host.textContent).to.contain(zhs.admin_alerts_emails_invalid);
    expect(stub.calls.filter((call) => call.method === 'PUT')).to.have.length(0);
    expect(input(page.host, 'emails').getAttribute('aria-invalid')).to.equal('true');

    typeInto(input(page.host, 'emails'), 'boss@shop.example');
    typeInto(input(page.host, 'webhook_url'), 'https://hooks.example/work');
    submit(page.host);
    await waitFor(() => stub?.calls.some((call) => call.method === 'PUT') === true, 'the refused save');
    await waitFor(() => page.host.textContent?.includes(zhs.admin_alerts_emails_invalid) === true, 'the server’s field error');

    typeInto(input(page.host, 'emails'), 'desk@shop.example');
    // Each address as typed gets its language, all three unless one is chosen.
    const language = () => page.host.querySelector<HTMLSelectElement>('select[name="email_languages[desk@shop.example]"]');
    await waitFor(() => language()?.value === 'all', 'the address’s language');
    act(() => {
      const select = language() as HTMLSelectElement;
      select.value = 'eng';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    submit(page.host);
    await waitFor(() => page.host.querySelector('code')?.textContent === 'whsec_made-this-once', 'the new secret');
    expect(page.host.textContent).to.contain(zhs.admin_alerts_saved);
    const [, saving] = stub.calls.filter((call) => call.method === 'PUT');
    expect(Object.fromEntries(saving?.form ?? [])).to.deep.equal({
      emails: 'desk@shop.example',
      'email_languages[desk@shop.example]': 'eng',
      webhook_url: 'https://hooks.example/work',
    });
    expect(language()?.value, 'the saved language shown').to.equal('eng');
    expect(input(page.host, 'new_secret')).to.not.equal(null);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('sends a test through each channel as saved and says what each did, in words', async () => {
    const results = [
      { email: 'sent', webhook: 'failed', webhook_status: 500 },
      { email: 'not_set', webhook: 'failed', webhook_status: null },
      { email: 'not_set', webhook: 'not_set', webhook_status: null },
    ];
    stub = stubFetch((call) => (call.method === 'GET' ? ok({ ...saved, email_available: true }) : ok(results.shift())));
    const page = mountScreen(<AlertSettings />, 'zhs', zhs);
    await waitFor(() => input(page.host, 'emails') !== null, 'the form');
    const test = () =>
      act(() =>
        [...page.host.querySelectorAll<HTMLButtonElement>('button')]
          .find((button) => button.textContent === zhs.admin_alerts_test)
          ?.click(),
      );
    const message = () => page.host.querySelector('[role="alert"], [role="status"]')?.textContent ?? '';

    test();
    await waitFor(() => message().includes(zhs.admin_alerts_test_email_sent), 'the first test');
    expect(message()).to.contain(zhs.admin_alerts_test_webhook_failed.replace('{{status}}', '500'));
    expect(stub.calls.find((call) => call.method === 'POST')?.path).to.equal('/admin/v1/alerts/test');
    test();
    await waitFor(
      () => message().includes(zhs.admin_alerts_test_webhook_failed.replace('{{status}}', zhs.admin_alerts_test_no_answer)),
      'no answer',
    );
    test();
    await waitFor(() => message() === zhs.admin_alerts_test_nothing, 'nothing to test');
    expect(stub.calls.filter((call) => call.method === 'PUT')).to.have.length(0);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });
});

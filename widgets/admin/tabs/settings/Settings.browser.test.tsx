/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../../../locales/eng.json';
import zht from '../../../../locales/zht.json';
import { axeViolations } from '../../../../tests/helpers/axe.ts';
import { fail, ok, refuse, stubFetch, typeInto, waitFor } from '../../../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, errorOf, inputLabelled, mountScreen, statusText } from '../../../../tests/helpers/mount.tsx';
import { AdminApp } from '../../AdminApp.tsx';
import type { OperatorMe } from '../../shared/operator-me.ts';
import { $operatorToken } from '../../shared/operator-session.ts';
import { Settings } from './Settings.tsx';
import { zoneLabel } from '../../shared/time-zone-names.ts';

const operatorToken = `op.${'d'.repeat(43)}`;
const saved = { interest_rate: 3, operator_fee_percent: 10, business_time_zone: 'Asia/Shanghai', business_time_zone_next: null };
const administrator: OperatorMe = {
  id: 1,
  username: 'ops',
  role: 'administrator',
  two_factor: true,
  two_factor_required: false,
  recovery_codes_left: 10,
  stage: 'signed_in',
};

/** The Settings tab's API: its own answers, and the alert settings the tab also shows (AlertSettings.tsx). */
const alerts = { emails: '', email_languages: {}, webhook_url: '', webhook_secret_set: false, email_available: false };
const settingsApi = (answer: Parameters<typeof stubFetch>[0]) =>
  stubFetch((call) => (call.path === '/admin/v1/alerts' ? ok(alerts) : answer(call)));

describe('Settings (the back office)', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => $operatorToken.set(operatorToken));
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
  });

  it('is a tab of its own; a bad rate is told under the field and nothing is sent', async () => {
    stub = settingsApi((call) => {
      if (call.path === '/admin/v1/settings') return ok(saved);
      if (call.path === '/admin/v1/me') return ok(administrator);
      if (call.path === '/admin/v1/dashboard') return fail(503, 'Service unavailable');
      return ok({ current_page: 1, last_page: 1, data: [] });
    });
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_settings).click());
    await waitFor(() => page.host.querySelector('#gs-settings-rate') !== null, 'the settings form');
    const rate = inputLabelled(page.host, eng.admin_settings_rate);
    expect(rate.value).to.equal('3');
    expect((page.host.querySelector('#gs-settings-zone') as HTMLSelectElement).value).to.equal('Asia/Shanghai');
    typeInto(rate, '3.125');
    await waitFor(() => !buttonNamed(page.host, eng.admin_settings_save).disabled, 'the form hydrated');
    act(() => buttonNamed(page.host, eng.admin_settings_save).click());
    await waitFor(() => errorOf(rate) === eng.admin_settings_percent_invalid, 'the rate refused');
    expect(stub.calls.some((call) => call.method === 'PUT')).to.equal(false);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('a fee change asks for a reason before it is sent, then sends it with the reason', async () => {
    stub = settingsApi((call) => {
      if (call.method === 'PUT') return ok({ ...saved, operator_fee_percent: Number(call.form.get('operator_fee_percent')) });
      return ok(saved);
    });
    const page = mountScreen(<Settings />);
    await waitFor(() => page.host.querySelector('#gs-settings-fee') !== null, 'the settings form');
    expect(page.host.querySelector('#gs-settings-reason')).to.equal(null);
    typeInto(inputLabelled(page.host, eng.admin_settings_fee), '12.5');
    const reason = inputLabelled(page.host, eng.admin_change_reason);
    await waitFor(() => !buttonNamed(page.host, eng.admin_settings_save).disabled, 'the form hydrated');
    act(() => buttonNamed(page.host, eng.admin_settings_save).click());
    await waitFor(() => errorOf(reason) === eng.admin_reason_needed, 'the reason asked for');
    expect(stub.calls.some((call) => call.method === 'PUT')).to.equal(false);

    typeInto(reason, 'New hosting contract');
    act(() => buttonNamed(page.host, eng.admin_settings_save).click());
    await waitFor(() => statusText(page.host) === eng.admin_settings_saved, 'saved');
    const sent = stub.calls.find((call) => call.method === 'PUT');
    expect(sent?.form.get('operator_fee_percent')).to.equal('12.5');
    expect(sent?.form.get('reason')).to.equal('New hosting contract');
    // Saved: the fee is the new one and the reason field goes away.
    expect(page.host.querySelector('#gs-settings-reason')).to.equal(null);
    page.unmount();
  });

  it('a zone change asks for a reason, lists UTC, and then says from which business day the new zone counts', async () => {
    stub = settingsApi((call) =>
      call.method === 'PUT'
        ? ok({ ...saved, business_time_zone_next: { time_zone: String(call.form.get('business_time_zone')), from_date: '2026-11-29' } })
        : ok(saved),
    );
    const page = mountScreen(<Settings />);
    await waitFor(
      () => page.host.querySelector('#gs-settings-zone') !== null && !buttonNamed(page.host, eng.admin_settings_save).disabled,
      'the settings form',
    );
    const select = page.host.querySelector('#gs-settings-zone') as HTMLSelectElement;
    expect(select.options[0]?.value).to.equal('UTC');
    // Each zone is named with its offset and its name in the operator's language, its id telling alike names apart.
    expect(select.selectedOptions[0]?.textContent).to.equal(zoneLabel('Asia/Shanghai', 'eng'));
    expect(select.selectedOptions[0]?.textContent).to.match(/^\(UTC\+08:00\) .+ · Asia\/Shanghai$/);
    expect(page.host.querySelector('#gs-settings-zone-hint')?.textContent).to.contain(
      eng.admin_settings_zone_now.replace('{{zone}}', zoneLabel('Asia/Shanghai', 'eng')),
    );
    expect(page.host.querySelector('#gs-settings-reason')).to.equal(null);
    act(() => {
      select.value = 'Africa/Abidjan';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const reason = inputLabelled(page.host, eng.admin_change_reason);
    act(() => buttonNamed(page.host, eng.admin_settings_save).click());
    await waitFor(() => errorOf(reason) === eng.admin_reason_needed, 'the reason asked for');
    expect(stub.calls.some((call) => call.method === 'PUT')).to.equal(false);

    typeInto(reason, 'Moving the hosting');
    act(() => buttonNamed(page.host, eng.admin_settings_save).click());
    await waitFor(() => statusText(page.host) === eng.admin_settings_saved, 'saved');
    const sent = stub.calls.find((call) => call.method === 'PUT');
    expect(sent?.form.get('business_time_zone')).to.equal('Africa/Abidjan');
    expect(sent?.form.get('reason')).to.equal('Moving the hosting');
    expect(page.host.querySelector('#gs-settings-zone-hint')?.textContent).to.contain(
      eng.admin_settings_zone_next.replace('{{date}}', '2026-11-29').replace('{{zone}}', zoneLabel('Africa/Abidjan', 'eng')),
    );
    // The waiting zone is the one shown; saving it again needs no reason.
    expect(select.value).to.equal('Africa/Abidjan');
    expect(page.host.querySelector('#gs-settings-reason')).to.equal(null);
    page.unmount();
  });

  it('a refused time zone is told under its field, in the operator’s language', async () => {
    stub = settingsApi((call) =>
      call.method === 'PUT'
        ? refuse(422, 'time_zone_unknown', 'Parameter validation error.', { errors: { business_time_zone: ['Unknown time zone.'] } })
        : ok(saved),
    );
    const page = mountScreen(<Settings />, 'zht', zht);
    // The save button is enabled once the form has hydrated; a click before then would do nothing.
    await waitFor(
      () => page.host.querySelector('#gs-settings-zone') !== null && !buttonNamed(page.host, zht.admin_settings_save).disabled,
      'the settings form',
    );
    act(() => buttonNamed(page.host, zht.admin_settings_save).click());
    await waitFor(
      () => page.host.querySelector('#gs-settings-zone-error')?.textContent === zht.refusal_time_zone_unknown,
      'the zone refused',
    );
    expect(alertText(page.host)).to.equal('');
    page.unmount();
  });
});

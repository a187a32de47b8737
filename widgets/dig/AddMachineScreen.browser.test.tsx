/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { fail, ok, refuse, stubFetch, typeInto, waitFor, type Reply } from '../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, errorOf, inputLabelled, mountScreen, statusText } from '../../tests/helpers/mount.tsx';
import { $user, endSession, startSession } from '../core/session.ts';
import { AddMachineScreen } from './AddMachineScreen.tsx';

const bound = { id: 4, serial_number: 'GS-0004', status: 'offline', updated_at: '2026-11-20T08:30:00Z', engine_room_id: 1 };

function machineServer(bind: () => Reply) {
  return stubFetch((call) => {
    if (call.path === '/v1/device' && call.method === 'POST') return bind();
    if (call.path === '/v1/check') return ok({ id: 7, username: 'member01', devices: [bound] });
    return fail(404, 'Not found');
  });
}

describe('AddMachineScreen', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => {
    act(() => startSession('token-7', { id: 7, username: 'member01' }));
  });
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    endSession();
    localStorage.clear();
  });

  it('an empty serial gives dig_serial and sends nothing', async () => {
    stub = machineServer(() => fail(500, 'unexpected'));
    const page = mountScreen(<AddMachineScreen />);
    await waitFor(() => !buttonNamed(page.host, eng.dig_submit).disabled, 'the form');
    const input = inputLabelled(page.host, eng.dig_serial_label);
    typeInto(input, '   ');
    act(() => buttonNamed(page.host, eng.dig_submit).click());
    await waitFor(() => errorOf(input) === eng.dig_serial, "the original app's message");
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(stub.calls.filter((call) => call.method === 'POST')).to.have.length(0);
    page.unmount();
  });

  it('binds the machine, says so, and refreshes the member so /dig shows it', async () => {
    stub = machineServer(() => ({ status: 201, body: { status: 1, code: 1, message: 'Machine added', detail: bound } }));
    const page = mountScreen(<AddMachineScreen />);
    await waitFor(() => !buttonNamed(page.host, eng.dig_submit).disabled, 'the form');
    typeInto(inputLabelled(page.host, eng.dig_serial_label), ' gs-0004 ');
    act(() => buttonNamed(page.host, eng.dig_submit).click());
    await waitFor(() => statusText(page.host).includes(eng.dig_add_success), 'the success message');
    const post = stub.calls.find((call) => call.method === 'POST');
    expect(post?.path).to.equal('/v1/device');
    expect(post?.form.get('serial')).to.equal('gs-0004');
    expect(post?.authorization).to.equal('Bearer token-7');
    await waitFor(() => Array.isArray($user.get()?.devices) && ($user.get()?.devices as unknown[]).length === 1, 'the refreshed user');
    expect(inputLabelled(page.host, eng.dig_serial_label).value).to.equal('');
    page.unmount();
  });

  for (const [status, code, message, key] of [
    [404, 'device_serial_unknown', 'Unknown serial number', 'dig_serial_not_found'],
    [409, 'device_bound_elsewhere', 'This machine is bound to another account', 'dig_serial_taken'],
    [409, 'device_retired', 'This machine has been retired', 'refusal_device_retired'],
    [422, 'validation', 'Parameter validation error.', 'dig_serial_invalid'],
    [503, 'service_unavailable', 'Service unavailable', 'dig_add_fail'],
  ] as const) {
    it(`a ${status} ${code} refusal shows ${key}`, async () => {
      stub = machineServer(() => refuse(status, code, message));
      const page = mountScreen(<AddMachineScreen />);
      await waitFor(() => !buttonNamed(page.host, eng.dig_submit).disabled, 'the form');
      typeInto(inputLabelled(page.host, eng.dig_serial_label), 'GS-9999');
      act(() => buttonNamed(page.host, eng.dig_submit).click());
      await waitFor(() => alertText(page.host) === eng[key], key);
      expect(statusText(page.host)).to.not.contain(eng.dig_add_success);
      page.unmount();
    });
  }
});

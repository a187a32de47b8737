/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../../../locales/eng.json';
import zht from '../../../../locales/zht.json';
import { axeViolations } from '../../../../tests/helpers/axe.ts';
import { ok, fail, refuse, stubFetch, typeInto, waitFor, type RecordedCall, type Reply } from '../../../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, errorOf, inputLabelled, mountScreen, statusText } from '../../../../tests/helpers/mount.tsx';
import { AdminApp } from '../../AdminApp.tsx';
import type { Machine } from '../../../../contract/api/devices.ts';
import { Machines } from './Machines.tsx';
import { $operatorToken } from '../../shared/operator-session.ts';

const operatorToken = `op.${'c'.repeat(43)}`;
const paged = (data: unknown[]) => ok({ current_page: 1, last_page: 1, per_page: 15, total: data.length, data });
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
const roomNames = { zhs: '台南太阳能园区 A', zht: '臺南太陽能園區 A', eng: 'Tainan Solar Park A' };
const working: Machine = {
  id: 2,
  serial_number: 'GS-0002',
  engine_room_id: 1,
  engine_room_name: 'Tainan Solar Park A',
  engine_room_names: roomNames,
  user_id: 7,
  username: 'member07',
  status: 'online',
  bound_at: '2026-11-02T10:00:00.000Z',
  last_heartbeat_at: '2026-11-23T10:00:00.000Z',
  created_at: '2026-11-01T10:00:00.000Z',
  retired_at: null,
  retired_reason: null,
};
const broken: Machine = {
  ...working,
  id: 1,
  serial_number: 'GS-0001',
  user_id: null,
  username: null,
  bound_at: null,
  status: 'offline',
  last_heartbeat_at: null,
  retired_at: '2026-11-20T10:00:00.000Z',
  retired_reason: 'Cracked panel',
};
const rooms = [{ id: 1, name: 'Tainan Solar Park A', names: roomNames }];

describe('Machines (the back office)', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => $operatorToken.set(operatorToken));
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
    localStorage.clear();
  });

  function machineApi(extra: (call: RecordedCall) => Reply | undefined = () => undefined) {
    return stubFetch((call) => {
      const answer = extra(call);
      if (answer !== undefined) return answer;
      if (call.path === '/v1/engineRoom') return ok(rooms);
      if (call.path === '/admin/v1/devices' && call.method === 'GET')
        return paged(call.query.get('filter') === 'retired' ? [broken] : [working, broken]);
      return fail(404, 'Not found');
    });
  }

  it('lists the inventory under its own tab: serial, room, member, status, last report and retirement; filters on the server', async () => {
    stub = machineApi();
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_machines).click());
    await waitFor(() => page.host.textContent?.includes('GS-0002') === true, 'the machines');
    const rows = [...page.host.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent?.trim()));
    expect(rows[0]?.slice(0, 4)).to.deep.equal(['GS-0002', 'Tainan Solar Park A', 'member07', eng.admin_machines_online]);
    expect(rows[0]?.[5]).to.equal(eng.admin_machines_in_service);
    expect(rows[1]?.slice(0, 5)).to.deep.equal([
      'GS-0001',
      'Tainan Solar Park A',
      eng.admin_machines_unbound,
      eng.admin_machines_retired,
      eng.admin_machines_never,
    ]);
    expect(rows[1]?.[5]).to.contain('Cracked panel');
    // Only machines in service can be retired; the button is described by its serial.
    const retireButtons = [...page.host.querySelectorAll('tbody button')];
    expect(retireButtons).to.have.length(1);
    expect(document.getElementById(retireButtons[0]?.getAttribute('aria-describedby') ?? '')?.textContent).to.equal('GS-0002');
    expect(stub.calls.find((call) => call.path === '/admin/v1/devices')?.authorization).to.equal(`Bearer ${operatorToken}`);

    act(() => buttonNamed(page.host, eng.admin_machines_retired).click());
    await waitFor(() => page.host.querySelectorAll('tbody tr').length === 1, 'the retired machines');
    expect(stub.calls.at(-1)?.query.get('filter')).to.equal('retired');
    expect(buttonNamed(page.host, eng.admin_machines_retired).getAttribute('aria-pressed')).to.equal('true');
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('adds a machine: blanks and a taken serial are told under the field; the secret is shown once with a warning and a copy button', async () => {
    stub = machineApi((call) => {
      if (call.path !== '/admin/v1/devices' || call.method !== 'POST') return undefined;
      if (call.form.get('serial') === 'GS-0002')
        return refuse(409, 'device_serial_taken', 'A machine with this serial number already exists');
      return ok({ ...working, id: 3, serial_number: 'GS-0003', username: null, user_id: null, secret: 'S3cret-once-only' }, {});
    });
    const page = mountScreen(<Machines />);
    await waitFor(() => page.host.textContent?.includes('GS-0002') === true, 'the machines');
    await waitFor(() => page.host.querySelectorAll('#gs-machine-room option').length === 1, 'the rooms');
    const serial = inputLabelled(page.host, eng.admin_machines_serial);
    const add = [...page.host.querySelectorAll<HTMLButtonElement>('button[type="submit"]')].find(
      (button) => button.textContent === eng.admin_machines_add,
    );
    if (add === undefined) throw new Error('no add button');

    act(() => add.click());
    await waitFor(() => errorOf(serial) === eng.admin_machines_serial_needed, 'the blank serial');
    expect(serial.getAttribute('aria-invalid')).to.equal('true');
    expect(stub.calls.some((call) => call.method === 'POST')).to.equal(false);

    typeInto(serial, 'GS-0002');
    act(() => add.click());
    await waitFor(() => errorOf(serial) === eng.refusal_device_serial_taken, 'the taken serial');

    typeInto(serial, ' GS-0003 ');
    act(() => add.click());
    await waitFor(() => page.host.textContent?.includes('S3cret-once-only') === true, 'the secret');
    const sent = stub.calls.filter((call) => call.method === 'POST').at(-1);
    expect(sent?.form.get('serial')).to.equal('GS-0003');
    expect(sent?.form.get('engine_room_id')).to.equal('1');
    expect(page.host.textContent).to.contain(eng.admin_machines_secret_warning);
    expect(statusText(page.host)).to.contain(fill(eng.admin_machines_added, { serial: 'GS-0003' }));
    // The secret's heading takes the focus, so a keyboard or screen-reader user lands on it.
    const secretHeading = fill(eng.admin_machines_secret, { serial: 'GS-0003' });
    await waitFor(() => document.activeElement?.textContent === secretHeading, 'the focus on the secret');
    expect(serial.value).to.equal('');
    act(() => buttonNamed(page.host, eng.admin_copy).click());
    await waitFor(() => [eng.admin_copied, eng.admin_copy_failed].some((text) => statusText(page.host).includes(text)), 'the copy');
    expect(await axeViolations(page.host)).to.deep.equal([]);
    act(() => buttonNamed(page.host, eng.admin_machines_secret_done).click());
    expect(page.host.textContent).not.to.contain('S3cret-once-only');
    page.unmount();
  });

  it('retires a machine only with a reason, in a panel that takes the focus, and words a refusal by its code', async () => {
    let refuseNext = true;
    stub = machineApi((call) => {
      if (call.path !== '/admin/v1/devices/2/retire') return undefined;
      if (refuseNext) {
        refuseNext = false;
        return refuse(409, 'device_retired', 'This machine has been retired');
      }
      return ok({ ...working, retired_at: '2026-11-23T11:00:00.000Z', retired_reason: 'Sold' });
    });
    const page = mountScreen(<Machines />);
    await waitFor(() => page.host.textContent?.includes('GS-0002') === true, 'the machines');
    act(() => buttonNamed(page.host, eng.admin_machines_retire).click());
    await waitFor(() => page.host.querySelector('legend') !== null, 'the retire panel');
    expect(page.host.querySelector('legend')?.textContent).to.equal(fill(eng.admin_machines_retiring, { serial: 'GS-0002' }));
    const reason = inputLabelled(page.host, eng.admin_machines_retire_reason);
    await waitFor(() => document.activeElement === reason, 'the focus');
    const confirm = page.host.querySelector<HTMLButtonElement>('fieldset button[type="submit"]');
    if (confirm === null) throw new Error('no confirm button');

    act(() => confirm.click());
    await waitFor(() => alertText(page.host).includes(eng.admin_reason_needed), 'the reason notice');
    expect(stub.calls.some((call) => call.method === 'POST')).to.equal(false);

    typeInto(reason, 'Sold');
    act(() => confirm.click());
    await waitFor(() => alertText(page.host).includes(eng.refusal_device_retired), 'the refusal');
    act(() => confirm.click());
    await waitFor(() => statusText(page.host).includes(fill(eng.admin_machines_retired_done, { serial: 'GS-0002' })), 'the retirement');
    expect(
      stub.calls
        .filter((call) => call.method === 'POST')
        .at(-1)
        ?.form.get('reason'),
    ).to.equal('Sold');
    expect(page.host.querySelector('legend')).to.equal(null);
    page.unmount();
  });

  it('reads in traditional Chinese, with the room’s own name', async () => {
    stub = machineApi();
    const page = mountScreen(<Machines />, 'zht', zht);
    await waitFor(() => page.host.textContent?.includes('GS-0002') === true, 'the machines');
    expect(page.host.querySelector('h2')?.textContent).to.equal('機器');
    expect(page.host.querySelector('tbody td')?.textContent).to.equal(roomNames.zht);
    expect(page.host.textContent).to.contain(zht.admin_machines_retired);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  check,
  expectFailure,
  expectRateLimited,
  expectSuccess,
  registerMember,
  send,
  validationMessage,
} from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import {
  boundElsewhereMessage,
  deviceRetiredMessage,
  duplicateSerialMessage,
  heartbeatsPerMinuteMax,
  unknownSerialMessage,
} from './devices.service.ts';

interface NewDevice {
  id: number;
  serial_number: string;
  engine_room_id: number;
  user_id: number | null;
  status: string;
  secret: string;
}

interface Device {
  id: number;
  serial_number: string;
  status: 'online' | 'offline';
  updated_at: string;
  last_heartbeat_at: string | null;
  engine_room_id: number;
  retired: boolean;
}

interface InventoryDevice {
  id: number;
  serial_number: string;
  username: string | null;
  engine_room_name: string;
  engine_room_names: Record<string, string>;
  status: string;
  retired_at: string | null;
  retired_reason: string | null;
}

const uniqueSerial = () => `GS-${randomBytes(4).toString('hex').toUpperCase()}`;

describe.each(databaseKinds())('machines on %s', (kind) => {
  let testApp: TestApp;
  let operator: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    operator = await operatorToken(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const addDevice = (body: Record<string, unknown>, token = operator) => send(testApp.app, 'POST', 'admin/v1/devices', { token, body });
  const newDevice = async (serial = uniqueSerial(), room = 1) =>
    expectSuccess(await addDevice({ serial, engine_room_id: room }), 201) as NewDevice;
  const bind = (token: string | undefined, serial: string) => send(testApp.app, 'POST', 'v1/device', { token, body: { serial } });
  const beat = (serial: string, secret: string, token?: string) =>
    send(testApp.app, 'POST', 'v1/device/heartbeat', { body: { serial, secret }, ...(token === undefined ? {} : { token }) });
  const devicesOf = async (token: string) => (expectSuccess(await check(testApp.app, token)) as { devices: Device[] }).devices;

  it('an operator adds a machine and sees its secret once; only a hash is stored, and the audit log has no secret', async () => {
    const serial = uniqueSerial();
    const device = await newDevice(serial, 2);
    expect(device).toMatchObject({ serial_number: serial, engine_room_id: 2, user_id: null, status: 'offline' });
    expect(device.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const stored = await testApp.database.db
      .selectFrom('devices')
      .select('secret_hash')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.secret_hash).not.toContain(device.secret);

    const inventory = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/devices', { token: operator })) as {
      data: Record<string, unknown>[];
    };
    const listed = inventory.data.find((row) => row.id === device.id);
    expect(listed).toMatchObject({ serial_number: serial, user_id: null });
    expect(listed).not.toHaveProperty('secret');

    const audit = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/audit', { token: operator })) as {
      data: { action: string; subject_id: string; after: unknown }[];
    };
    const entry = audit.data.find((row) => row.action === 'device.create' && row.subject_id === String(device.id));
    expect(entry?.after).toEqual({ serial_number: serial, engine_room_id: 2 });
    expect(JSON.stringify(audit)).not.toContain(device.secret);
  });

  it('refuses a duplicate serial whatever its case (409), an unknown room (422) and bad input, adding nothing', async () => {
    const serial = uniqueSerial();
    await newDevice(serial);
    expect(expectFailure(await addDevice({ serial: serial.toLowerCase(), engine_room_id: 1 }), 409).message).toBe(duplicateSerialMessage);
    const unknownRoom = expectFailure(await addDevice({ serial: uniqueSerial(), engine_room_id: 999 }), 422);
    expect(Object.keys(unknownRoom.errors as object)).toEqual(['engine_room_id']);
    for (const body of [
      { serial: '', engine_room_id: 1 },
      { serial: 'ab', engine_room_id: 1 },
      { serial: "x'; drop table devices;--", engine_room_id: 1 },
      { serial: 'x'.repeat(41), engine_room_id: 1 },
      { serial: uniqueSerial() },
      { serial: uniqueSerial(), engine_room_id: 'abc' },
      { serial: uniqueSerial(), engine_room_id: 0 },
    ]) {
      expect(expectFailure(await addDevice(body), 422).message, JSON.stringify(body)).toBe(validationMessage);
    }
    const count = await testApp.database.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(({ fn }) => fn('lower', ['serial_number']), '=', serial.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('a member binds a machine by serial (any case); binding it again is fine; it shows in the user object and GET v1/device', async () => {
    const member = await registerMember(testApp.app);
    expect(await devicesOf(member.token)).toEqual([]);
    const device = await newDevice();
    const bound = expectSuccess(await bind(member.token, ` ${device.serial_number.toLowerCase()} `), 201) as Device;
    expect(bound).toMatchObject({ id: device.id, serial_number: device.serial_number, status: 'offline', engine_room_id: 1 });
    const again = expectSuccess(await bind(member.token, device.serial_number), 200) as Device;
    expect(again.updated_at).toBe(bound.updated_at);

    const devices = await devicesOf(member.token);
    expect(devices).toEqual([bound]);
    expect(Date.now() - new Date(bound.updated_at).getTime()).toBeLessThan(60_000);
    expect(bound.last_heartbeat_at).toBeNull();
    expect(expectSuccess(await send(testApp.app, 'GET', 'v1/device', { token: member.token }))).toEqual([bound]);
    expect(expectSuccess(await send(testApp.app, 'GET', `v1/user/${member.id}`, { token: member.token }))).toMatchObject({
      devices: [bound],
    });
  });

  it('an unknown serial is 404, another member’s machine is 409, and neither changes an owner', async () => {
    const owner = await registerMember(testApp.app);
    const other = await registerMember(testApp.app);
    const device = await newDevice();
    expect(expectFailure(await bind(owner.token, 'NO-SUCH-SERIAL'), 404).message).toBe(unknownSerialMessage);
    expectSuccess(await bind(owner.token, device.serial_number), 201);
    expect(expectFailure(await bind(other.token, device.serial_number), 409).message).toBe(boundElsewhereMessage);
    expect(await devicesOf(other.token)).toEqual([]);
    expect((await devicesOf(owner.token)).map((row) => row.id)).toEqual([device.id]);
    const list = expectSuccess(await send(testApp.app, 'GET', 'v1/device', { token: other.token }));
    expect(list).toEqual([]);
  });

  it('two members racing for one machine: exactly one gets it', async () => {
    const [first, second] = await Promise.all([registerMember(testApp.app), registerMember(testApp.app)]);
    const device = await newDevice();
    const responses = await Promise.all([bind(first.token, device.serial_number), bind(second.token, device.serial_number)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const owners = [...(await devicesOf(first.token)), ...(await devicesOf(second.token))];
    expect(owners.map((row) => row.id)).toEqual([device.id]);
  });

  it('refuses a blank or malformed serial with 422 and the field named', async () => {
    const member = await registerMember(testApp.app);
    for (const serial of ['', '   ', 'a b c d', '<script>', 'x'.repeat(500)]) {
      const body = expectFailure(await bind(member.token, serial), 422);
      expect(Object.keys(body.errors as object), serial).toContain('serial');
    }
    expectFailure(await send(testApp.app, 'POST', 'v1/device', { token: member.token, body: {} }), 422);
  });

  it('a heartbeat with the right secret puts the machine online; after 5 minutes of silence it is offline', async () => {
    const member = await registerMember(testApp.app);
    const device = await newDevice();
    expectSuccess(await bind(member.token, device.serial_number), 201);
    const answer = expectSuccess(await beat(device.serial_number.toLowerCase(), device.secret)) as {
      status: string;
      last_heartbeat_at: string;
    };
    expect(answer.status).toBe('online');
    const [online] = await devicesOf(member.token);
    expect(online).toMatchObject({ status: 'online', updated_at: answer.last_heartbeat_at, last_heartbeat_at: answer.last_heartbeat_at });

    const longAgo = new Date(Date.now() - 5 * 60_000 - 1_000);
    await testApp.database.db.updateTable('devices').set({ last_heartbeat_at: longAgo }).where('id', '=', device.id).execute();
    const [offline] = await devicesOf(member.token);
    expect(offline).toMatchObject({ status: 'offline', updated_at: longAgo.toISOString() });
    const nearly = new Date(Date.now() - 4 * 60_000);
    await testApp.database.db.updateTable('devices').set({ last_heartbeat_at: nearly }).where('id', '=', device.id).execute();
    expect((await devicesOf(member.token))[0]?.status).toBe('online');
  });

  it('a machine not yet bound may report in; a wrong secret or unknown serial is 401 and records nothing', async () => {
    const device = await newDevice();
    const other = await newDevice();
    expectFailure(await beat(device.serial_number, other.secret), 401);
    expectFailure(await beat(device.serial_number, 'x'), 401);
    const heartbeatHits = async () =>
      Number(
        (
          await testApp.database.db
            .selectFrom('rate_limit_hits')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('bucket', 'like', 'device-heartbeat:%')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const hitsBefore = await heartbeatHits();
    for (let attempt = 0; attempt < 20; attempt += 1) expectFailure(await beat(`NO-SUCH-${attempt}`, device.secret), 401);
    // Unknown serials are never limited, so they leave no rows behind either.
    expect(await heartbeatHits()).toBe(hitsBefore);
    expectFailure(await send(testApp.app, 'POST', 'v1/device/heartbeat', { body: { serial: device.serial_number } }), 422);
    const before = await testApp.database.db
      .selectFrom('devices')
      .select('last_heartbeat_at')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(before.last_heartbeat_at).toBeNull();
    // The machine has no member token; a stray one (even an operator's) changes nothing.
    expectSuccess(await beat(device.serial_number, device.secret, operator));
    const after = await testApp.database.db
      .selectFrom('devices')
      .select('last_heartbeat_at')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(after.last_heartbeat_at).not.toBeNull();
  });

  it('heartbeats are limited per serial: past 12 a minute the machine gets 429, right secret or not; other machines go on', async () => {
    const device = await newDevice();
    const neighbour = await newDevice();
    for (let beatNumber = 1; beatNumber < heartbeatsPerMinuteMax; beatNumber += 1)
      expectSuccess(await beat(device.serial_number, device.secret));
    expectFailure(await beat(device.serial_number, 'wrong-guess'), 401);
    expectRateLimited(await beat(device.serial_number.toLowerCase(), device.secret));
    expectRateLimited(await beat(device.serial_number, 'another-guess'));
    expectSuccess(await beat(neighbour.serial_number, neighbour.secret));
  });

  it('members cannot reach the inventory, operators cannot bind or list, and nobody acts without a token', async () => {
    const member = await registerMember(testApp.app);
    const device = await newDevice();
    expectFailure(await addDevice({ serial: uniqueSerial(), engine_room_id: 1 }, member.token), 403);
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/devices', { token: member.token }), 403);
    expectFailure(await send(testApp.app, 'POST', 'admin/v1/devices', { body: { serial: uniqueSerial(), engine_room_id: 1 } }), 401);
    expectFailure(await bind(operator, device.serial_number), 403);
    expectFailure(await send(testApp.app, 'GET', 'v1/device', { token: operator }), 403);
    expectFailure(await bind(undefined, device.serial_number), 401);
    expectFailure(await send(testApp.app, 'GET', 'v1/device'), 401);
    const untouched = await testApp.database.db
      .selectFrom('devices')
      .select('user_id')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(untouched.user_id).toBeNull();
  });

  /** As the operator unless told; null sends no token at all. */
  const retire = (id: number, body: Record<string, unknown>, token: string | null = operator) =>
    send(testApp.app, 'POST', `admin/v1/devices/${id}/retire`, { ...(token === null ? {} : { token }), body });
  const inventory = async (query = '') =>
    expectSuccess(await send(testApp.app, 'GET', `admin/v1/devices${query}`, { token: operator })) as {
      data: InventoryDevice[];
      total: number;
    };

  it('the inventory names each machine’s room and bound member', async () => {
    const member = await registerMember(testApp.app);
    const device = await newDevice(uniqueSerial(), 2);
    expectSuccess(await bind(member.token, device.serial_number), 201);
    const listed = (await inventory()).data.find((row) => row.id === device.id);
    expect(listed).toMatchObject({ username: member.username, retired_at: null, retired_reason: null, status: 'offline' });
    expect(listed?.engine_room_name).toBeTruthy();
    expect(Object.keys(listed?.engine_room_names ?? {})).toContain('zht');
  });

  it('an operator retires a machine with a reason: audited before and after, still listed, refused a heartbeat and a bind', async () => {
    const owner = await registerMember(testApp.app);
    const device = await newDevice();
    const spare = await newDevice();
    expectSuccess(await bind(owner.token, device.serial_number), 201);
    expectSuccess(await beat(device.serial_number, device.secret));

    // A reason is required, and a blank one changes nothing.
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const refused = expectFailure(await retire(device.id, body), 422);
      expect(Object.keys(refused.errors as object), JSON.stringify(body)).toEqual(['reason']);
    }
    expect((await inventory()).data.find((row) => row.id === device.id)?.retired_at).toBeNull();

    const retired = expectSuccess(await retire(device.id, { reason: 'Panel cracked in the storm' })) as InventoryDevice;
    expect(retired).toMatchObject({
      id: device.id,
      status: 'offline',
      retired_reason: 'Panel cracked in the storm',
      username: owner.username,
    });
    expect(retired.retired_at).not.toBeNull();
    expect(expectFailure(await retire(device.id, { reason: 'again' }), 409).error_code).toBe('device_retired');
    expect(expectFailure(await retire(2_000_000_000, { reason: 'no such' }), 404).error_code).toBe('device_not_found');

    const audit = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/audit', { token: operator })) as {
      data: { action: string; subject_id: string; before: Record<string, unknown>; after: Record<string, unknown> }[];
    };
    const entries = audit.data.filter((row) => row.action === 'device.retire' && row.subject_id === String(device.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.before).toMatchObject({ serial_number: device.serial_number, retired_at: null });
    expect(entries[0]?.after).toMatchObject({ serial_number: device.serial_number, reason: 'Panel cracked in the storm' });
    expect(entries[0]?.after.retired_at).toBe(retired.retired_at);

    // Its heartbeat is refused, even with the right secret, and writes nothing.
    const stamp = async () =>
      (await testApp.database.db.selectFrom('devices').select('last_heartbeat_at').where('id', '=', device.id).executeTakeFirstOrThrow())
        .last_heartbeat_at;
    const before = await stamp();
    const refusedBeat = expectFailure(await beat(device.serial_number, device.secret), 409);
    expect(refusedBeat).toMatchObject({ error_code: 'device_retired', message: deviceRetiredMessage });
    expect(await stamp()).toEqual(before);
    // A wrong secret is still only "wrong": retirement is told to the machine that proves it is the machine.
    expect(expectFailure(await beat(device.serial_number, spare.secret), 401).error_code).toBe('device_credentials_wrong');

    // Nobody can bind it, its owner included.
    const stranger = await registerMember(testApp.app);
    expect(expectFailure(await bind(stranger.token, device.serial_number), 409).error_code).toBe('device_retired');
    expect(expectFailure(await bind(owner.token, device.serial_number), 409).error_code).toBe('device_retired');

    // It stays listed, as retired; the member sees it retired and offline.
    expect((await inventory()).data.find((row) => row.id === device.id)).toMatchObject({
      status: 'offline',
      retired_reason: 'Panel cracked in the storm',
    });
    const retiredOnly = await inventory('?filter=retired');
    expect(retiredOnly.data.map((row) => row.id)).toContain(device.id);
    expect(retiredOnly.data.every((row) => row.retired_at !== null)).toBe(true);
    expect((await inventory('?filter=offline')).data.map((row) => row.id)).not.toContain(device.id);
    expect(await devicesOf(owner.token)).toEqual([expect.objectContaining({ id: device.id, status: 'offline', retired: true })]);
    expect(await devicesOf(stranger.token)).toEqual([]);
  });

  it('filters the inventory on the server: online and offline count only machines in service', async () => {
    const online = await newDevice();
    const silent = await newDevice();
    expectSuccess(await beat(online.serial_number, online.secret));
    const onlineIds = (await inventory('?filter=online')).data.map((row) => row.id);
    expect(onlineIds).toContain(online.id);
    expect(onlineIds).not.toContain(silent.id);
    const offline = await inventory('?filter=offline');
    expect(offline.data.map((row) => row.id)).toContain(silent.id);
    expect(offline.data.map((row) => row.id)).not.toContain(online.id);
    expect(offline.data.every((row) => row.status === 'offline' && row.retired_at === null)).toBe(true);
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/devices?filter=lost', { token: operator }), 422);
  });

  it('retiring needs an operator: 401 without a token, 403 for a member, and the machine stays in service', async () => {
    const member = await registerMember(testApp.app);
    const device = await newDevice();
    expect(expectFailure(await retire(device.id, { reason: 'mine now' }, null), 401).error_code).toBe('session_expired');
    expect(expectFailure(await retire(device.id, { reason: 'mine now' }, member.token), 403).error_code).toBe('operators_only');
    expectSuccess(await beat(device.serial_number, device.secret));
  });
});

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
import { boundElsewhereMessage, duplicateSerialMessage, heartbeatsPerMinuteMax, unknownSerialMessage } from './devices.service.ts';

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
});

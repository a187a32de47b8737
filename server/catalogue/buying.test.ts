import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSuccess, send } from '../../tests/helpers/members.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { seededDeliveryMethods, seededEngineRooms, seededPaymentMethods } from './buying.seed.ts';
import { seedCatalog } from './catalogue.seed.ts';
import { seededRoomNames } from '../db/seeded-names.ts';

describe.each(databaseKinds())('buying lists on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const list = async (path: string) => expectSuccess(await send(testApp.app, 'GET', `${path}?device=mobile`)) as Record<string, unknown>[];

  it('GET v1/engineRoom lists the rooms with id, name, type and location, each name and location in three languages; room 1 exists for the original app’s cart', async () => {
    const rooms = await list('v1/engineRoom');
    expect(rooms).toEqual(seededEngineRooms.map((room) => ({ ...room, ...seededRoomNames[room.name], production: [] })));
    expect(rooms[0]).toMatchObject({ names: { zhs: '台南太阳能园区 A', zht: '臺南太陽能園區 A', eng: 'Tainan Solar Park A' } });
    expect(rooms.length).toBeGreaterThanOrEqual(2);
    expect(rooms[0]).toMatchObject({ id: 1 });
  });

  it('GET v1/remittanceAccount in demo mode serves the demo accounts, labelled, without the Taiwan one no site shows', async () => {
    const accounts = await list('v1/remittanceAccount');
    expect(accounts.length).toBe(2);
    for (const account of accounts) {
      expect(Object.keys(account).sort()).toEqual([
        'account_holder',
        'account_number',
        'bank_name',
        'branch',
        'demo',
        'id',
        'remittance_account_type',
      ]);
      expect(account.remittance_account_type).toEqual({ type: expect.any(String) });
      expect(account.demo).toBe(true);
    }
    const types = accounts.map((account) => (account.remittance_account_type as { type: string }).type);
    expect(types).toEqual(['China', 'Vietnam']);
  });

  it('GET v1/paymentMethod: 1 remittance (available), 2 virtual currency; GET v1/deliveryMethod: 1 hosting, 2 home', async () => {
    expect(await list('v1/paymentMethod')).toEqual(seededPaymentMethods.map((method) => ({ ...method, network: null, qr: null })));
    const [remittance] = await list('v1/paymentMethod');
    expect(remittance).toMatchObject({ id: 1, kind: 'remittance', available: true });
    expect(await list('v1/deliveryMethod')).toEqual([
      { id: 1, name: 'Hosting', requires: 'engine_room' },
      { id: 2, name: 'Home delivery', requires: 'address' },
    ]);
    expect(seededDeliveryMethods).toHaveLength(2);
  });

  it('seeding again changes nothing and keeps an operator’s edit', async () => {
    const { db } = testApp.database;
    await db.updateTable('engine_rooms').set({ name: 'Renamed room' }).where('id', '=', 2).execute();
    try {
      await seedCatalog(db);
      await seedCatalog(db);
      const rooms = await list('v1/engineRoom');
      expect(rooms).toHaveLength(seededEngineRooms.length);
      expect(rooms[1]).toMatchObject({ id: 2, name: 'Renamed room' });
      expect(await list('v1/remittanceAccount')).toHaveLength(2);
      const added = await db
        .insertInto('engine_rooms')
        .values({ name: 'New room', type: 'Array', location: 'Taichung' })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(added.id).toBe(seededEngineRooms.length + 1);
      await db.deleteFrom('engine_rooms').where('id', '=', added.id).execute();
    } finally {
      await db.updateTable('engine_rooms').set({ name: seededEngineRooms[1].name }).where('id', '=', 2).execute();
    }
  });

  it('the lists need no login', async () => {
    for (const path of ['v1/engineRoom', 'v1/remittanceAccount', 'v1/paymentMethod', 'v1/deliveryMethod']) {
      expect((await send(testApp.app, 'GET', path)).statusCode).toBe(200);
    }
  });
});

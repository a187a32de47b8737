import { afterAll, beforeAll, expect } from 'vitest';
import { accounts, balanceOf } from '../../server/ledger/accounts.ts';
import { auditLedger } from '../../server/ledger/ledger.audit.ts';
import { send, type Member } from './members.ts';
import { operatorToken } from './operators.ts';
import { createTestApp, type DatabaseKind, type TestApp } from './test-app.ts';

/**
 * The income tests' world: a product on one database, an operator's token, engine rooms of the
 * tests' own (one per test, so days and pools never mix between tests) with these installed
 * capacities in units, and the ledger checked to balance when the tests end. Registers its own
 * beforeAll and afterAll; its fields are set once they have run.
 */
export function incomeWorld(kind: DatabaseKind, roomCapacities: readonly (number | null)[], roomName: string) {
  const world = {
    testApp: undefined as unknown as TestApp,
    operator: '',
    rooms: [] as number[],
    db: () => world.testApp.database.db,
    room: (index: number) => world.rooms[index] ?? 0,
    /** Records a room's day as an operator would. */
    record: (roomId: number, day: string, revenue: string, kwh = '1250.5') =>
      send(world.testApp.app, 'POST', `admin/v1/engine-rooms/${roomId}/revenue`, {
        token: world.operator,
        body: { business_date: day, kwh, revenue, evidence: `meter photo ${day}` },
      }),
    /** A member's main wallet, in points. */
    mainWallet: async (member: Member) => Number((await balanceOf(world.db(), accounts.memberMain(member.id))).toString()) / 10_000,
    /** What a room's revenue account still holds, in points. */
    roomBalance: async (roomId: number) => Number((await balanceOf(world.db(), accounts.engineRoomRevenue(roomId))).toString()) / 10_000,
  };
  beforeAll(async () => {
    world.testApp = await createTestApp(kind);
    world.operator = await operatorToken(world.testApp.app, world.db());
    const inserted = await world
      .db()
      .insertInto('engine_rooms')
      .values(
        roomCapacities.map((capacity_units, index) => ({ name: `${roomName} ${index}`, type: 'test', location: 'Test', capacity_units })),
      )
      .returning('id')
      .execute();
    world.rooms = inserted.map((row) => row.id);
  });
  afterAll(async () => {
    const audit = await auditLedger(world.db());
    expect(audit).toMatchObject({ unbalancedJournals: [], driftedAccounts: [], negativeAccounts: [], total: 0n });
    await world.testApp.close();
  });
  return world;
}

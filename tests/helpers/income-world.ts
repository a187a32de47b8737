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
    /** A second administrator, who shares the first one's revenue now rather than after its hold (decision 049). */
    secondOperator: '',
    rooms: [] as number[],
    db: () => world.testApp.database.db,
    room: (index: number) => world.rooms[index] ?? 0,
    /** Records a room's day as an operator would, held until the next business day (decision 049). */
    recordHeld,
    /** Another administrator shares a held entry now. */
    shareNow,
    /** Records a room's day as an operator would, and a second administrator shares it now. */
    record,
    /** A member's main wallet, in points. */
    mainWallet: async (member: Member) => Number((await balanceOf(world.db(), accounts.memberMain(member.id))).toString()) / 10_000,
    /** What a room's revenue account still holds, in points. */
    roomBalance: async (roomId: number) => Number((await balanceOf(world.db(), accounts.engineRoomRevenue(roomId))).toString()) / 10_000,
  };
  function recordHeld(roomId: number, day: string, revenue: string, kwh = '1250.5'): ReturnType<typeof send> {
    return send(world.testApp.app, 'POST', `admin/v1/engine-rooms/${roomId}/revenue`, {
      token: world.operator,
      body: { business_date: day, kwh, revenue, evidence: `meter photo ${day}` },
    });
  }
  function shareNow(entryId: number, token?: string): ReturnType<typeof send> {
    return send(world.testApp.app, 'POST', `admin/v1/revenue-entries/${entryId}/share-now`, { token: token ?? world.secondOperator });
  }
  async function record(roomId: number, day: string, revenue: string, kwh = '1250.5'): ReturnType<typeof send> {
    const response = await recordHeld(roomId, day, revenue, kwh);
    if (response.statusCode === 201) {
      const released = await shareNow((response.json() as { detail: { id: number } }).detail.id);
      expect(released.statusCode, released.body).toBe(200);
    }
    return response;
  }
  beforeAll(async () => {
    world.testApp = await createTestApp(kind);
    world.operator = await operatorToken(world.testApp.app, world.db());
    world.secondOperator = await operatorToken(world.testApp.app, world.db());
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

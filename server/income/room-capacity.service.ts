import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../shared/errors.ts';
import { lockRoomCapacity, writeRoomCapacity, type RoomCapacityRow } from './engine-room.repository.ts';

export const roomNotFoundMessage = 'Engine room not found';

/**
 * Sets a room's installed capacity in units: what each order's units are a share of (PRODUCT.md
 * decision 1). Days already shared out keep the basis they were shared by; days waiting for a
 * capacity are shared on the next run. Audited with the value before and after.
 */
export async function setRoomCapacity(db: Db, operatorId: number, roomId: number, capacityUnits: number): Promise<RoomCapacityRow> {
  return db.transaction().execute(async (trx) => {
    const before = await lockRoomCapacity(trx, roomId);
    if (before === undefined) throw notFound('engine_room_not_found', roomNotFoundMessage);
    await writeRoomCapacity(trx, roomId, capacityUnits);
    await recordAudit(trx, {
      operatorId,
      action: 'engine_room.capacity',
      subjectType: 'engine_room',
      subjectId: roomId,
      before: { capacity_units: before.capacity_units },
      after: { capacity_units: capacityUnits },
    });
    return { ...before, capacity_units: capacityUnits };
  });
}

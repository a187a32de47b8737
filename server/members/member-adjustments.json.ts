import type { Static } from 'typebox';
import { pointsToDecimal } from '../shared/money.ts';
import type { AdjustmentRow } from './member-access.service.ts';
import { adjustmentSchema } from './members.schemas.ts';

export type AdjustmentJson = Static<typeof adjustmentSchema>;

export function adjustmentJson(row: AdjustmentRow): AdjustmentJson {
  return {
    id: Number(row.id),
    member: { id: row.user_id, username: row.username },
    direction: row.direction,
    amount: pointsToDecimal(BigInt(row.amount)),
    reason: row.reason,
    status: row.status,
    requested_by: { id: row.requested_by, username: row.requested_by_name },
    requested_at: new Date(row.requested_at).toISOString(),
    decided_by: row.decided_by_name,
    decided_at: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
    decision_note: row.decision_note,
  };
}

import { type Static, Type } from 'typebox';
import { pointsToDecimal } from '../shared/money.ts';
import type { AdjustmentRow } from './member-access.service.ts';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const time = Type.String({ format: 'date-time' });
export const adjustmentStatuses = Type.Union([Type.Literal('pending'), Type.Literal('posted'), Type.Literal('rejected')]);

/** A credit or debit as the back office and the contract see it. */
export const adjustmentSchema = Type.Object({
  id: Type.Integer(),
  member: Type.Object({ id: Type.Integer(), username: Type.String() }),
  direction: Type.Union([Type.Literal('credit'), Type.Literal('debit')]),
  amount: Type.String({ pattern: '^[0-9]+\\.[0-9]{4}$', description: 'Points, 4 decimals' }),
  reason: Type.String(),
  status: adjustmentStatuses,
  requested_by: Type.Object({ id: Type.Integer(), username: Type.String() }),
  requested_at: time,
  decided_by: nullable(Type.String({ description: 'The administrator who posted or turned it down' })),
  decided_at: nullable(time),
  decision_note: nullable(Type.String()),
});

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

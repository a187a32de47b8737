import { Type } from 'typebox';
import { pointsToNumber } from '../shared/money.ts';
import type { TransferRecord } from './transfer.repository.ts';

export const enjoyCitySchema = Type.Object({ id: Type.Integer(), name: Type.String() });

export const transferRecordSchema = Type.Object({
  id: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  amount: Type.Number({ description: 'Points, 4 decimals' }),
  fee: Type.Number({ description: 'Points, 4 decimals; transfers between own wallets are free' }),
  type: Type.Union([Type.Literal('deposit'), Type.Literal('withdrawal')], {
    description: 'deposit: main wallet to partner wallet; withdrawal: partner wallet to main wallet',
  }),
  transaction_recod_status: Type.Integer({
    minimum: 0,
    maximum: 4,
    description: '0 unsuccessful, 1 accepted, 2 completed, 3 failed, 4 cancelled',
  }),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'Why a transfer failed; null otherwise' }),
  enjoy_city: enjoyCitySchema,
});

export function transferJson(record: TransferRecord) {
  return {
    id: Number(record.id),
    created_at: record.created_at.toISOString(),
    amount: pointsToNumber(record.amount),
    fee: pointsToNumber(record.fee),
    type: record.type,
    transaction_recod_status: record.status,
    reason: record.reason,
    enjoy_city: { id: record.partner_city_id, name: record.partner_city_name },
  };
}

import { pointsToNumber } from '../shared/money.ts';
import type { TransferRecord } from './transfer.repository.ts';

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

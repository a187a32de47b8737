import { pointsToNumber } from '../shared/money.ts';
import type { WithdrawalRow } from './withdrawals.repository.ts';

/** A withdrawal as the member and the operators read it; status uses the transfer statuses (1, 2, 3). */
export function withdrawalJson(row: WithdrawalRow) {
  return {
    id: Number(row.id),
    amount: pointsToNumber(row.amount),
    status: row.status,
    reason: row.reason,
    business_date: row.business_date,
    created_at: new Date(row.created_at).toISOString(),
    decided_at: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
    bankcard: { id: row.bank_card_id, bank_name: row.bank_name, card_last4: row.card_last4 },
  };
}

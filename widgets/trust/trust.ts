import { apiRequest, type Envelope } from '../core/api.ts';
import type { Paged } from '../core/paged.ts';
import type { IncomeRecord, TrustDay, TrustRoom } from '../../contract/api/distribution.ts';

export type TrustEnvelope = Envelope<Paged<TrustDay>> & { rooms?: TrustRoom[] };

export const trustPath = '/v1/trust';

export async function loadTrustPage(path: string): Promise<TrustEnvelope> {
  return (await apiRequest<Paged<TrustDay>>('GET', path)) as TrustEnvelope;
}

/** Income per room and day, from the newest pages of the member's own income list. */
const memberPagesMax = 3;
export const roomDayKey = (roomId: number, day: string) => `${roomId}:${day}`;

export async function loadMemberIncome(): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (let page = 1; page <= memberPagesMax; page += 1) {
    const { detail } = await apiRequest<Paged<IncomeRecord>>('GET', `/v1/interest?page=${page}`);
    for (const record of detail.data) {
      const key = roomDayKey(record.engine_room_id, record.business_date);
      totals.set(key, (totals.get(key) ?? 0) + record.amount);
    }
    if (detail.current_page >= detail.last_page) break;
  }
  return totals;
}

/** Revenue and income per day over all rooms, oldest first, for the chart. */
export function dailyTotals(days: readonly TrustDay[]): { date: string; revenue: number; income: number }[] {
  const byDate = new Map<string, { revenue: number; income: number }>();
  for (const day of days) {
    const total = byDate.get(day.business_date) ?? { revenue: 0, income: 0 };
    byDate.set(day.business_date, { revenue: total.revenue + day.revenue, income: total.income + day.income });
  }
  return [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, total]) => ({ date, ...total }));
}

import { apiRequest, type Envelope } from '../core/api.ts';
import type { Paged } from '../core/paged.ts';
import type { IncomeRecord } from '../dig/dig.ts';
import type { LocalisedNames } from '../core/local-name.ts';

/** One room's business day of GET v1/trust. */
export interface TrustDay {
  engine_room_id: number;
  business_date: string;
  kwh: number;
  revenue: number;
  evidence: string;
  adjustments: number;
  fee_percent: number | null;
  distributable: number | null;
  /** The capacity in units the day was shared by, whatever the room's capacity is now (decision 052). */
  capacity_units: number | null;
  income: number;
  kept: number;
}

/** One room's ledger totals since the start. */
export interface TrustRoom {
  id: number;
  name: string;
  names?: LocalisedNames;
  capacity_units: number | null;
  revenue: number;
  income: number;
  balance: number;
}

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
    const { detail } = await apiRequest<Paged<IncomeRecord & { engine_room_id?: number }>>('GET', `/v1/interest?page=${page}`);
    for (const record of detail.data) {
      if (record.engine_room_id === undefined || record.business_date === undefined) continue;
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

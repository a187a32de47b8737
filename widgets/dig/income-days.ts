import { apiRequest } from '../core/api.ts';
import type { Paged } from '../core/paged.ts';
import type { EngineRoom, IncomeRecord } from '../../contract/api/distribution.ts';
import type { Device } from '../../contract/api/devices.ts';

/** One day of the chart: the room's production and the member's income (null where not known). */
export interface ChartDay {
  date: string;
  kwh: number | null;
  revenue: number | null;
  income: number | null;
}

export const chartDays = 30;
/** Income per day is summed from the newest pages of the income list: at most this many requests. */
const incomePagesMax = 3;

const dayOf = (record: IncomeRecord): string => record.business_date;

/**
 * The member's income per day from the newest pages of GET v1/interest (newest first). When
 * the pages run out before the list does, the oldest day read may be partial: only the days
 * after it count as known.
 */
export async function loadIncomeByDay(): Promise<{ totals: Map<string, number>; knownFrom: string }> {
  const totals = new Map<string, number>();
  let knownFrom = '';
  for (let page = 1; page <= incomePagesMax; page += 1) {
    const { detail } = await apiRequest<Paged<IncomeRecord>>('GET', `/v1/interest?page=${page}`);
    for (const record of detail.data) totals.set(dayOf(record), (totals.get(dayOf(record)) ?? 0) + record.amount);
    const oldest = detail.data.at(-1);
    if (detail.current_page >= detail.last_page || oldest === undefined) return { totals, knownFrom: '' };
    knownFrom = dayOf(oldest);
  }
  totals.delete(knownFrom);
  return { totals, knownFrom };
}

/** The room whose production explains the member's income: their first machine's, else the first with any production. */
export function roomFor(rooms: EngineRoom[], devices: Device[], ownedRoomId?: number): EngineRoom | undefined {
  const wanted = devices[0]?.engine_room_id ?? ownedRoomId;
  return rooms.find((room) => room.id === wanted) ?? rooms.find((room) => room.production.length > 0) ?? rooms[0];
}

/** The last 30 days of the room's production (or of the calendar when it has none), with the income known for each. */
export function chartData(
  room: EngineRoom | undefined,
  income: { totals: Map<string, number>; knownFrom: string } | null,
  today = new Date(),
): ChartDay[] {
  const production = new Map((room?.production ?? []).map((day) => [day.business_date, day]));
  let dates = [...production.keys()].sort().slice(-chartDays);
  if (dates.length === 0) {
    dates = Array.from({ length: chartDays }, (_, index) => {
      const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (chartDays - 1 - index));
      return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    });
  }
  return dates.map((date) => ({
    date,
    kwh: production.get(date)?.kwh ?? null,
    revenue: production.get(date)?.revenue ?? null,
    income: income === null || (income.knownFrom !== '' && date <= income.knownFrom) ? null : (income.totals.get(date) ?? 0),
  }));
}

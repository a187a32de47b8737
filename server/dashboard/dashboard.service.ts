import { countAdjustments } from '../members/member-adjustments.repository.ts';
import { countPartnerFailures, partnerFailureWindowMs } from '../wallet/partner-failures.repository.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { deviceOnlineMs } from '../devices/device.json.ts';
import { countDevices } from '../devices/devices.repository.ts';
import { readSettings } from '../revenue/income-settings.repository.ts';
import { businessDate } from '../db/business-day.ts';
import { pointsToNumber } from '../shared/money.ts';
import { queueCounts, roomDays, setupCounts } from './dashboard.repository.ts';

/**
 * A room's business day as the dashboard tells it: its distribution finished or is running; or it
 * has not started because no revenue was recorded, because the room has no installed capacity
 * (nobody can be given a share), or because it is due (the day has not ended, or the next run takes it).
 */
export type DistributionState = 'finished' | 'paid_so_far' | 'running' | 'scheduled' | 'waiting_capacity' | 'no_revenue';

/** The setup steps before the business can take payments, each with the back-office tab that does it. */
export type ChecklistItemId = 'receiving_account' | 'product_on_sale' | 'engine_room_capacity' | 'income_settings';

const checklistTabs: Record<ChecklistItemId, string> = {
  receiving_account: 'receiving',
  product_on_sale: 'catalogue',
  engine_room_capacity: 'catalogue',
  income_settings: 'settings',
};

/** The day before a YYYY-MM-DD date, counted on the calendar (no time zone can shift it). */
export function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

function stateOf(row: {
  finished: boolean;
  before_day_end: boolean;
  started: boolean;
  revenue_recorded: boolean;
  capacity_units: number | null;
}): DistributionState {
  // Shared out on demand before the day ended: orders paid later that day are credited by a later run (decision 035).
  if (row.finished) return row.before_day_end ? 'paid_so_far' : 'finished';
  if (row.started) return 'running';
  if (!row.revenue_recorded) return 'no_revenue';
  if (row.capacity_units === null) return 'waiting_capacity';
  return 'scheduled';
}

/**
 * The work waiting, as the back office's navigation and page title show it: asked every few
 * seconds by every open back office, so a handful of counts on indexed columns and nothing more.
 */
export async function readWorkCounts(db: Db, now = new Date()) {
  const [queues, machinesOffline, adjustmentsPending, partnerFailures] = await Promise.all([
    queueCounts(db),
    countDevices(db, 'offline', new Date(now.getTime() - deviceOnlineMs)),
    countAdjustments(db, { status: 'pending' }),
    countPartnerFailures(db, new Date(now.getTime() - partnerFailureWindowMs)),
  ]);
  return { ...queues, machines_offline: machinesOffline, adjustments_pending: adjustmentsPending, partner_failures: partnerFailures };
}

/** Everything the operator's first screen shows, read fresh on every call. */
export async function readDashboard(db: Db, config: Config, now = new Date()) {
  const settings = await readSettings(db, config, now);
  const today = await businessDate(db, now);
  const yesterday = dayBefore(today);
  const onlineSince = new Date(now.getTime() - deviceOnlineMs);
  const [queues, rows, offline, inService, setup] = await Promise.all([
    queueCounts(db),
    roomDays(db, [today, yesterday]),
    countDevices(db, 'offline', onlineSince),
    countDevices(db, 'online', onlineSince),
    setupCounts(db),
  ]);

  const days = [today, yesterday].map((day) => ({
    business_date: day,
    day: day === today ? ('today' as const) : ('yesterday' as const),
    rooms: rows
      .filter((row) => row.business_date === day)
      .map((row) => ({
        engine_room_id: row.engine_room_id,
        name: row.name,
        names: row.names,
        state: stateOf(row),
        orders_credited: row.orders_credited ?? 0,
        amount_credited: pointsToNumber(row.amount_credited ?? '0'),
      })),
  }));

  const done: Record<ChecklistItemId, { done: boolean; count?: number }> = {
    receiving_account: { done: setup.receiving_accounts > 0, count: setup.receiving_accounts },
    product_on_sale: { done: setup.products_on_sale > 0, count: setup.products_on_sale },
    engine_room_capacity: { done: setup.rooms_with_capacity > 0, count: setup.rooms_with_capacity },
    income_settings: { done: setup.settings_saved },
  };
  const items = (Object.keys(done) as ChecklistItemId[]).map((id) => ({ id, tab: checklistTabs[id], ...done[id] }));

  return {
    queues,
    machines: { offline, online: inService },
    distribution: { time_zone: settings.business_time_zone, days },
    checklist: { ready: items.every((item) => item.done), items },
    generated_at: now.toISOString(),
  };
}

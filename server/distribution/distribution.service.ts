import { recordAudit } from '../audit/audit.repository.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { businessDate } from '../db/business-day.ts';
import { ApiError } from '../shared/errors.ts';
import { daysWithCorrectionsDue, shareCorrections } from './correction-sharing.repository.ts';
import { distributeDay, distributionBatchSize, type DayOutcome, type Progress } from './distribution.ts';
import { undistributedDays } from '../revenue/revenue.repository.ts';
import { dayNotStartedMessage, validDate } from '../revenue/revenue.service.ts';
import { readSettings } from '../revenue/income-settings.repository.ts';

export interface DistributionSummary {
  days: DayOutcome[];
  ordersCredited: number;
  amountCredited: bigint;
}

/**
 * Distributes every recorded day not yet distributed: by default the days that have ended (the
 * schedule, which so catches up after any downtime), or one named day, today included (on demand).
 * A day shared out before it ended is taken up again for the orders paid off since (decision 035),
 * so the schedule completes today's on-demand run once the day is over.
 */
export async function distributeIncome(
  db: Db,
  config: Config,
  options: { date?: string; now?: Date; progress?: Progress; batchSize?: number } = {},
): Promise<DistributionSummary> {
  const now = options.now ?? new Date();
  const settings = await readSettings(db, config, now);
  const today = await businessDate(db, now);
  if (options.date !== undefined) {
    if (!validDate(options.date))
      throw new ApiError(422, 'business_date_invalid', 'Use a date as YYYY-MM-DD.', {
        errors: { business_date: ['Use a date as YYYY-MM-DD.'] },
      });
    if (options.date > today)
      throw new ApiError(422, 'business_day_not_started', dayNotStartedMessage, { errors: { business_date: [dayNotStartedMessage] } });
  }
  const due = await undistributedDays(db, options.date === undefined ? { before: today } : { on: options.date }, now);

  const days: DayOutcome[] = [];
  for (const { engine_room_id: roomId, business_date: day } of due) {
    days.push(await distributeDay(db, roomId, day, settings.operator_fee_bp, now, options.progress, options.batchSize));
  }
  // Then the corrections recorded after their day was shared (decision 048), now that their days are.
  const corrected = await daysWithCorrectionsDue(db, options.date === undefined ? { before: today } : { on: options.date }, now);
  for (const { engine_room_id: roomId, business_date: day } of corrected) {
    const outcome = await shareCorrections(db, roomId, day, now, options.batchSize ?? distributionBatchSize);
    days.push({ engineRoomId: roomId, businessDate: day, ...outcome });
  }
  return {
    days,
    ordersCredited: days.reduce((sum, day) => sum + day.ordersCredited, 0),
    amountCredited: days.reduce((sum, day) => sum + day.amountCredited, 0n),
  };
}

/** The distribution an operator runs from the back office (`date` empty: every day due), audited under their name. */
export async function distributeAsOperator(
  db: Db,
  config: Config,
  operatorId: number,
  date: string | undefined,
): Promise<DistributionSummary> {
  const summary = await distributeIncome(db, config, date === undefined || date === '' ? {} : { date });
  await recordAudit(db, {
    operatorId,
    action: 'income.distribute',
    subjectType: 'income',
    subjectId: date ?? 'due',
    after: { orders_credited: summary.ordersCredited, total: summary.amountCredited.toString() },
  });
  return summary;
}

import { recordAudit } from '../audit/audit.repository.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { businessZones, scheduleZoneChange } from '../db/business-day.ts';
import { fieldError } from '../shared/errors.ts';
import { lockSettings, readSettings, writeSettings, type IncomeSettings } from './income-settings.repository.ts';

export interface SettingsChange {
  interest_rate?: number;
  operator_fee_percent?: number;
  business_time_zone?: string;
  /** Why: required when the fee or the business time zone changes, since both change what members are paid. */
  reason?: string;
}

export const feeReasonMessage = 'The reason field is required when the operator fee changes.';
export const zoneReasonMessage = 'The reason field is required when the business time zone changes.';
export const zoneTooFarMessage =
  'This zone is more than a day ahead of the current one: its first business day would end before it starts.';

/**
 * Applies an operator's change to the income settings; fields left out keep their values. Audited.
 * A new business time zone takes effect from the first business day that has not started (decision
 * 047): days that have started keep their bounds; choosing today's zone again withdraws a waiting change.
 */
export async function changeSettings(db: Db, operatorId: number, change: SettingsChange, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await lockSettings(trx);
    const zones = await businessZones(trx, now);
    const after = {
      // Two decimals of a percent are whole hundredths: round away the float's dust.
      interest_rate_bp: change.interest_rate === undefined ? before.interest_rate_bp : Math.round(change.interest_rate * 100),
      operator_fee_bp: change.operator_fee_percent === undefined ? before.operator_fee_bp : Math.round(change.operator_fee_percent * 100),
    };
    const reason = (change.reason ?? '').trim();
    if (after.operator_fee_bp !== before.operator_fee_bp && reason === '') throw fieldError('reason', 'validation', feeReasonMessage);
    const zoneAhead = zones.next?.timeZone ?? zones.timeZone;
    const zoneChanges = change.business_time_zone !== undefined && change.business_time_zone !== zoneAhead;
    let zoneFrom: string | null = null;
    if (zoneChanges) {
      if (reason === '') throw fieldError('reason', 'validation', zoneReasonMessage);
      const scheduled = await scheduleZoneChange(trx, now, { timeZone: change.business_time_zone ?? zones.timeZone, reason, operatorId });
      if (!scheduled.fits) throw fieldError('business_time_zone', 'validation', zoneTooFarMessage);
      zoneFrom = scheduled.fromDate;
    }
    await writeSettings(trx, after);
    const { interest_rate_bp, operator_fee_bp } = before;
    await recordAudit(trx, {
      operatorId,
      action: 'settings.update',
      subjectType: 'settings',
      subjectId: 1,
      before: {
        interest_rate_bp,
        operator_fee_bp,
        business_time_zone: zones.timeZone,
        ...(zones.next === null ? {} : { business_time_zone_next: zones.next.timeZone, business_time_zone_from: zones.next.fromDate }),
      },
      after: {
        ...after,
        business_time_zone: zones.timeZone,
        ...(zoneChanges && zoneFrom !== null
          ? { business_time_zone_next: change.business_time_zone, business_time_zone_from: zoneFrom }
          : {}),
        ...(reason === '' ? {} : { reason }),
      },
    });
  });
}

/** The income settings as they apply now. */
export const currentSettings = (db: Db, config: Config): Promise<IncomeSettings> => readSettings(db, config);

export { bpToPercent } from './income-settings.repository.ts';

import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { fieldError } from '../shared/errors.ts';
import { lockSettings, writeSettings } from './settings.repository.ts';

export interface SettingsChange {
  interest_rate?: number;
  operator_fee_percent?: number;
  business_time_zone?: string;
  /** Why: required when the fee changes, since it changes what every member is paid. */
  reason?: string;
}

export const feeReasonMessage = 'The reason field is required when the operator fee changes.';

/** Applies an operator's change to the income settings; fields left out keep their values. Audited. */
export async function changeSettings(db: Db, operatorId: number, change: SettingsChange): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await lockSettings(trx);
    const after = {
      // Two decimals of a percent are whole hundredths: round away the float's dust.
      interest_rate_bp: change.interest_rate === undefined ? before.interest_rate_bp : Math.round(change.interest_rate * 100),
      operator_fee_bp: change.operator_fee_percent === undefined ? before.operator_fee_bp : Math.round(change.operator_fee_percent * 100),
      business_time_zone: change.business_time_zone ?? before.business_time_zone,
    };
    const reason = (change.reason ?? '').trim();
    if (after.operator_fee_bp !== before.operator_fee_bp && reason === '') throw fieldError('reason', 'validation', feeReasonMessage);
    await writeSettings(trx, after);
    const { interest_rate_bp, operator_fee_bp, business_time_zone } = before;
    await recordAudit(trx, {
      operatorId,
      action: 'settings.update',
      subjectType: 'settings',
      subjectId: 1,
      before: { interest_rate_bp, operator_fee_bp, business_time_zone },
      after: { ...after, ...(reason === '' ? {} : { reason }) },
    });
  });
}

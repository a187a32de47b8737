import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { lockSettings, writeSettings } from './settings.repository.ts';

export interface SettingsChange {
  interest_rate?: number;
  operator_fee_percent?: number;
  business_time_zone?: string;
}

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
    await writeSettings(trx, after);
    await recordAudit(trx, { operatorId, action: 'settings.update', subjectType: 'settings', subjectId: 1, before, after });
  });
}

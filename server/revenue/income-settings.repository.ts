import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { businessZones, ensureBusinessZone } from '../db/business-day.ts';

/** What an empty database starts with: an expected 3 % a month (estimates only) and a 10 % operator fee. */
export const defaultSettings = { interestRateBp: 300, operatorFeeBp: 1000 } as const;

export interface IncomeSettings {
  /** Expected monthly rate in hundredths of a percent: for the cart's estimate, never for paying income. */
  interest_rate_bp: number;
  /** The operator's share of each day's revenue, in hundredths of a percent. */
  operator_fee_bp: number;
  /** The zone today's business day is drawn in (decision 047): the operator's, else BUSINESS_TIME_ZONE. */
  business_time_zone: string;
  /** A zone change waiting for a business day that has not started, named as `business_day_zones` names its columns. */
  next_time_zone: { from_date: string; time_zone: string } | null;
}

export async function seedSettings(db: Db): Promise<void> {
  await db
    .insertInto('settings')
    .values({
      id: 1,
      interest_rate_bp: defaultSettings.interestRateBp,
      operator_fee_bp: defaultSettings.operatorFeeBp,
      business_time_zone: null,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

export async function readSettings(db: Db, config: Config, now = new Date()): Promise<IncomeSettings> {
  const row = await db.selectFrom('settings').selectAll().where('id', '=', 1).executeTakeFirst();
  // The business days' zones are theirs to keep (decision 047): the first read writes the first one.
  await ensureBusinessZone(db, row?.business_time_zone ?? config.businessTimeZone);
  const zones = await businessZones(db, now);
  return {
    interest_rate_bp: row?.interest_rate_bp ?? defaultSettings.interestRateBp,
    operator_fee_bp: row?.operator_fee_bp ?? defaultSettings.operatorFeeBp,
    business_time_zone: zones.timeZone,
    next_time_zone: zones.next === null ? null : { from_date: zones.next.fromDate, time_zone: zones.next.timeZone },
  };
}

/** The settings row under a lock, so two changes at once apply one after the other. */
export async function lockSettings(db: Db) {
  return db.selectFrom('settings').selectAll().where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
}

export async function writeSettings(db: Db, values: { interest_rate_bp: number; operator_fee_bp: number }) {
  await db
    .updateTable('settings')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', 1)
    .execute();
}

/** "3.00" from 300: rates travel as numbers with two decimals. */
export const bpToPercent = (bp: number): number => bp / 100;

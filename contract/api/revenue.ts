/**
 * The revenue answers as their route schemas declare them (server/revenue/revenue.schemas.ts): the back office's
 * Revenue and Settings tabs read these types, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type {
  heldEntrySchema,
  importResultSchema,
  incomeSettingsSchema,
  revenueChartDaySchema,
  revenueDaySchema,
} from '../../server/revenue/revenue.schemas.ts';

/** A room's recorded business day, corrections summed in: GET admin/v1/revenue. */
export type RevenueDay = Static<typeof revenueDaySchema>;
/** One day of a room's last 30: GET admin/v1/engine-rooms/{id}/revenue-days. */
export type RevenueChartDay = Static<typeof revenueChartDaySchema>;
/** Revenue or a correction waiting for its hold to end (decision 049): GET admin/v1/revenue/held. */
export type HeldEntry = Static<typeof heldEntrySchema>;
/** A meter-data file checked or recorded: POST admin/v1/revenue-imports/preview and admin/v1/revenue-imports. */
export type ImportResult = Static<typeof importResultSchema>;
/** The income settings: GET and PUT admin/v1/settings. */
export type IncomeSettings = Static<typeof incomeSettingsSchema>;

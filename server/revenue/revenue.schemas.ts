import { Type } from 'typebox';
import { revenueRowProblems } from '../../contract/revenue.ts';
import { kwhText, oneOf, pointsText } from './revenue.json.ts';

/** A room's recorded business day, corrections summed in: GET admin/v1/revenue. */
export const revenueDaySchema = Type.Object({
  engine_room_id: Type.Integer(),
  room_name: Type.String(),
  business_date: Type.String(),
  kwh: kwhText('kWh with every correction'),
  revenue: pointsText('Points with every correction'),
  recorded_revenue: pointsText('Points as first recorded'),
  corrections: Type.Integer(),
  evidence: Type.String(),
  distribution: Type.Union([Type.Literal('finished'), Type.Literal('running'), Type.Null()], {
    description: 'Whether the day has been shared out: finished, under way, or not yet (null)',
  }),
});

/** One day of a room's last 30: GET admin/v1/engine-rooms/{id}/revenue-days (null on a day without a record). */
export const revenueChartDaySchema = Type.Object({
  business_date: Type.String(),
  kwh: Type.Union([kwhText('kWh'), Type.Null()]),
  revenue: Type.Union([pointsText('Points'), Type.Null()]),
});

/** A recorded day or correction as it was written: POST admin/v1/engine-rooms/{id}/revenue and …/revenue-adjustments. */
export const revenueEntrySchema = Type.Object({
  id: Type.Integer(),
  engine_room_id: Type.Integer(),
  business_date: Type.String(),
  kwh: Type.Number(),
  revenue: Type.Number(),
  hold_until: Type.Optional(
    Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When the hold ends and the schedule may share it (decision 049), unless another administrator shares it now',
    }),
  ),
});

/** Revenue or a correction waiting for its hold to end (decision 049): GET admin/v1/revenue/held. */
export const heldEntrySchema = Type.Object({
  id: Type.Integer(),
  engine_room_id: Type.Integer(),
  room_name: Type.String(),
  business_date: Type.String(),
  entry_kind: Type.Union([Type.Literal('record'), Type.Literal('adjustment')]),
  kwh: Type.Number(),
  revenue: Type.Number(),
  evidence: Type.String(),
  recorded_by: Type.Union([Type.Integer(), Type.Null()]),
  recorded_by_name: Type.Union([Type.String(), Type.Null()]),
  recorded_by_me: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  hold_until: Type.String({ format: 'date-time' }),
});

/** One row of a meter-data file, as checked. */
export const importRowSchema = Type.Object({
  line: Type.Integer({ description: 'The line of the file (the header is line 1)' }),
  room: Type.String({ description: 'As the file wrote it: a room id or name' }),
  engine_room_id: Type.Union([Type.Integer(), Type.Null()]),
  business_date: Type.String(),
  kwh: Type.String(),
  revenue: Type.String({ description: 'As the file wrote it' }),
  evidence: Type.String(),
  status: Type.Union([Type.Literal('ok'), Type.Literal('recorded'), Type.Literal('bad')], {
    description: 'ok: recorded on confirmation; recorded: already recorded with the same figures, skipped; bad: see problems',
  }),
  problems: Type.Array(oneOf(revenueRowProblems, 'Why the row cannot be recorded')),
});

/** A meter-data file checked or recorded: POST admin/v1/revenue-imports/preview and admin/v1/revenue-imports. */
export const importResultSchema = Type.Object({
  file_sha256: Type.String({ description: 'The file’s SHA-256: the confirmation names it, so what is recorded is what was previewed' }),
  rows_total: Type.Integer(),
  rows_ok: Type.Integer(),
  rows_recorded_before: Type.Integer(),
  rows_bad: Type.Integer(),
  total_revenue: pointsText('What the ok rows record'),
  rows: Type.Array(importRowSchema),
});

/** The income settings: GET and PUT admin/v1/settings. */
export const incomeSettingsSchema = Type.Object({
  interest_rate: Type.Number(),
  operator_fee_percent: Type.Number(),
  business_time_zone: Type.String({ description: "The zone today's business day is drawn in" }),
  business_time_zone_next: Type.Union([
    Type.Object({
      time_zone: Type.String(),
      from_date: Type.String({ description: 'The first business day drawn in it: the first that had not started when it was chosen' }),
    }),
    Type.Null(),
  ]),
});

import { revenueDayStates } from '../../contract/revenue.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireOperator } from '../auth/operator.guard.ts';
import { findEngineRoom } from '../catalog/catalog.repository.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf } from '../http/schemas.ts';
import { businessDate } from '../db/business-day.ts';
import { fieldError, notFound } from '../shared/errors.ts';
import {
  countExplainedOrders,
  dayCorrections,
  dayFacts,
  listExplainedOrders,
  orderOutcomes,
  outcomeCounts,
} from './distribution-explain.repository.ts';
import { dateText, kwh, kwhText, oneOf, points, pointsText } from './revenue-json.ts';
import { countRevenueDays, listRevenueDays, roomDays } from './revenue-records.repository.ts';
import { validDate } from './revenue.service.ts';
import { readSettings } from './settings.repository.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
const roomParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const chartDays = 30;

const dayItem = Type.Object({
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

const outcomeSchema = oneOf(orderOutcomes, 'Why the order earned or did not earn from the day');
const dayStates = revenueDayStates;
const correctionStates = ['held', 'waiting', 'shared', 'carried', 'withdrawn', 'in_pool'] as const;

/** A date given as a filter must exist on the calendar. */
function checkedDate(field: string, value: string | undefined): string | undefined {
  if (value !== undefined && !validDate(value)) throw fieldError(field, 'business_date_invalid', 'Use a date as YYYY-MM-DD.');
  return value;
}

/** Revenue records per room and day, a room's last 30 days, and a day's distribution explained. */
export const revenueAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireOperator);

  app.get(
    '/admin/v1/revenue',
    {
      schema: {
        tags,
        summary: 'Recorded revenue per engine room and business day, corrections summed in, newest first; filter by room and dates',
        querystring: Type.Object({
          page: pageField,
          room: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'One engine room' })),
          from: Type.Optional(dateText('First business day, inclusive')),
          to: Type.Optional(dateText('Last business day, inclusive')),
        }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(dayItem)) },
      },
    },
    async (request) => {
      const { page = 1, room } = request.query;
      const filter = { roomId: room, from: checkedDate('from', request.query.from), to: checkedDate('to', request.query.to) };
      const [total, rows] = await Promise.all([
        countRevenueDays(app.db, filter),
        listRevenueDays(app.db, filter, pageOffset(page), perPageDefault),
      ]);
      const data = rows.map((row) => ({
        ...row,
        kwh: kwh(row.wh),
        revenue: points(row.revenue),
        recorded_revenue: points(row.recorded_revenue),
        corrections: Number(row.corrections),
      }));
      return success(
        paginate(
          request,
          page,
          total,
          data.map(({ wh: _wh, ...rest }) => rest),
        ),
      );
    },
  );

  app.get(
    '/admin/v1/engine-rooms/:id/revenue-days',
    {
      schema: {
        tags,
        summary: 'The engine room’s last 30 business days, today included: kWh and revenue, null on a day without a record',
        params: roomParams,
        security: bearer,
        response: {
          200: envelopeOf(
            Type.Array(
              Type.Object({
                business_date: Type.String(),
                kwh: Type.Union([kwhText('kWh'), Type.Null()]),
                revenue: Type.Union([pointsText('Points'), Type.Null()]),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      if ((await findEngineRoom(app.db, request.params.id)) === undefined) throw notFound('engine_room_not_found', 'Engine room not found');
      await readSettings(app.db, app.config);
      const today = await businessDate(app.db, new Date());
      const dates = Array.from({ length: chartDays }, (_, index) => {
        const date = new Date(`${today}T00:00:00Z`);
        date.setUTCDate(date.getUTCDate() - (chartDays - 1 - index));
        return date.toISOString().slice(0, 10);
      });
      const rows = new Map((await roomDays(app.db, request.params.id, dates[0] ?? today, today)).map((row) => [row.business_date, row]));
      return success(
        dates.map((date) => {
          const row = rows.get(date);
          return {
            business_date: date,
            kwh: row === undefined ? null : kwh(row.wh),
            revenue: row === undefined ? null : points(row.revenue),
          };
        }),
      );
    },
  );

  app.get(
    '/admin/v1/engine-rooms/:id/distributions/:date',
    {
      schema: {
        tags,
        summary:
          'A room day’s distribution explained: revenue, pool and fee, orders paid and how much, and for each order that did not ' +
          'earn, why (paid after the day, cancelled or refunded, not paid, no revenue, capacity not set, not shared out yet)',
        params: Type.Object({ id: roomParams.properties.id, date: dateText('The business day') }),
        querystring: Type.Object({ page: pageField, outcome: Type.Optional(outcomeSchema) }),
        security: bearer,
        response: {
          200: envelopeOf(
            Type.Object({
              engine_room_id: Type.Integer(),
              business_date: Type.String(),
              state: oneOf(dayStates, 'Shared out, under way, not run yet, nothing recorded to share, or waiting for a capacity'),
              capacity_units: Type.Union([Type.Integer(), Type.Null()]),
              revenue: pointsText('The day’s revenue with corrections'),
              pool: pointsText('What the orders share: revenue less the fee (as it will be, when not run yet)'),
              fee: pointsText('The operator’s fee kept from the revenue'),
              fee_percent: Type.Number(),
              recorded_revenue: pointsText('The day’s revenue as first recorded'),
              carried_in: pointsText('What the pool gave up to decreases carried from the room’s earlier days (decision 048)'),
              corrections: Type.Array(
                Type.Object({
                  id: Type.Integer(),
                  revenue: pointsText('The signed correction'),
                  reason: Type.String(),
                  created_at: Type.String({ format: 'date-time' }),
                  state: oneOf(correctionStates, 'Held, waiting for the next run, shared, carried (a decrease), in the pool, or withdrawn'),
                  pool_change: Type.Union([pointsText('What it changed in the pool, at the day’s fee'), Type.Null()]),
                  amount_paid: pointsText('What its sharing paid to the orders'),
                  carried: pointsText('What a decrease carries against the room’s later days'),
                }),
              ),
              orders_paid: Type.Integer(),
              amount_paid: pointsText('Income credited to the orders, corrections shared included'),
              outcomes: Type.Array(
                Type.Object({
                  outcome: outcomeSchema,
                  orders: Type.Integer(),
                  amount: pointsText('What the orders cost'),
                  earned: pointsText('Income'),
                }),
              ),
              orders: paginatedOf(
                Type.Object({
                  order_number: Type.String(),
                  amount: pointsText('What the order cost'),
                  paid_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
                  earned: Type.Union([pointsText('Income from the day'), Type.Null()]),
                  outcome: outcomeSchema,
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { id, date } = request.params;
      const day = checkedDate('date', date) ?? date;
      const settings = await readSettings(app.db, app.config);
      const facts = await dayFacts(app.db, id, day, settings.operatorFeeBp);
      if (facts === undefined) throw notFound('engine_room_not_found', 'Engine room not found');
      const corrections = await dayCorrections(app.db, id, day, new Date());
      const { page = 1, outcome } = request.query;
      const [counts, total, rows] = await Promise.all([
        outcomeCounts(app.db, id, day),
        countExplainedOrders(app.db, id, day, outcome),
        listExplainedOrders(app.db, id, day, pageOffset(page), perPageDefault, outcome),
      ]);
      const revenue = BigInt(facts.revenue);
      const pool = BigInt(facts.pool);
      const state: (typeof dayStates)[number] =
        facts.finished === true
          ? 'finished'
          : facts.finished === false
            ? 'running'
            : facts.records === 0
              ? 'no_revenue'
              : facts.capacity_units === null
                ? 'capacity_not_set'
                : 'not_run';
      return success({
        engine_room_id: id,
        business_date: day,
        state,
        capacity_units: facts.capacity_units,
        revenue: points(revenue),
        pool: points(pool),
        fee: points(facts.fee),
        fee_percent: facts.fee_bp / 100,
        recorded_revenue: points(facts.recorded_revenue),
        carried_in: points(facts.carried_in),
        corrections: corrections.map((row) => ({
          id: Number(row.id),
          revenue: points(row.revenue),
          reason: row.reason,
          created_at: new Date(row.created_at).toISOString(),
          state: row.state,
          pool_change: row.pool_delta === null ? null : points(row.pool_delta),
          amount_paid: points(row.amount_paid),
          carried: points(row.carried),
        })),
        orders_paid: facts.orders_credited ?? 0,
        amount_paid: points(facts.amount_credited ?? '0'),
        outcomes: counts.map((row) => ({ ...row, amount: points(row.amount), earned: points(row.earned) })),
        orders: paginate(
          request,
          page,
          total,
          rows.map((row) => ({
            ...row,
            amount: points(row.amount),
            paid_at: row.paid_at === null ? null : new Date(row.paid_at).toISOString(),
            earned: row.earned === null ? null : points(row.earned),
          })),
        ),
      });
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RevenueDayState } from '../../contract/revenue.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate } from '../http/paging.ts';
import { envelopeOf } from '../http/schemas.ts';
import { dateText, points } from '../revenue/revenue.json.ts';
import { checkedDate } from '../revenue/revenue.service.ts';
import { explanationSchema, outcomeSchema } from './distribution.schemas.ts';
import { explainDay } from './distribution-explain.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
const roomParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** A room day's distribution explained to an operator, order by order. */
export const distributionExplainAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
          200: envelopeOf(explanationSchema),
        },
      },
    },
    async (request) => {
      const { id, date } = request.params;
      const { page = 1, outcome } = request.query;
      const { day, facts, corrections, counts, total, rows } = await explainDay(app.db, app.config, id, checkedDate('date', date) ?? date, {
        offset: pageOffset(page),
        outcome,
      });
      const revenue = BigInt(facts.revenue);
      const pool = BigInt(facts.pool);
      const state: RevenueDayState =
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

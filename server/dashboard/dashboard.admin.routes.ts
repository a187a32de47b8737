import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { localisedSchema } from '../catalogue/localised-name.schemas.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { readDashboard } from './dashboard.service.ts';

const count = (description: string) => Type.Integer({ minimum: 0, description });

const queueFields = {
  payment_notices: count('Payment notices waiting for a decision (order-notices, pending)'),
  verifications: count('Identity verifications pending review'),
  withdrawals: count('Withdrawals waiting to be paid out or rejected'),
  refunds_owed: count('Refunds owed to payers and not yet paid back'),
};
const offlineDescription = 'Machines in service silent for 5 minutes or never heard from (retired ones not counted)';

const dashboardSchema = Type.Object({
  queues: Type.Object(queueFields),
  machines: Type.Object({
    offline: count(offlineDescription),
    online: count('Machines in service that reported in within 5 minutes'),
  }),
  distribution: Type.Object({
    time_zone: Type.String({ description: 'The zone business days are counted in' }),
    days: Type.Array(
      Type.Object({
        business_date: Type.String({ format: 'date' }),
        day: Type.Union([Type.Literal('today'), Type.Literal('yesterday')]),
        rooms: Type.Array(
          Type.Object({
            engine_room_id: Type.Integer(),
            name: Type.String(),
            names: localisedSchema('the room name in each language; show `name` where one is missing'),
            state: Type.Union(
              [
                Type.Literal('finished'),
                Type.Literal('paid_so_far'),
                Type.Literal('running'),
                Type.Literal('scheduled'),
                Type.Literal('waiting_capacity'),
                Type.Literal('no_revenue'),
              ],
              {
                description:
                  'finished or running: the distribution; paid_so_far: shared out on demand before the day ended, orders paid later that day are credited by a later run; scheduled: revenue recorded, shared out once the day has ended; waiting_capacity: revenue recorded but the room has no installed capacity; no_revenue: nothing recorded for the day',
              },
            ),
            orders_credited: count('Orders credited so far'),
            amount_credited: Type.Number({ description: 'Points credited so far' }),
          }),
        ),
      }),
      { description: 'Today, then yesterday' },
    ),
  }),
  checklist: Type.Object({
    ready: Type.Boolean({ description: 'Every item is done: the business can take payments' }),
    items: Type.Array(
      Type.Object({
        id: Type.Union([
          Type.Literal('receiving_account'),
          Type.Literal('product_on_sale'),
          Type.Literal('engine_room_capacity'),
          Type.Literal('income_settings'),
        ]),
        done: Type.Boolean(),
        count: Type.Optional(count('How many there are (accounts, products on sale, rooms with a capacity)')),
        tab: Type.String({ description: 'The back-office tab that does this step' }),
      }),
    ),
  }),
  generated_at: Type.String({ format: 'date-time' }),
});

/** The operator's first screen: what waits, how income went today and yesterday, and what setup is left. */
export const dashboardAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/v1/dashboard',
    {
      schema: {
        tags: ['operators'],
        summary:
          'Counts of every queue, each engine room’s distribution today and yesterday, machines offline, and the setup checklist until the business can take payments',
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(dashboardSchema) },
      },
    },
    async () => success(await readDashboard(app.db, app.config)),
  );

  app.get(
    '/admin/v1/work-counts',
    {
      schema: {
        tags: ['operators'],
        summary: 'The work waiting in each queue, for the navigation and the page title; light enough to ask every few seconds',
        description:
          'Kept per process and read again when a queue announces a change (decision 065), so it follows the work within moments on every process.',
        security: [{ bearer: [] }],
        querystring: Type.Object({
          fresh: Type.Optional(
            Type.Boolean({ description: 'Read from the database now, after an action of one’s own that settled an item' }),
          ),
        }),
        response: {
          200: envelopeOf(
            Type.Object({
              ...queueFields,
              machines_offline: count(offlineDescription),
              adjustments_pending: count('Credits and debits by customer service waiting for a second administrator'),
              partner_failures: count('Transfers of the last 24 hours a partner platform did not answer (GET partner-failures)'),
            }),
          ),
        },
      },
    },
    async (request) => success(await app.workCounts.read(app.db, { fresh: request.query.fresh === true })),
  );
};

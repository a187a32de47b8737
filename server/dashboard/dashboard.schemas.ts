import { Type } from 'typebox';
import { localisedSchema } from '../catalogue/localised-name.schemas.ts';

const count = (description: string) => Type.Integer({ minimum: 0, description });

const queueFields = {
  payment_notices: count('Payment notices waiting for a decision (order-notices, pending)'),
  verifications: count('Identity verifications pending review'),
  withdrawals: count('Withdrawals waiting to be paid out or rejected'),
  refunds_owed: count('Refunds owed to payers and not yet paid back'),
};
const offlineDescription = 'Machines in service silent for 5 minutes or never heard from (retired ones not counted)';

/** GET admin/v1/dashboard: the operator's first screen. */
export const dashboardSchema = Type.Object({
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

/** GET admin/v1/work-counts: the work waiting in each queue, for the navigation and the page title. */
export const workCountsSchema = Type.Object({
  ...queueFields,
  machines_offline: count(offlineDescription),
  adjustments_pending: count('Credits and debits by customer service waiting for a second administrator'),
  partner_failures: count('Transfers of the last 24 hours a partner platform did not answer (GET partner-failures)'),
});

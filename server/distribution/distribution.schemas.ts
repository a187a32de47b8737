import { Type } from 'typebox';
import { revenueDayStates, revenueOrderOutcomes } from '../../contract/revenue.ts';
import { localisedSchema } from '../catalogue/localised-name.schemas.ts';
import { paginatedOf } from '../http/paging.ts';
import { oneOf, pointsText } from '../revenue/revenue.json.ts';

/** An engine room as members read it (the cart, /dig): the room itself. */
export const engineRoomSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  names: localisedSchema('the name in each language; show `name` where one is missing'),
  type: Type.String(),
  types: localisedSchema('the type in each language; show `type` where one is missing'),
  location: Type.String(),
  locations: localisedSchema('the location in each language; show `location` where one is missing'),
  capacity_units: Type.Union([Type.Integer(), Type.Null()], {
    description:
      "installed capacity in units: each order earns its units over this share of the room's day (null: not set, nobody earns yet)",
  }),
});

/** One business day of a room's recorded production. */
export const dayProductionSchema = Type.Object({
  business_date: Type.String(),
  kwh: Type.Number(),
  revenue: Type.Number({ description: 'points collected that day, corrections included' }),
});

/** An engine room in GET v1/engineRoom: the room with its recorded production of the last 30 days. */
export const listedEngineRoomSchema = Type.Intersect([engineRoomSchema, Type.Object({ production: Type.Array(dayProductionSchema) })]);

/** GET v1/engineRoom/{id}/recent: the least and most an order of the amount would have been paid a day there lately. */
export const recentSharesSchema = Type.Object({
  days: Type.Integer({ description: 'the business days looked back over, today included' }),
  shared_days: Type.Integer({ description: 'of those, the days the room’s revenue was shared out: none means no history to go by' }),
  low: Type.Union([Type.Number(), Type.Null()], {
    description: 'the least an order of the amount would have been paid on one of them; null with none',
  }),
  high: Type.Union([Type.Number(), Type.Null()], { description: 'the most; null with none' }),
});

const points = (description: string) => Type.Number({ description });

/** One room's business day of GET v1/trust. */
export const trustDaySchema = Type.Object({
  engine_room_id: Type.Integer(),
  business_date: Type.String(),
  kwh: Type.Number({ description: 'energy recorded, corrections included' }),
  revenue: points('revenue moved into the room’s ledger account for the day, corrections included'),
  evidence: Type.String({ description: 'where the recorded figures can be checked' }),
  adjustments: Type.Integer({ description: 'corrections recorded after the day' }),
  fee_percent: Type.Union([Type.Number(), Type.Null()], { description: 'operator fee of the distribution; null before it ran' }),
  distributable: Type.Union([Type.Number(), Type.Null()], { description: 'revenue less the fee when the day was shared' }),
  capacity_units: Type.Union([Type.Number(), Type.Null()], {
    description:
      'the capacity in units the day was shared by (each order earned its units over this share of the distributable): fixed when the day was shared, whatever the room’s capacity is now; null before it ran',
  }),
  income: points('income paid to members for the day, out of the room’s account'),
  kept: points('revenue less income: the fee, unsold capacity’s share and rounding, kept in the room'),
});

/** One room's ledger totals since the start, in GET v1/trust's `rooms`. */
export const trustRoomSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  names: localisedSchema('the name in each language; show `name` where one is missing'),
  capacity_units: Type.Union([Type.Integer(), Type.Null()], {
    description: 'the room’s installed capacity now; each day carries the capacity it was shared by (decision 052)',
  }),
  revenue: points('all revenue ever moved into the room’s account'),
  income: points('all income ever paid out of it'),
  balance: points('what the account holds now: revenue less income, never below zero'),
});

/** A member's income record: GET v1/interest. */
export const incomeRecordSchema = Type.Object({
  id: Type.Integer(),
  interest_record_number: Type.String(),
  amount: Type.Number(),
  business_date: Type.String(),
  order_id: Type.Integer(),
  engine_room_id: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
});

/** GET v1/interest's top-level `wallet`: the price and the expected monthly rate the screens estimate with. */
export const interestWalletSchema = Type.Object({ original_price: Type.Number(), interest_rate: Type.Number() });

/** What POST admin/v1/income/distribute shared out: in all and by room day. */
export const distributionRunSchema = Type.Object({
  orders_credited: Type.Integer(),
  total: Type.Number(),
  days: Type.Array(
    Type.Object({
      engine_room_id: Type.Integer(),
      business_date: Type.String(),
      orders_credited: Type.Integer(),
      total: Type.Number(),
      waiting: Type.Optional(
        Type.Literal('capacity_not_set', {
          description: 'The room has no installed capacity: nothing is shared until one is set',
        }),
      ),
    }),
  ),
});

/** Why an order earned or did not earn from a room's day. */
export const outcomeSchema = oneOf(revenueOrderOutcomes, 'Why the order earned or did not earn from the day');
const correctionStates = ['held', 'waiting', 'shared', 'carried', 'withdrawn', 'in_pool'] as const;

/** One order of a room's day, in the explanation's `orders` page. */
export const explainedOrderSchema = Type.Object({
  order_number: Type.String(),
  amount: pointsText('What the order cost'),
  paid_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  earned: Type.Union([pointsText('Income from the day'), Type.Null()]),
  outcome: outcomeSchema,
});

/** A room day's distribution explained: GET admin/v1/engine-rooms/{id}/distributions/{date}. */
export const explanationSchema = Type.Object({
  engine_room_id: Type.Integer(),
  business_date: Type.String(),
  state: oneOf(revenueDayStates, 'Shared out, under way, not run yet, nothing recorded to share, or waiting for a capacity'),
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
  orders: paginatedOf(explainedOrderSchema),
});

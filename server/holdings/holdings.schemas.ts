import { Type } from 'typebox';
import { nullable } from '../http/schemas.ts';
import { recentResultsDays } from '../../contract/limits.ts';
import { localisedSchema } from '../catalogue/localised-name.schemas.ts';

/** A paid order the member owns, with its room, share and what it has earned: GET v1/holdings. */
export const holdingSchema = Type.Object({
  id: Type.Integer({ description: 'the order’s id' }),
  order_number: Type.String(),
  product: Type.Object({ id: Type.Integer(), name: Type.String(), names: localisedSchema('the name in each language') }),
  delivery_method_id: Type.Integer({ description: '1 hosted in a room, 2 a machine delivered home (the member binds it on /addmachine)' }),
  engine_room: nullable(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      names: localisedSchema('the name in each language; show `name` where one is missing'),
      location: Type.String(),
      locations: localisedSchema('the location in each language; show `location` where one is missing'),
      capacity_units: nullable(Type.Integer({ description: 'the room’s installed capacity in units now' })),
    }),
  ),
  total_amount: Type.Number({ description: 'points paid, 4 decimals' }),
  units: Type.Number({ description: 'share of the product: amount / price, 4 decimals (rounded down), as the order shows it' }),
  capacity_percent: nullable(
    Type.Number({
      description:
        'the order’s units over the room’s installed capacity now, in percent, 4 decimals (rounded down); null with no room or capacity',
    }),
  ),
  paid_at: Type.String({ format: 'date-time' }),
  income_total: Type.Number({ description: 'all income paid for the order so far, corrections included' }),
  income_recent: Type.Number({ description: `income paid for its last ${recentResultsDays} business days` }),
  room_kwh_recent: nullable(
    Type.Number({ description: `energy its room recorded on the last ${recentResultsDays} business days; null with no room` }),
  ),
});

import { Type } from 'typebox';
import { localisedSchema } from './localised-name.schemas.ts';

export const productSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  names: localisedSchema('the name in each language; show `name` where one is missing'),
  price: Type.Number({ description: 'Points, 4 decimals' }),
  quantity: Type.Integer({ description: 'Units the product can sell in all' }),
  rated_capacity_watts: Type.Integer({ description: 'Rated capacity of one whole unit, for the cart estimate' }),
  descriptions: localisedSchema('the description in each language (blank where the operator wrote none)'),
  specifications: localisedSchema('specifications in each language, one per line'),
  units: localisedSchema('what one unit is called in each language'),
});

import { Type } from 'typebox';

export const productSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  price: Type.Number({ description: 'Points, 4 decimals' }),
  quantity: Type.Integer({ description: 'Units the product can sell in all' }),
  rated_capacity_watts: Type.Integer({ description: 'Rated capacity of one whole unit, for the cart estimate' }),
});

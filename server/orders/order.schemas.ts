import { Type } from 'typebox';
import { orderMinPoints } from '../../contract/limits.ts';
import { amountText } from '../http/schemas.ts';

const methodId = (description: string) => Type.Integer({ minimum: 1, maximum: 2_147_483_647, description });
const address = Type.String({ maxLength: 300, pattern: '^[^\\u0000-\\u001f\\u007f]*$' });

const orderFields = {
  amount: Type.Optional(
    amountText({ minLength: 0, description: `Points, at least ${orderMinPoints}, at most 4 decimals (form field or JSON number)` }),
  ),
  delivery_method_id: methodId('1 hosting, 2 home delivery'),
  engine_room_id: Type.Optional(methodId('Required for hosting (delivery method 1); ignored for home delivery')),
  payment_method_id: methodId('1 bank remittance, 2 virtual currency'),
  delivery_content: Type.Optional(
    Type.Union([address, Type.Object({ address })], {
      description: 'Home delivery address: a plain field, or delivery_content[address]; ignored for hosting',
    }),
  ),
};

/** POST v1/order: the original app's creation payload (docs/original-app.md). */
export const newOrderBody = Type.Object({
  item_content: Type.Array(
    Type.Object({
      product_id: methodId('The product (1: graphene solar power)'),
      count: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 1000, default: 1, description: 'Kept as sent; the share is set by amount' }),
      ),
    }),
    { minItems: 1, maxItems: 10, description: 'Exactly one product: item_content[0][product_id], item_content[0][count]' },
  ),
  ...orderFields,
});

/** PUT v1/order/{id}: the update payload omits item_content; any field left out keeps its value. */
export const orderUpdateBody = Type.Object({
  ...orderFields,
  delivery_method_id: Type.Optional(orderFields.delivery_method_id),
  payment_method_id: Type.Optional(orderFields.payment_method_id),
});

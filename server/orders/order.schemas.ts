import { Type } from 'typebox';
import { orderMinPoints } from '../../contract/limits.ts';
import type { OrderStatus } from '../../contract/statuses.ts';
import { amountText, nullable } from '../http/schemas.ts';

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

/** The order object of the API contract, for its owner: v1/order, and the order a payment notice was for. */
export const orderSchema = Type.Object({
  id: Type.Integer(),
  order_number: Type.String({ description: 'The memo to write on the bank transfer' }),
  created_at: Type.String({ format: 'date-time' }),
  order_status: Type.Unsafe<OrderStatus>(
    Type.Integer({ description: '0 created, 1 pending payment, 2 waiting confirmation, 3 paid off, 4 cancelled' }),
  ),
  total_amount: Type.Number({ description: 'Points, 4 decimals' }),
  units: Type.Number({ description: 'Share of the product bought: amount / price, 4 decimals (rounded down)' }),
  item_content: Type.Array(
    Type.Object({ product_id: Type.Integer(), count: Type.Integer(), product: Type.Object({ id: Type.Integer(), name: Type.String() }) }),
  ),
  delivery_method_id: Type.Integer(),
  delivery_method: Type.Object({ id: Type.Integer() }),
  engine_room_id: nullable(Type.Integer()),
  engine_room: nullable(Type.Object({ id: Type.Integer(), type: Type.String(), name: Type.String() })),
  delivery_content: Type.Object(
    { address: nullable(Type.String()) },
    { description: 'Always an object; address is null for hosting (delivery method 1)' },
  ),
  payment_method_id: Type.Integer(),
  order_notice: nullable(
    Type.Object({
      account_back_five: Type.String(),
      image: Type.Integer(),
      image_path: Type.String(),
      remark: nullable(Type.String()),
      remittance_account: nullable(
        Type.Object(
          {
            id: Type.Integer(),
            bank_name: Type.String(),
            branch: Type.String(),
            account_holder: Type.String(),
            account_number: Type.String(),
            remittance_account_type: Type.Object({ type: Type.String() }),
            demo: Type.Boolean(),
          },
          { description: 'The receiving account paid into, kept even after it is disabled; null when the member did not say' },
        ),
      ),
    }),
  ),
  reject_reason: nullable(Type.String({ description: 'Why an operator rejected the last payment notice (or cancelled the order)' })),
  hold_reason: nullable(Type.String({ description: 'Why a waiting order cannot be confirmed yet (identity not verified)' })),
  payment_returned: Type.Boolean({
    description:
      'The payment came from someone other than the member: the order is cancelled and the money goes back to the payer (decision 050)',
  }),
  paid_at: nullable(Type.String({ format: 'date-time' })),
});

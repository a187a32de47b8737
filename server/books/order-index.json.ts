import { Type, type Static } from 'typebox';
import { pointsToDecimal, unitsToDecimal } from '../shared/money.ts';
import { localisedSchema } from '../catalogue/localised-name.schemas.ts';
import type { OrderIndexRow } from './order-index.repository.ts';

/** One order as the back office's orders index lists it: amounts and units as decimals, names in every language. */
export const orderIndexJson = Type.Object({
  id: Type.Integer(),
  order_number: Type.String(),
  member: Type.Object({ id: Type.Integer(), username: Type.String(), realname: Type.Union([Type.String(), Type.Null()]) }),
  product: Type.Object({ name: Type.String(), names: localisedSchema('The product name in each language') }),
  engine_room: Type.Union([
    Type.Object({ id: Type.Integer(), name: Type.String(), names: localisedSchema('The room name in each language') }),
    Type.Null(),
  ]),
  units: Type.String({ description: 'Units bought, up to 8 decimals' }),
  amount: Type.String({ description: 'points with 4 decimals' }),
  payment_method: Type.String(),
  order_status: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  paid_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  payer_name: Type.Union([Type.String(), Type.Null()]),
  bank_reference: Type.Union([Type.String(), Type.Null()]),
});

export function orderIndexItem(row: OrderIndexRow): Static<typeof orderIndexJson> {
  return {
    id: Number(row.id),
    order_number: row.order_number,
    member: { id: row.user_id, username: row.username, realname: row.realname },
    product: { name: row.product_name, names: row.product_names },
    engine_room: row.engine_room_id === null ? null : { id: row.engine_room_id, name: row.room_name ?? '', names: row.room_names ?? {} },
    units: unitsToDecimal(BigInt(row.units_e8)),
    amount: pointsToDecimal(BigInt(row.amount)),
    payment_method: row.payment_method,
    order_status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    paid_at: row.paid_at === null ? null : new Date(row.paid_at).toISOString(),
    payer_name: row.payer_name,
    bank_reference: row.bank_reference,
  };
}

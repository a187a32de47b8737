import { Type } from 'typebox';
import type { OrderStatus } from '../../contract/statuses.ts';
import { localisedSchema } from '../catalogue/localised-name.schemas.ts';

/** One order as the back office's orders index lists it (GET admin/v1/orders): amounts and units as decimals, names in every language. */
export const indexedOrderSchema = Type.Object({
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
  order_status: Type.Unsafe<OrderStatus>(Type.Integer()),
  created_at: Type.String({ format: 'date-time' }),
  paid_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  payer_name: Type.Union([Type.String(), Type.Null()]),
  bank_reference: Type.Union([Type.String(), Type.Null()]),
});

const money = Type.String({ description: 'points with 4 decimals' });

/** One business day's close: GET admin/v1/books/close. */
export const closeReportSchema = Type.Object({
  day: Type.String(),
  time_zone: Type.String(),
  starts_at: Type.String({ format: 'date-time' }),
  ends_at: Type.String({ format: 'date-time' }),
  movements: Type.Array(Type.Object({ journal_kind: Type.String(), account_kind: Type.String(), amount: money })),
  balances: Type.Array(
    Type.Object({ account_kind: Type.String(), engine_room_id: Type.Union([Type.Integer(), Type.Null()]), amount: money }),
  ),
});

import type { Static } from 'typebox';
import { pointsToDecimal, unitsToDecimal } from '../shared/money.ts';
import type { indexedOrderSchema } from './books.schemas.ts';
import type { OrderIndexRow } from './order-index.repository.ts';

export function orderIndexItem(row: OrderIndexRow): Static<typeof indexedOrderSchema> {
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

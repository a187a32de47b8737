import { localTime } from './books.csv.ts';
import { csvText } from '../shared/csv.ts';
import { pointsToDecimal, unitsToDecimal } from '../shared/money.ts';
import type { OrderIndexRow } from './order-index.repository.ts';

const text = (value: string | null) => csvText(value ?? '');

/** The orders index as an accountant opens it, like the books (books.csv.ts): decimal amounts, business-zone times. */
export const orderIndexFile = {
  header: (zone: string) =>
    `order_number,username,realname,product,engine_room,units,amount,payment_method,order_status,created_at (${zone}),paid_at (${zone}),payer_name,bank_reference`,
  line: (zone: string) => {
    const time = localTime(zone);
    return (row: OrderIndexRow) =>
      [
        row.order_number,
        text(row.username),
        text(row.realname),
        text(row.product_name),
        text(row.room_name),
        unitsToDecimal(BigInt(row.units_e8)),
        pointsToDecimal(BigInt(row.amount)),
        text(row.payment_method),
        row.status,
        time(new Date(row.created_at)),
        row.paid_at === null ? '' : time(new Date(row.paid_at)),
        text(row.payer_name),
        text(row.bank_reference),
      ].join(',');
  },
};

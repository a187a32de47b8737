import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';
import { dateInZone } from '../../server/db/business-day.ts';
import { unitScale } from '../../server/shared/money.ts';
import { points } from './ledger.ts';

/** A business day `daysAgo` before today in the zone (0 is today), as YYYY-MM-DD. */
export function dayAgo(daysAgo: number, timeZone = 'Asia/Taipei'): string {
  return dateInZone(new Date(Date.now() - daysAgo * 86_400_000), timeZone);
}

/** The instant a business day starts in a zone. */
export async function dayStart(db: Db, day: string, timeZone = 'Asia/Taipei'): Promise<Date> {
  const row = await sql<{ at: Date }>`select (${day}::date::timestamp at time zone ${timeZone}) as at`.execute(db);
  return new Date(row.rows[0]?.at ?? 0);
}

/**
 * An order already paid off at `paidAt` (how the buying flow leaves it once an operator confirms),
 * written directly so the income tests can set up many orders quickly. Its units are amount / unit
 * price, rounded up to hundred-millionths as the buying flow rounds them.
 */
export async function paidOrder(
  db: Db,
  userId: number,
  roomId: number,
  amountPoints: number | bigint,
  paidAt: Date,
  unitPricePoints: number | bigint = 15_000_000,
): Promise<string> {
  const amount = typeof amountPoints === 'bigint' ? amountPoints : points(amountPoints);
  const unitPrice = typeof unitPricePoints === 'bigint' ? unitPricePoints : points(unitPricePoints);
  const row = await db
    .insertInto('orders')
    .values({
      order_number: `T${randomBytes(6).toString('hex')}`,
      user_id: userId,
      product_id: 1,
      item_count: 1,
      amount,
      unit_price: unitPrice,
      units_e8: (amount * unitScale + unitPrice - 1n) / unitPrice,
      delivery_method_id: 1,
      engine_room_id: roomId,
      payment_method_id: 1,
      status: 3,
      paid_at: paidAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

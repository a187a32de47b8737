import type { Db } from '../db/database.ts';

export async function countIncomeRecords(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('income_records')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A member's income records, newest first. */
export async function listIncomeRecords(db: Db, userId: number, offset: number, limit: number) {
  return db
    .selectFrom('income_records')
    .select([
      'id',
      'interest_record_number',
      'amount',
      'order_id',
      'engine_room_id',
      'created_at',
      (eb) => eb.cast<string>('business_date', 'text').as('business_date'),
    ])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

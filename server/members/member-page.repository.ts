import type { Db } from '../db/database.ts';

/** Sessions and cards are few per member; a bound keeps one page's answer small whatever happens. */
const sessionsShownMax = 50;
const cardsShownMax = 50;

export async function findMemberProfile(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'realname',
      'phone',
      'email',
      'verification_status',
      'verification_reason',
      'verification_submitted_at',
      'account_status',
      'created_at',
      'updated_at',
      'withdrawal_cooldown_hours',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The member's cards, never their numbers: the bank and the last four digits are all the back office sees. */
export async function memberCards(db: Db, userId: number) {
  return db
    .selectFrom('bank_cards')
    .select(['id', 'bank_name', 'card_last4', 'created_at'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(cardsShownMax)
    .execute();
}

/** Sessions still open: not revoked. An idle one may have expired by time, which the guard decides on use. */
export async function memberOpenSessions(db: Db, userId: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('last_seen_at', 'desc')
    .limit(sessionsShownMax)
    .execute();
}

export async function countMemberOrders(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the member's orders, newest first. */
export async function memberOrders(db: Db, userId: number, offset: number, limit: number) {
  return db
    .selectFrom('orders')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .select([
      'orders.id',
      'orders.order_number',
      'products.name as product',
      'orders.item_count',
      'orders.amount',
      'orders.status',
      'orders.created_at',
    ])
    .where('orders.user_id', '=', userId)
    .orderBy('orders.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

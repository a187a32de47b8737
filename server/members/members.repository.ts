import type { Db } from '../db/database.ts';
import type { AccountStatus } from '../db/schema.ts';

export async function countByAccountStatus(db: Db, status: AccountStatus): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Members in one account status, the longest unchanged first. */
export async function listByAccountStatus(db: Db, status: AccountStatus, offset: number, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'realname', 'phone', 'verification_status', 'account_status', 'updated_at'])
    .where('account_status', '=', status)
    .orderBy('updated_at')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** The member's account status under a row lock, so two reviews of one member queue. */
export async function lockAccountStatus(db: Db, userId: number) {
  return db.selectFrom('users').select(['account_status']).where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** Locks the member's row and reads their own withdrawal cool-down (null: the install's). */
export async function lockWithdrawalCooldown(db: Db, userId: number) {
  return db.selectFrom('users').select(['withdrawal_cooldown_hours']).where('id', '=', userId).forUpdate().executeTakeFirst();
}

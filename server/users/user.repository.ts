import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AccountStatus, UserTable } from '../db/schema.ts';

export type UserRow = Selectable<UserTable>;

export async function insertUser(db: Db, user: Insertable<UserTable>): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: number, changes: Updateable<UserTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Locks the member's row until the transaction ends: two logins at once queue here. */
export async function lockUser(db: Db, id: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

export async function findUserByReferralCode(db: Db, code: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('referral_code', '=', code.toUpperCase()).executeTakeFirst();
}

export async function referralCodeOf(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const row = await db.selectFrom('users').select('referral_code').where('id', '=', userId).executeTakeFirst();
  return row?.referral_code ?? null;
}

/**
 * True when `candidateId` is `userId` or one of its descendants: making it the parent would close a cycle.
 * UNION rather than UNION ALL, so the walk ends even on a cycle that should never exist.
 */
export async function isSelfOrDescendant(db: Db, userId: number, candidateId: number): Promise<boolean> {
  const row = await db
    .withRecursive('descendants(id)', (qb) =>
      qb
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .union((union) => union.selectFrom('users').innerJoin('descendants', 'users.parent_id', 'descendants.id').select('users.id')),
    )
    .selectFrom('descendants')
    .select('id')
    .where('id', '=', candidateId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The member's account status, or undefined when there is no such member. */
export async function accountStatusOf(db: Db, userId: number) {
  const row = await db.selectFrom('users').select('account_status').where('id', '=', userId).executeTakeFirst();
  return row?.account_status;
}

/** The member's standing, locked against changes until the transaction ends (a payment decision reads it). */
export async function lockMemberStanding(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'realname', 'verification_status', 'account_status'])
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
}

export async function setAccountStatus(db: Db, userId: number, status: AccountStatus, now = new Date()): Promise<void> {
  await db.updateTable('users').set({ account_status: status, updated_at: now }).where('id', '=', userId).execute();
}

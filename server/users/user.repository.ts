import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { UserTable } from '../db/schema.ts';

export type UserRow = Selectable<UserTable>;

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

import type { Db } from '../db/database.ts';
import { notFound } from '../shared/errors.ts';
import { findUserById, type UserRow } from './user.repository.ts';

/** The signed-in member's record, or 404 when the account is gone (a token outliving its member). */
export async function existingMember(db: Db, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (user === undefined) throw notFound('member_not_found', 'User not found');
  return user;
}

/** What the users routes read, passed through from the queries as they are. */
export { findUserById } from './user.repository.ts';
export type { UserRow } from './user.repository.ts';

import type { Db } from '../db/database.ts';

/** Records a new code for the member; any earlier unused one stops working, so only the last code given counts. */
export async function insertPasswordReset(
  db: Db,
  reset: { userId: number; codeHash: string; createdBy: number; expiresAt: Date },
): Promise<void> {
  await db
    .updateTable('member_password_resets')
    .set({ used_at: new Date() })
    .where('user_id', '=', reset.userId)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('member_password_resets')
    .values({ user_id: reset.userId, code_hash: reset.codeHash, created_by: reset.createdBy, expires_at: reset.expiresAt })
    .execute();
}

/** The member's unused, unexpired code with this hash, locked until the transaction ends, so it is used once. */
export async function lockUsableReset(db: Db, userId: number, codeHash: string, now: Date) {
  return db
    .selectFrom('member_password_resets')
    .select(['id', 'created_by'])
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .forUpdate()
    .executeTakeFirst();
}

export async function markResetUsed(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('member_password_resets').set({ used_at: now }).where('id', '=', id).execute();
}

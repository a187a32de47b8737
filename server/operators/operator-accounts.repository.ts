import type { Db } from '../db/database.ts';
import type { OperatorRole } from '../db/schema-operators.ts';

export async function findOperatorByUsername(db: Db, username: string) {
  return db
    .selectFrom('operators')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

/** A new operator; `passwordChangeRequired` when someone else chose the first password (they choose their own at first sign-in). */
export async function insertOperator(
  db: Db,
  username: string,
  passwordHash: string,
  role: OperatorRole,
  passwordChangeRequired = false,
): Promise<number> {
  const row = await db
    .insertInto('operators')
    .values({ username, password_hash: passwordHash, role, password_change_required: passwordChangeRequired })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setOperatorPassword(db: Db, operatorId: number, passwordHash: string): Promise<void> {
  await db.updateTable('operators').set({ password_hash: passwordHash, disabled_at: null }).where('id', '=', operatorId).execute();
  await db.updateTable('operator_sessions').set({ revoked_at: new Date() }).where('operator_id', '=', operatorId).execute();
}

/** Whether every operator must sign in with two factors (decision 026). */
export async function twoFactorRequired(db: Db): Promise<boolean> {
  const row = await db.selectFrom('operator_settings').select('two_factor_required').where('id', '=', 1).executeTakeFirst();
  return row?.two_factor_required ?? false;
}

/** A new password hash only: the operator's sessions and state are the caller's to handle. */
export async function replacePasswordHash(db: Db, operatorId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('operators')
    .set({ password_hash: passwordHash, password_change_required: false })
    .where('id', '=', operatorId)
    .execute();
}

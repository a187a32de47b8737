import type { Db } from '../db/database.ts';
import type { OperatorSessionStage } from '../db/schema-operators.ts';

/** An operator's sessions as sign-in, two-factor, password changes and logout start, move on and end them. */
export async function createOperatorSession(
  db: Db,
  operatorId: number,
  tokenHash: string,
  stage: OperatorSessionStage = 'signed_in',
): Promise<void> {
  await db.insertInto('operator_sessions').values({ operator_id: operatorId, token_hash: tokenHash, stage }).execute();
}

/** Moves a session on through sign-in (to 'signed_in' once the second factor is given). */
export async function setOperatorSessionStage(db: Db, sessionId: string, stage: OperatorSessionStage): Promise<void> {
  await db.updateTable('operator_sessions').set({ stage, last_seen_at: new Date() }).where('id', '=', sessionId).execute();
}

/**
 * Ends an operator's open sessions at once (disabled, or a new password): all of them, or every one
 * but `keepSessionId` (the operator who changed their own password stays signed in where they did it).
 */
export async function revokeOperatorSessions(db: Db, operatorId: number, keepSessionId?: string): Promise<void> {
  let update = db
    .updateTable('operator_sessions')
    .set({ revoked_at: new Date() })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== undefined) update = update.where('id', '!=', keepSessionId);
  await update.execute();
}

/**
 * Ends every open session of every operator without two-factor sign-in (it was just required of
 * everyone); returns the sessions ended, with their operators.
 */
export async function revokeSessionsWithoutTwoFactor(db: Db): Promise<{ id: string; operator_id: number }[]> {
  return db
    .updateTable('operator_sessions')
    .set({ revoked_at: new Date() })
    .where('revoked_at', 'is', null)
    .where('operator_id', 'in', (eb) => eb.selectFrom('operators').select('operators.id').where('operators.totp_enabled_at', 'is', null))
    .returning(['id', 'operator_id'])
    .execute();
}

export async function revokeOperatorSession(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('operator_sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();
}

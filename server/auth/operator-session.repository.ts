import type { Db } from '../db/database.ts';
import type { OperatorRole, OperatorSessionStage } from '../db/schema-operators.ts';

export interface OperatorSession {
  sessionId: string;
  operatorId: number;
  lastSeenAt: Date;
  revoked: boolean;
  disabled: boolean;
  createdAt: Date;
  role: OperatorRole;
  stage: OperatorSessionStage;
}

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
export async function revokeSessionsWithoutTwoFactor(db: Db): Promise<{ sessionId: string; operatorId: number }[]> {
  const rows = await db
    .updateTable('operator_sessions')
    .set({ revoked_at: new Date() })
    .where('revoked_at', 'is', null)
    .where('operator_id', 'in', (eb) => eb.selectFrom('operators').select('operators.id').where('operators.totp_enabled_at', 'is', null))
    .returning(['id', 'operator_id'])
    .execute();
  return rows.map((row) => ({ sessionId: row.id, operatorId: row.operator_id }));
}

/** One session with its operator's state, found by its token's hash or by its id. */
async function findSessionBy(
  db: Db,
  column: 'operator_sessions.token_hash' | 'operator_sessions.id',
  value: string,
): Promise<OperatorSession | undefined> {
  const row = await db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select([
      'operator_sessions.id',
      'operator_sessions.operator_id',
      'operator_sessions.last_seen_at',
      'operator_sessions.revoked_at',
      'operator_sessions.created_at',
      'operator_sessions.stage',
      'operators.disabled_at',
      'operators.role',
    ])
    .where(column, '=', value)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    sessionId: row.id,
    operatorId: row.operator_id,
    lastSeenAt: new Date(row.last_seen_at),
    revoked: row.revoked_at !== null,
    disabled: row.disabled_at !== null,
    createdAt: new Date(row.created_at),
    role: row.role,
    stage: row.stage,
  };
}

export const findOperatorSession = (db: Db, tokenHash: string) => findSessionBy(db, 'operator_sessions.token_hash', tokenHash);

/** By the session's id, which a preview pass names (the pass is signed, so the id alone opens nothing). */
export const findOperatorSessionById = (db: Db, sessionId: string) => findSessionBy(db, 'operator_sessions.id', sessionId);

export async function touchOperatorSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.updateTable('operator_sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export async function revokeOperatorSession(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('operator_sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();
}

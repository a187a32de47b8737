import type { Db } from '../db/database.ts';
import type { OperatorRole, OperatorSessionStage } from '../db/schema-operators.ts';

export interface OperatorSession {
  id: string;
  operator_id: number;
  last_seen_at: Date;
  revoked: boolean;
  disabled: boolean;
  created_at: Date;
  role: OperatorRole;
  stage: OperatorSessionStage;
}

/**
 * One session with its operator's state, found by its token's hash or by its id: what the operator guard and the
 * preview passes read. Starting, moving on and ending sessions is the operators' own (operators/operator-sessions.repository.ts).
 */
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
    id: row.id,
    operator_id: row.operator_id,
    last_seen_at: new Date(row.last_seen_at),
    revoked: row.revoked_at !== null,
    disabled: row.disabled_at !== null,
    created_at: new Date(row.created_at),
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

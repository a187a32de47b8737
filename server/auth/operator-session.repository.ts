import type { Db } from '../db/database.ts';

export interface OperatorSession {
  sessionId: string;
  operatorId: number;
  lastSeenAt: Date;
  revoked: boolean;
  disabled: boolean;
}

export async function createOperatorSession(db: Db, operatorId: number, tokenHash: string): Promise<void> {
  await db.insertInto('operator_sessions').values({ operator_id: operatorId, token_hash: tokenHash }).execute();
}

export async function findOperatorSession(db: Db, tokenHash: string): Promise<OperatorSession | undefined> {
  const row = await db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select([
      'operator_sessions.id',
      'operator_sessions.operator_id',
      'operator_sessions.last_seen_at',
      'operator_sessions.revoked_at',
      'operators.disabled_at',
    ])
    .where('operator_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    sessionId: row.id,
    operatorId: row.operator_id,
    lastSeenAt: new Date(row.last_seen_at),
    revoked: row.revoked_at !== null,
    disabled: row.disabled_at !== null,
  };
}

export async function touchOperatorSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.updateTable('operator_sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export async function revokeOperatorSession(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('operator_sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();
}

import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { OperatorRole } from '../db/schema-operators.ts';

export interface OperatorListRow {
  id: number;
  username: string;
  role: OperatorRole;
  two_factor: boolean;
  disabled_at: Date | null;
  created_at: Date;
  last_seen_at: Date | null;
}

export async function countOperators(db: Db): Promise<number> {
  const row = await db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Enabled operators first, then by name; last seen is the latest use of any of their sessions. */
export async function listOperators(db: Db, offset: number, limit: number): Promise<OperatorListRow[]> {
  const rows = await db
    .selectFrom('operators')
    .select((eb) => [
      'operators.id',
      'operators.username',
      'operators.role',
      'operators.disabled_at',
      'operators.created_at',
      eb('operators.totp_enabled_at', 'is not', null).as('two_factor'),
      eb
        .selectFrom('operator_sessions')
        .select((inner) => inner.fn.max('operator_sessions.last_seen_at').as('seen'))
        .whereRef('operator_sessions.operator_id', '=', 'operators.id')
        .as('last_seen_at'),
    ])
    .orderBy(sql`operators.disabled_at is not null`)
    .orderBy(sql`lower(operators.username)`)
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    two_factor: Boolean(row.two_factor),
    created_at: new Date(row.created_at),
    disabled_at: row.disabled_at === null ? null : new Date(row.disabled_at),
    last_seen_at: row.last_seen_at === null || row.last_seen_at === undefined ? null : new Date(row.last_seen_at),
  }));
}

/**
 * Locks every enabled administrator's row until the transaction ends and returns their ids, so two
 * operators demoting or disabling the last two administrators at once cannot both succeed.
 */
export async function lockEnabledAdministrators(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('operators')
    .select('id')
    .where('role', '=', 'administrator')
    .where('disabled_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

export async function lockOperator(db: Db, operatorId: number) {
  return db
    .selectFrom('operators')
    .select(['id', 'username', 'role', 'disabled_at', 'totp_enabled_at', 'totp_pending_secret'])
    .where('id', '=', operatorId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setOperatorRole(db: Db, operatorId: number, role: OperatorRole): Promise<void> {
  await db.updateTable('operators').set({ role }).where('id', '=', operatorId).execute();
}

export async function setOperatorDisabled(db: Db, operatorId: number, disabledAt: Date | null): Promise<void> {
  await db.updateTable('operators').set({ disabled_at: disabledAt }).where('id', '=', operatorId).execute();
}

export async function setTwoFactorRequired(db: Db, required: boolean): Promise<boolean> {
  const before = await db
    .selectFrom('operator_settings')
    .select('two_factor_required')
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
  await db.updateTable('operator_settings').set({ two_factor_required: required, updated_at: new Date() }).where('id', '=', 1).execute();
  return before.two_factor_required;
}

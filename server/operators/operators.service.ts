import type { Db } from '../db/database.ts';
import type { OperatorRole } from '../db/schema-operators.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { hashPassword } from '../auth/password.ts';
import { revokeOperatorSessions, revokeSessionsWithoutTwoFactor } from './operator-sessions.repository.ts';
import { checkOperatorCredentials } from './login.service.ts';
import { findOperatorByUsername, insertOperator } from './operator-accounts.repository.ts';
import { ApiError, fieldError, notFound } from '../shared/errors.ts';
import { clearTwoFactor } from './two-factor.repository.ts';
import {
  lockEnabledAdministrators,
  lockOperator,
  setOperatorDisabled,
  setOperatorRole,
  setTwoFactorRequired,
} from './operators.repository.ts';

const takenMessage = 'That username is already in use';
const lastAdministratorMessage = 'At least one enabled administrator must remain';
const selfMessage = 'You cannot change your own role or disable yourself';

/** Adds an operator from the screen: a name, a first password they change later, and a role. */
export async function addOperator(db: Db, by: number, username: string, password: string, role: OperatorRole): Promise<number> {
  checkOperatorCredentials(username, password);
  if ((await findOperatorByUsername(db, username)) !== undefined) throw fieldError('username', 'operator_name_taken', takenMessage);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    // The unique index settles two adds of one name at once; the loser is told the name is taken.
    const id = await insertOperator(trx, username, passwordHash, role, true).catch(async (error: unknown) => {
      if ((await findOperatorByUsername(db, username)) !== undefined) throw fieldError('username', 'operator_name_taken', takenMessage);
      throw error;
    });
    await recordAudit(trx, {
      operatorId: by,
      action: 'operator.create',
      subjectType: 'operator',
      subjectId: id,
      after: { username, role },
    });
    return id;
  });
}

/** Loads and locks the operator being changed, refusing changes to oneself. */
async function target(trx: Db, by: number, operatorId: number) {
  if (operatorId === by) throw new ApiError(409, 'operator_self_change', selfMessage);
  const operator = await lockOperator(trx, operatorId);
  if (operator === undefined) throw notFound('operator_not_found', 'Operator not found');
  return operator;
}

/** Refuses a change that would leave no enabled administrator. */
async function keepAnAdministrator(trx: Db, operatorId: number): Promise<void> {
  const administrators = await lockEnabledAdministrators(trx);
  if (administrators.length === 1 && administrators[0] === operatorId)
    throw new ApiError(409, 'operator_last_administrator', lastAdministratorMessage);
}

export async function changeOperatorRole(db: Db, by: number, operatorId: number, role: OperatorRole, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const operator = await target(trx, by, operatorId);
    if (operator.role === role) throw new ApiError(409, 'nothing_to_change', 'The operator already has this role');
    if (operator.role === 'administrator') await keepAnAdministrator(trx, operatorId);
    await setOperatorRole(trx, operatorId, role);
    await recordAudit(trx, {
      operatorId: by,
      action: 'operator.role',
      subjectType: 'operator',
      subjectId: operatorId,
      before: { role: operator.role },
      after: { role, reason },
    });
  });
}

/** Disabling ends every session of the operator in the same transaction: they are out at once. */
export async function setOperatorEnabled(db: Db, by: number, operatorId: number, enabled: boolean, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const operator = await target(trx, by, operatorId);
    if ((operator.disabled_at === null) === enabled)
      throw new ApiError(409, 'nothing_to_change', enabled ? 'The operator is already enabled' : 'The operator is already disabled');
    if (!enabled && operator.role === 'administrator') await keepAnAdministrator(trx, operatorId);
    await setOperatorDisabled(trx, operatorId, enabled ? null : new Date());
    if (!enabled) await revokeOperatorSessions(trx, operatorId);
    await recordAudit(trx, {
      operatorId: by,
      action: enabled ? 'operator.enable' : 'operator.disable',
      subjectType: 'operator',
      subjectId: operatorId,
      before: { disabled: !enabled },
      after: { disabled: !enabled, reason },
    });
  });
}

/**
 * Turns another operator's two-factor off from the back office, for a lost phone with no recovery
 * code left (the command line does the same for the last administrator). Their sessions end at once;
 * they sign in with the password and, if two-factor is required, set it up again.
 */
export async function resetOperatorTwoFactor(db: Db, by: number, operatorId: number, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const operator = await target(trx, by, operatorId);
    if (operator.totp_enabled_at === null && operator.totp_pending_secret === null)
      throw new ApiError(409, 'nothing_to_change', 'The operator has no two-factor sign-in to reset');
    await clearTwoFactor(trx, operatorId);
    await revokeOperatorSessions(trx, operatorId);
    await recordAudit(trx, {
      operatorId: by,
      action: 'operator.two_factor_reset',
      subjectType: 'operator',
      subjectId: operatorId,
      before: { two_factor: operator.totp_enabled_at !== null },
      after: { two_factor: false, reason },
    });
  });
}

/**
 * Requiring two-factor of everyone ends, in the same transaction, every session of every operator
 * without it (the one asking included): a session opened with the password alone must not outlive
 * the rule. Operator sessions are read from the database on every request, so every process refuses
 * them from the next request on. They sign in again and set two-factor up first.
 */
export async function changeTwoFactorRequired(db: Db, by: number, required: boolean, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await setTwoFactorRequired(trx, required);
    const ended = required && !before ? await revokeSessionsWithoutTwoFactor(trx) : undefined;
    await recordAudit(trx, {
      operatorId: by,
      action: 'operator.settings',
      subjectType: 'operator_settings',
      subjectId: 1,
      before: { two_factor_required: before },
      after:
        ended === undefined
          ? { two_factor_required: required, reason }
          : {
              two_factor_required: required,
              reason,
              sessions_ended: ended.length,
              signed_out_operators: [...new Set(ended.map((session) => session.operator_id))].sort((a, b) => a - b),
            },
    });
  });
}

export { twoFactorRequired } from './operator-accounts.repository.ts';

export { countOperators, listOperators } from './operators.repository.ts';

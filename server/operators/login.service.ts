import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../auth/password.ts';
import { tokenHash } from '../auth/tokens.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { ApiError, fieldError } from '../shared/errors.ts';
import { clearHits } from '../http/rate-limit.repository.ts';
import { takeSlot, type Limit } from '../http/rate-limit.ts';
import { newOperatorToken } from '../auth/operator-tokens.ts';
import { createOperatorSession, revokeOperatorSession } from './operator-sessions.repository.ts';
import { findOperatorByUsername, insertOperator, setOperatorPassword, twoFactorRequired } from './operator-accounts.repository.ts';
import type { OperatorRole, OperatorSessionStage } from '../db/schema-operators.ts';

export const operatorLoginFailedMessage = 'Incorrect username or password';

/** Failed password checks of one operator, by name: at login, and when they change their own password. */
export function operatorLoginLimit(config: Config, username: string): Limit {
  return {
    bucket: `operator-login:${username.toLowerCase()}`,
    max: config.limits.loginFailuresPerAccount,
    windowMs: config.limits.loginFailureWindowMs,
  };
}

/** Operators choose longer passwords than members: they can move other people's money. */
export const operatorPasswordMinLength = 12;
const operatorNamePattern = /^[A-Za-z0-9_.-]{3,40}$/;

/**
 * Checks the password under failure limits like (but counted apart from) member logins, then opens
 * a session: a working one, or (decision 026) one that only waits for a code or for enrolment.
 *
 * Failures count per name and per address. The address's limit refuses names that are not an enabled
 * operator's without checking anything, and turns a real name's wrong password into the same 429; it
 * never refuses a real operator's right password, so a flood of made-up names from one address (an
 * office behind one NAT) locks nobody out. Guessing one operator's password is bounded by the name's limit,
 * from any address, and the second factor still follows.
 */
export async function operatorLogin(
  db: Db,
  config: Config,
  username: string,
  password: string,
  address: string,
): Promise<{ token: string; stage: OperatorSessionStage }> {
  const windowMs = config.limits.loginFailureWindowMs;
  const accountLimit = operatorLoginLimit(config, username);
  // A bucket of its own: a flood of failed member logins from one address must not lock operators out.
  const addressLimit: Limit = { bucket: `operator-login-address:${address}`, max: config.limits.loginFailuresPerAddress, windowMs };
  await takeSlot(db, accountLimit);
  const operator = await findOperatorByUsername(db, username);
  if (operator === undefined || operator.disabled_at !== null) {
    await takeSlot(db, addressLimit);
    await verifyPassword(password, await decoyPasswordHash()); // as long as a real check
    throw new ApiError(401, 'login_failed', operatorLoginFailedMessage);
  }
  if (!(await verifyPassword(password, operator.password_hash))) {
    await takeSlot(db, addressLimit);
    throw new ApiError(401, 'login_failed', operatorLoginFailedMessage);
  }
  await clearHits(db, accountLimit.bucket);

  const stage: OperatorSessionStage =
    operator.totp_enabled_at !== null ? 'code' : operator.password_change_required ? 'password' : await stageAfterPassword(db, operator);
  const token = newOperatorToken();
  await db.transaction().execute(async (trx) => {
    await createOperatorSession(trx, operator.id, tokenHash(token), stage);
    await recordAudit(trx, {
      operatorId: operator.id,
      action: 'operator.login',
      subjectType: 'operator',
      subjectId: operator.id,
      after: stage === 'signed_in' ? { address } : { address, stage },
    });
  });
  return { token, stage };
}

/**
 * Where a sign-in goes once the password (and any code) is settled: two-factor set-up when it is
 * required and the operator has none, otherwise done.
 */
export async function stageAfterPassword(db: Db, operator: { totp_enabled_at: Date | null }): Promise<OperatorSessionStage> {
  return operator.totp_enabled_at === null && (await twoFactorRequired(db)) ? 'enrol' : 'signed_in';
}

/** The command line's own checks of a new operator's name and password. */
export function checkOperatorCredentials(username: string, password: string): void {
  if (!operatorNamePattern.test(username))
    throw fieldError('username', 'operator_name_invalid', 'Use 3 to 40 letters, digits, dots, dashes or underscores.');
  if (password.length < operatorPasswordMinLength) {
    throw fieldError('password', 'operator_password_short', `The password needs at least ${operatorPasswordMinLength} characters.`);
  }
}

/**
 * Creates an operator, or sets a new password for an existing one (which ends their sessions).
 * Command line only; it creates administrators unless told otherwise, as it is how the first one is made.
 */
export async function upsertOperator(
  db: Db,
  username: string,
  password: string,
  role: OperatorRole = 'administrator',
): Promise<'created' | 'updated'> {
  checkOperatorCredentials(username, password);
  const passwordHash = await hashPassword(password);
  const existing = await findOperatorByUsername(db, username);
  return db.transaction().execute(async (trx) => {
    if (existing === undefined) {
      const id = await insertOperator(trx, username, passwordHash, role);
      await recordAudit(trx, {
        operatorId: null,
        action: 'operator.create',
        subjectType: 'operator',
        subjectId: id,
        after: { username, role },
      });
      return 'created' as const;
    }
    await setOperatorPassword(trx, existing.id, passwordHash);
    await recordAudit(trx, { operatorId: null, action: 'operator.password', subjectType: 'operator', subjectId: existing.id });
    return 'updated' as const;
  });
}

/** Ends the session the operator is signed in with. */
export const logout = (db: Db, sessionId: string): Promise<void> => revokeOperatorSession(db, sessionId);

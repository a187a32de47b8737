import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { revokeOperatorSessions, setOperatorSessionStage } from './operator-sessions.repository.ts';
import { operatorLoginLimit, stageAfterPassword } from './login.service.ts';
import type { AuthenticatedOperator } from '../auth/operator.guard.ts';
import { replacePasswordHash } from './operator-accounts.repository.ts';
import { clearHits } from '../http/rate-limit.repository.ts';
import { takeSlot } from '../http/rate-limit.ts';
import { ApiError, fieldError } from '../shared/errors.ts';
import { findOperatorById } from './two-factor.repository.ts';

/**
 * An operator changes their own password (issue 35): the current one first, counted against the same
 * failure limit as their logins (a session left open is no way to guess it), then a new one (its rules
 * are the route's schema, operatorPasswordField) that is not the same. An operator another operator
 * added does this at first sign-in (the `password` stage, migration 0040) before anything else opens. Their other sessions end; this one stays. Audited.
 */
export async function changeOwnPassword(
  db: Db,
  config: Config,
  session: AuthenticatedOperator,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const operator = await findOperatorById(db, session.operatorId);
  if (operator === undefined) throw new ApiError(401, 'session_expired', 'Login has expired, please log in again');
  const accountLimit = operatorLoginLimit(config, operator.username);
  await takeSlot(db, accountLimit);
  if (!(await verifyPassword(currentPassword, operator.password_hash)))
    throw fieldError('current_password', 'operator_password_wrong', 'The current password is not right');
  await clearHits(db, accountLimit.bucket);
  if (newPassword === currentPassword)
    throw fieldError('new_password', 'operator_password_same', 'Choose a password other than the current one');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await replacePasswordHash(trx, operator.id, passwordHash);
    await revokeOperatorSessions(trx, operator.id, session.sessionId);
    // A first sign-in that waited for this password goes on: to two-factor set-up if required, else done.
    if (session.stage === 'password') await setOperatorSessionStage(trx, session.sessionId, await stageAfterPassword(trx, operator));
    await recordAudit(trx, { operatorId: operator.id, action: 'operator.password', subjectType: 'operator', subjectId: operator.id });
  });
}

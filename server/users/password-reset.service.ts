import { randomInt } from 'node:crypto';
import { passwordResetCodeMinutes } from '../../contract/limits.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { hashPassword } from '../auth/password.ts';
import { revokeSessions } from '../auth/session.repository.ts';
import { tokenHash } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { takeSlot, type Limit } from '../http/rate-limit.ts';
import { clearHits, releaseHit } from '../http/rate-limit.repository.ts';
import { addNotification } from '../notifications/notifications.repository.ts';
import { ApiError, fieldError, notFound } from '../shared/errors.ts';
import { findUserById, findUserByUsername, lockUser, updateUser } from './user.repository.ts';
import { insertPasswordReset, lockUsableReset, markResetUsed } from './password-reset.repository.ts';

/** Letters and digits nobody confuses when reading them over the phone (no 0/O, 1/I/L). */
const codeAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Ten characters of 31: about 2^50 codes, against at most a handful of guesses per account and window. */
const codeLength = 10;

export const resetCodeWrongMessage = 'The reset code is wrong, used or expired';

/** A code as the member types it: case and spaces or dashes between groups do not matter. */
const normalised = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

/**
 * Customer service resets a member's password (as in the original app, lost passwords are recovered through
 * customer service after an identity check): the check the operator made is the reason, kept in
 * the audit log; the code is shown to the operator once, to give the member, and stored only as
 * its hash. Every session of the member ends now, so whoever holds the account loses it.
 */
export async function issuePasswordReset(db: Db, operatorId: number, userId: number, identityCheck: string) {
  const why = identityCheck.trim();
  if (why === '') throw fieldError('reason', 'validation', 'Say how the member proved who they are.');
  const code = Array.from({ length: codeLength }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');
  const expiresAt = new Date(Date.now() + passwordResetCodeMinutes * 60_000);
  await db.transaction().execute(async (trx) => {
    if ((await findUserById(trx, userId)) === undefined) throw notFound('member_not_found', 'Member not found');
    await lockUser(trx, userId);
    await insertPasswordReset(trx, { userId, codeHash: tokenHash(code), createdBy: operatorId, expiresAt });
    const ended = await revokeSessions(trx, userId, 'operator');
    await recordAudit(trx, {
      operatorId,
      action: 'member.password_reset',
      subjectType: 'user',
      subjectId: userId,
      before: { open_sessions: ended },
      after: { open_sessions: 0, reason: why, expires_at: expiresAt.toISOString() },
    });
  });
  return { code: `${code.slice(0, 5)}-${code.slice(5)}`, expiresAt };
}

/**
 * The member chooses a new password with the code: refused (one message for every way it can be
 * wrong, so nothing is learnt about which) unless the code is the member's latest, unused and
 * unexpired; attempts count against the login limits of the account and the address.
 */
export async function resetPassword(
  db: Db,
  config: Config,
  input: { username: string; code: string; password: string },
  address: string,
): Promise<number> {
  const windowMs = config.limits.loginFailureWindowMs;
  const accountLimit: Limit = {
    bucket: `reset-account:${input.username.toLowerCase()}`,
    max: config.limits.loginFailuresPerAccount,
    windowMs,
  };
  const addressLimit: Limit = { bucket: `reset-address:${address}`, max: config.limits.loginFailuresPerAddress, windowMs };
  await takeSlot(db, accountLimit);
  const addressHit = await takeSlot(db, addressLimit);

  const user = await findUserByUsername(db, input.username);
  const passwordHash = await hashPassword(input.password);
  const userId = await db.transaction().execute(async (trx) => {
    if (user === undefined) return undefined;
    await lockUser(trx, user.id);
    const now = new Date();
    const reset = await lockUsableReset(trx, user.id, tokenHash(normalised(input.code)), now);
    if (reset === undefined) return undefined;
    await markResetUsed(trx, reset.id, now);
    await updateUser(trx, user.id, { password_hash: passwordHash, password_changed_at: now, updated_at: now });
    await revokeSessions(trx, user.id, 'password_change');
    await addNotification(trx, user.id, 'password_reset', { at: now.toISOString() });
    await recordAudit(trx, {
      operatorId: null,
      action: 'member.password_reset_used',
      subjectType: 'user',
      subjectId: user.id,
      after: { reset_by: reset.created_by },
    });
    return user.id;
  });
  if (userId === undefined) throw new ApiError(422, 'reset_code_wrong', resetCodeWrongMessage);
  await clearHits(db, accountLimit.bucket);
  await releaseHit(db, addressHit);
  return userId;
}

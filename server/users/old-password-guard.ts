import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from './user.repository.ts';
import { clearHits } from '../http/rate-limit.repository.ts';
import { takeSlot } from '../http/rate-limit.ts';
import { verifyPassword } from '../auth/password.ts';
import { revokeSession } from '../auth/session.repository.ts';

/**
 * Wrong old passwords one account may try in the login-failure window. Whoever holds a stolen
 * session could otherwise guess the password itself through the change form, without limit.
 */
export const oldPasswordFailuresMax = 5;

/**
 * Checks the old password of a password change under a per-account limit. A wrong guess keeps
 * its place in the account's bucket; once the bucket is full the attempt is refused with 429
 * and the session making it ends (revoked like a logout), so a thief must log in again, which
 * needs the very password being guessed.
 */
export async function oldPasswordMatches(db: Db, config: Config, user: UserRow, sessionId: string, oldPassword: string): Promise<boolean> {
  const limit = { bucket: `old-password:${user.id}`, max: oldPasswordFailuresMax, windowMs: config.limits.loginFailureWindowMs };
  try {
    await takeSlot(db, limit);
  } catch (error) {
    await revokeSession(db, sessionId, 'logout');
    throw error;
  }
  const matches = oldPassword !== '' && (await verifyPassword(oldPassword, user.password_hash));
  if (matches) await clearHits(db, limit.bucket);
  return matches;
}

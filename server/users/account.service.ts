import type { Config } from '../config.ts';
import { lockUntilCommit } from '../db/advisory-lock.ts';
import type { Db } from '../db/database.ts';
import { uniqueViolation } from '../shared/db-errors.ts';
import { ApiError, fieldError, validationError } from '../shared/errors.ts';
import { clearHits, releaseHit } from '../http/rate-limit.repository.ts';
import { takeSlot, type Limit } from '../http/rate-limit.ts';
import {
  findUserByReferralCode,
  findUserByUsername,
  insertUser,
  isSelfOrDescendant,
  lockUser,
  updateUser,
  type UserRow,
} from './user.repository.ts';
import { isNewPassword } from './account.schemas.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../auth/password.ts';
import { newReferralCode } from './referral-code.ts';
import { createSession, revokeSession, revokeSessions } from '../auth/session.repository.ts';
import { newToken, tokenHash } from '../auth/tokens.ts';
import { oldPasswordMatches } from './old-password-guard.ts';
import { addNotification } from '../notifications/notifications.repository.ts';

export const referrerNotFoundMessage = 'Find no such referrer.';
export const nameTakenMessage = 'name has been registered';
export const loginFailedMessage = 'Incorrect username or password';
/** A fresh referral code collides with an existing one about once in 10^11; a few retries are plenty. */
const referralCodeAttempts = 5;

export interface RegisterInput {
  username: string;
  password: string;
  password_confirmation: string;
  parent_code?: string;
  countries_id?: number;
}

/** The enabled partner site a registration came through (decision 017): attribution only, never a grant. */
export interface RegistrationAttribution {
  partnerSiteId: number;
  /** The site's referral code, the default when the member types none. */
  referralCode: string | null;
}

export const parentCodeRequiredMessage = 'The parent_code field is required.';

export interface SessionResult {
  token: string;
  user: UserRow;
}

/**
 * Password hashing is deliberately slow: it happens before the transaction opens, never while
 * the transaction holds locks.
 */
export async function register(
  db: Db,
  config: Config,
  input: RegisterInput,
  address: string,
  attribution?: RegistrationAttribution,
): Promise<SessionResult> {
  const limit: Limit = {
    bucket: `register:${address}`,
    max: config.limits.registrationsPerAddress,
    windowMs: config.limits.registrationWindowMs,
  };
  await takeSlot(db, limit);
  if (input.password !== input.password_confirmation)
    throw fieldError('password_confirmation', 'password_confirmation_mismatch', 'The password confirmation does not match.');
  const typedCode = (input.parent_code ?? '').trim();
  const parentCode = typedCode === '' ? (attribution?.referralCode ?? '') : typedCode;
  if (parentCode === '') throw fieldError('parent_code', 'validation', parentCodeRequiredMessage);
  const parentId = await referrerId(db, config, parentCode);
  const passwordHash = await hashPassword(input.password);

  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        const user = await insertUser(trx, {
          username: input.username,
          password_hash: passwordHash,
          referral_code: newReferralCode(),
          parent_id: parentId,
          countries_id: input.countries_id ?? 1,
          partner_site_id: attribution?.partnerSiteId ?? null,
        });
        const token = newToken();
        await createSession(trx, user.id, tokenHash(token), attribution?.partnerSiteId ?? null);
        return { token, user };
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'users_username_lower')
        throw new ApiError(409, 'username_taken', nameTakenMessage, { errors: { username: [nameTakenMessage] } });
      if (constraint === 'users_referral_code_key' && attempt < referralCodeAttempts) continue;
      throw error;
    }
  }
}

/** The owner of a referral code; null for the house code; 404 when nobody owns it. */
export async function referrerId(db: Db, config: Config, code: string): Promise<number | null> {
  if (code.toUpperCase() === config.houseReferralCode.toUpperCase()) return null;
  const parent = await findUserByReferralCode(db, code);
  if (parent === undefined)
    throw new ApiError(404, 'referrer_not_found', referrerNotFoundMessage, { errors: { parent_code: [referrerNotFoundMessage] } });
  return parent.id;
}

/** Checks the password, then opens the member's only session: every earlier one is revoked. */
export async function login(
  db: Db,
  config: Config,
  input: { username: string; password: string },
  address: string,
  partnerSiteId: number | null = null,
): Promise<SessionResult> {
  const windowMs = config.limits.loginFailureWindowMs;
  const accountLimit: Limit = {
    bucket: `login-account:${input.username.toLowerCase()}`,
    max: config.limits.loginFailuresPerAccount,
    windowMs,
  };
  const addressLimit: Limit = { bucket: `login-address:${address}`, max: config.limits.loginFailuresPerAddress, windowMs };
  // Every attempt holds a place in both buckets while its password is checked, so guesses sent
  // at once cannot outrun the limit; a correct password gives its places back.
  const accountHit = await takeSlot(db, accountLimit);
  let addressHit: string;
  try {
    addressHit = await takeSlot(db, addressLimit);
  } catch (error) {
    await releaseHit(db, accountHit);
    throw error;
  }

  const user = await findUserByUsername(db, input.username);
  // An unknown name costs the same time as a wrong password.
  const passwordMatches = await verifyPassword(input.password, user?.password_hash ?? (await decoyPasswordHash()));
  if (user === undefined || !passwordMatches) throw new ApiError(401, 'login_failed', loginFailedMessage);
  await clearHits(db, accountLimit.bucket);
  await releaseHit(db, addressHit);

  return db.transaction().execute(async (trx) => {
    // Two logins at once for one member queue here, so exactly one session survives.
    await lockUser(trx, user.id);
    const replaced = await revokeSessions(trx, user.id, 'other_device');
    // The member hears of it on every device: a login they did not make is theirs to report.
    if (replaced > 0) await addNotification(trx, user.id, 'logged_in_elsewhere', { at: new Date().toISOString() });
    const token = newToken();
    await createSession(trx, user.id, tokenHash(token), partnerSiteId);
    return { token, user };
  });
}

export interface PasswordAndParentChange {
  old_password?: string;
  password?: string;
  password_confirmation?: string;
  parent_code?: string;
}

/** Changes the password (old one required; other sessions revoked) and/or the referrer (no cycles). */
export async function updatePasswordAndParent(
  db: Db,
  config: Config,
  user: UserRow,
  sessionId: string,
  change: PasswordAndParentChange,
): Promise<void> {
  const wantsPassword = (change.password ?? '') !== '';
  const wantsParent = (change.parent_code ?? '') !== '';
  if (!wantsPassword && !wantsParent) throw validationError({ request: ['Nothing to change.'] }, 'nothing_to_change');

  let passwordHash: string | undefined;
  if (wantsPassword) {
    const oldMatches = await oldPasswordMatches(db, config, user, sessionId, change.old_password ?? '');
    passwordHash = await newPasswordHash(change, oldMatches);
  }

  const parentId = wantsParent ? await referrerId(db, config, change.parent_code ?? '') : undefined;

  await db.transaction().execute(async (trx) => {
    if (parentId !== undefined && parentId !== null) {
      // Referrer changes queue on one lock: two members naming each other at once would
      // otherwise both pass the check and close a cycle. They are rare, so one lock is cheap.
      await lockUntilCommit(trx, 'referral-tree');
      if (await isSelfOrDescendant(trx, user.id, parentId)) {
        throw fieldError('parent_code', 'referrer_circular', 'The referrer cannot be yourself or someone you referred.');
      }
    }
    await updateUser(trx, user.id, {
      updated_at: new Date(),
      ...(passwordHash === undefined ? {} : { password_hash: passwordHash, password_changed_at: new Date() }),
      ...(parentId === undefined ? {} : { parent_id: parentId }),
    });
    if (passwordHash !== undefined) await revokeSessions(trx, user.id, 'password_change', sessionId);
  });
}

async function newPasswordHash(change: PasswordAndParentChange, oldPasswordMatches: boolean): Promise<string> {
  const password = change.password ?? '';
  const errors: Record<string, string[]> = {};
  if (!isNewPassword(password))
    errors.password = ['The password must be 6 to 12 lowercase letters, digits or underscores, with at least one letter and one digit.'];
  if (password !== change.password_confirmation) errors.password_confirmation = ['The password confirmation does not match.'];
  if (!oldPasswordMatches) {
    errors.old_password = ['The old password is incorrect.'];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return hashPassword(password);
}

export { findUserProfile } from './user-profile.repository.ts';

/** Ends the member's session on this device (logout): the other devices' sessions stay, and the revocation is announced to every server. */
export async function logOut(db: Db, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId, 'logout');
}

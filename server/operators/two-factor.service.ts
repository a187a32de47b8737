import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { AuthenticatedOperator } from '../auth/operator.guard.ts';
import { revokeOperatorSessions, setOperatorSessionStage } from './operator-sessions.repository.ts';
import { clearHits } from '../http/rate-limit.repository.ts';
import { takeSlot, type Limit } from '../http/rate-limit.ts';
import { qrCodeOf, type QrCode } from '../receiving/qr-code.ts';
import { ApiError, fieldError } from '../shared/errors.ts';
import { findOperatorByUsername, twoFactorRequired } from './operator-accounts.repository.ts';
import { matchingStep, newRecoveryCodes, newTotpSecret, openSecret, otpauthUri, recoveryCodeHash, sealSecret, totpKeyOf } from './totp.ts';
import {
  claimStep,
  clearTwoFactor,
  enableTwoFactor,
  findOperatorById,
  recoveryCodesLeft,
  setPendingSecret,
  useRecoveryCode,
} from './two-factor.repository.ts';

export const wrongCodeMessage = 'That code is not right, or was already used. Try the newest code from your app.';

export interface Enrolment {
  secret: string;
  uri: string;
  qr: QrCode;
}

/** Codes are tried under the same limits as passwords, counted per operator. */
function codeLimit(config: Config, operatorId: number): Limit {
  return {
    bucket: `operator-code:${operatorId}`,
    max: config.limits.loginFailuresPerAccount,
    windowMs: config.limits.loginFailureWindowMs,
  };
}

async function operatorRecord(db: Db, operatorId: number) {
  const operator = await findOperatorById(db, operatorId);
  if (operator === undefined) throw new ApiError(401, 'session_expired', 'Login has expired, please log in again');
  return operator;
}

/** What the screen needs to know about whoever is signed in. */
export async function operatorProfile(db: Db, session: AuthenticatedOperator) {
  const operator = await operatorRecord(db, session.operatorId);
  return {
    id: operator.id,
    username: operator.username,
    role: operator.role,
    two_factor: operator.totp_enabled_at !== null,
    two_factor_required: await twoFactorRequired(db),
    recovery_codes_left: operator.totp_enabled_at === null ? 0 : await recoveryCodesLeft(db, operator.id),
    stage: session.stage,
  };
}

/** A new secret for the operator to add to an authenticator app; nothing is switched on until confirmed. */
export async function startEnrolment(db: Db, config: Config, operatorId: number): Promise<Enrolment> {
  const operator = await operatorRecord(db, operatorId);
  if (operator.totp_enabled_at !== null) throw new ApiError(409, 'two_factor_already_on', 'Two-factor sign-in is already on');
  const secret = newTotpSecret();
  await setPendingSecret(db, operatorId, sealSecret(totpKeyOf(config), secret));
  const uri = otpauthUri(secret, operator.username);
  return { secret, uri, qr: qrCodeOf(uri) };
}

/** A current code proves the app holds the secret: two-factor goes on and ten recovery codes are shown, once. */
export async function confirmEnrolment(db: Db, config: Config, session: AuthenticatedOperator, code: string): Promise<string[]> {
  const operator = await operatorRecord(db, session.operatorId);
  if (operator.totp_enabled_at !== null) throw new ApiError(409, 'two_factor_already_on', 'Two-factor sign-in is already on');
  if (operator.totp_pending_secret === null) throw new ApiError(409, 'two_factor_not_started', 'Start setting up two-factor sign-in first');
  const limit = codeLimit(config, operator.id);
  await takeSlot(db, limit);
  const step = matchingStep(openSecret(totpKeyOf(config), operator.totp_pending_secret), code.trim());
  if (step === undefined) throw fieldError('code', 'two_factor_code_wrong', wrongCodeMessage);
  const codes = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    await enableTwoFactor(trx, operator.id, operator.totp_pending_secret ?? '', step, codes.map(recoveryCodeHash));
    if (session.stage !== 'signed_in') await setOperatorSessionStage(trx, session.sessionId, 'signed_in');
    await recordAudit(trx, {
      operatorId: operator.id,
      action: 'operator.two_factor_on',
      subjectType: 'operator',
      subjectId: operator.id,
      before: { two_factor: false },
      after: { two_factor: true, recovery_codes: codes.length },
    });
  });
  await clearHits(db, limit.bucket);
  return codes;
}

/** The second sign-in step: a current code, never one already accepted, or an unused recovery code. */
export async function finishSignIn(db: Db, config: Config, session: AuthenticatedOperator, typed: string, address: string): Promise<void> {
  if (session.stage !== 'code') throw new ApiError(409, 'nothing_to_change', 'This session is not waiting for a code');
  const operator = await operatorRecord(db, session.operatorId);
  const limit = codeLimit(config, operator.id);
  await takeSlot(db, limit);
  const code = typed.trim();
  let method: 'totp' | 'recovery_code' | undefined;
  if (/^[0-9]{6}$/.test(code) && operator.totp_secret !== null) {
    const step = matchingStep(openSecret(totpKeyOf(config), operator.totp_secret), code);
    if (step !== undefined && (await claimStep(db, operator.id, step))) method = 'totp';
  } else if (await useRecoveryCode(db, operator.id, recoveryCodeHash(code))) {
    method = 'recovery_code';
  }
  if (method === undefined) throw fieldError('code', 'two_factor_code_wrong', wrongCodeMessage);
  await db.transaction().execute(async (trx) => {
    // An operator someone else added still chooses their own password before anything opens (migration 0040).
    await setOperatorSessionStage(trx, session.sessionId, operator.password_change_required ? 'password' : 'signed_in');
    await recordAudit(trx, {
      operatorId: operator.id,
      action: 'operator.login_second_factor',
      subjectType: 'operator',
      subjectId: operator.id,
      after: { address, method },
    });
  });
  await clearHits(db, limit.bucket);
}

/**
 * Turns an operator's two-factor off, for a lost phone with no recovery code left: from the command
 * line, like creating the first operator. Their sessions end; they sign in with the password and,
 * if two-factor is required, set it up again.
 */
export async function resetTwoFactor(db: Db, username: string): Promise<boolean> {
  const operator = await findOperatorByUsername(db, username);
  if (operator === undefined) throw new ApiError(404, 'operator_not_found', 'Operator not found');
  if (operator.totp_enabled_at === null && operator.totp_pending_secret === null) return false;
  await db.transaction().execute(async (trx) => {
    await clearTwoFactor(trx, operator.id);
    await revokeOperatorSessions(trx, operator.id);
    await recordAudit(trx, {
      operatorId: null,
      action: 'operator.two_factor_reset',
      subjectType: 'operator',
      subjectId: operator.id,
      before: { two_factor: operator.totp_enabled_at !== null },
      after: { two_factor: false },
    });
  });
  return true;
}

import type { Db } from '../db/database.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { ApiError, fieldError, notFound, validationError } from '../shared/errors.ts';
import { ownsUploads } from '../uploads/uploads.repository.ts';
import type { UserRow } from '../users/user.repository.ts';
import { findEnabledChoice } from './verification-choices.repository.ts';
import { lockVerification, setVerificationDecision, writeSubmission } from './verification.repository.ts';
import { addNotification } from '../notifications/notifications.repository.ts';

export interface VerificationInput {
  name?: string;
  realname: string;
  email: string;
  phone: string;
  countries_id: number;
  certificates_id: number;
  certificate_number: string;
  certificate_front: number;
  certificate_back: number;
  certificate_handle: number;
}

export const alreadyVerifiedMessage = 'Your identity is already verified';
export const notPendingMessage = 'This verification is not waiting for review';

/**
 * Takes a member's verification (first time, again while it waits, or after a rejection) and
 * puts it in the review queue. Approved details are frozen: the real name is what every card
 * and withdrawal is checked against.
 */
export async function submitVerification(db: Db, member: UserRow, input: VerificationInput): Promise<void> {
  if (member.verification_status === 'approved') throw new ApiError(409, 'identity_already_verified', alreadyVerifiedMessage);
  if (input.name !== undefined && input.name !== '' && input.name.toLowerCase() !== member.username.toLowerCase()) {
    throw fieldError('name', 'verification_name_fixed', 'The name is your user name and cannot be changed here.');
  }
  const photos = [input.certificate_front, input.certificate_back, input.certificate_handle];
  if (new Set(photos).size !== photos.length)
    throw validationError({ certificate_handle: ['Upload three different photos.'] }, 'verification_photos_repeated');
  const [country, certificate, owned] = await Promise.all([
    findEnabledChoice(db, 'countries', input.countries_id),
    findEnabledChoice(db, 'certificate_types', input.certificates_id),
    ownsUploads(db, member.id, photos),
  ]);
  const errors: Record<string, string[]> = {};
  if (country === undefined) errors.countries_id = ['Unknown country.'];
  if (certificate === undefined) errors.certificates_id = ['Unknown certificate type.'];
  if (!owned) errors.certificate_front = ['Upload your own photos first.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const submitted = await writeSubmission(db, member.id, {
    realname: input.realname.trim(),
    email: input.email.trim(),
    phone: input.phone.trim(),
    countries_id: input.countries_id,
    certificates_id: input.certificates_id,
    certificate_number: input.certificate_number,
    certificate_front_id: String(input.certificate_front),
    certificate_back_id: String(input.certificate_back),
    certificate_handle_id: String(input.certificate_handle),
  });
  if (!submitted) throw new ApiError(409, 'identity_already_verified', alreadyVerifiedMessage);
}

/** An operator's decision on a pending verification: exactly once, audited with before and after. */
export async function reviewVerification(
  db: Db,
  operatorId: number,
  userId: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await lockVerification(trx, userId);
    if (before === undefined) throw notFound('member_not_found', 'Member not found');
    if (before.verification_status !== 'pending') throw new ApiError(409, 'verification_not_pending', notPendingMessage);
    const after = decision.approve
      ? { verification_status: 'approved' as const, verification_reason: null }
      : { verification_status: 'rejected' as const, verification_reason: decision.reason.trim() };
    await setVerificationDecision(trx, userId, after);
    if (decision.approve) await addNotification(trx, userId, 'verification_approved');
    else await addNotification(trx, userId, 'verification_rejected', { reason: decision.reason.trim() });
    await recordAudit(trx, {
      operatorId,
      action: decision.approve ? 'verification.approve' : 'verification.reject',
      subjectType: 'user',
      subjectId: userId,
      before,
      after,
    });
  });
}

export { uploadPath } from '../uploads/uploads.repository.ts';

export { countByVerificationStatus, listByVerificationStatus } from './verification.repository.ts';

export { findUserById } from '../users/user.repository.ts';

export { listEnabledChoices } from './verification-choices.repository.ts';

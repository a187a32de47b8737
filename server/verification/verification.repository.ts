import type { Db } from '../db/database.ts';
import type { VerificationStatus } from '../db/schema.ts';

export interface Submission {
  realname: string;
  email: string;
  phone: string;
  countries_id: number;
  certificates_id: number;
  certificate_number: string;
  certificate_front_id: string;
  certificate_back_id: string;
  certificate_handle_id: string;
}

/** Puts the member's details in the review queue; false when the member is already approved. */
export async function writeSubmission(db: Db, userId: number, submission: Submission): Promise<boolean> {
  const updated = await db
    .updateTable('users')
    .set({
      ...submission,
      verification_status: 'pending',
      verification_reason: null,
      verification_submitted_at: new Date(),
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    // An operator may approve between our read and this write: never overwrite an approval.
    .where('verification_status', '!=', 'approved')
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** The member's verification under a row lock, so one decision is taken on it at a time. */
export async function lockVerification(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['verification_status', 'verification_reason', 'realname'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setVerificationDecision(
  db: Db,
  userId: number,
  decision: { verification_status: VerificationStatus; verification_reason: string | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...decision, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export async function countByVerificationStatus(db: Db, status: VerificationStatus): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('verification_status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Submissions in one status, the longest waiting first. */
export async function listByVerificationStatus(db: Db, status: VerificationStatus, offset: number, limit: number) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('verification_status', '=', status)
    .orderBy('verification_submitted_at')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

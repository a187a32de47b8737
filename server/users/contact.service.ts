import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { ApiError, fieldError } from '../shared/errors.ts';
import { addNotification } from '../notifications/notifications.repository.ts';
import { oldPasswordMatches } from './old-password-guard.ts';
import { updateUser, type UserRow } from './user.repository.ts';

export interface ContactChange {
  phone: string;
  email: string;
  password: string;
}

export const contactNeedsVerificationMessage = 'Change your phone or e-mail on the verification form until your identity is approved';
export const contactPasswordWrongMessage = 'The password is incorrect.';

/**
 * A verified member changes the phone number and e-mail address the operators approved with the identity (issue 36):
 * with the account's password, checked under the same per-account limit as a password change (so a stolen session
 * cannot guess it), and told in the app, as a password reset is, in case it was not them; with e-mail on, the
 * former address is mailed too (migration 0048). Before approval the details
 * are changed by sending the verification again. The real name and the documents stay as approved.
 */
export async function changeContact(db: Db, config: Config, user: UserRow, sessionId: string, change: ContactChange): Promise<void> {
  if (user.verification_status !== 'approved') throw new ApiError(409, 'identity_not_verified', contactNeedsVerificationMessage);
  if (!(await oldPasswordMatches(db, config, user, sessionId, change.password))) {
    throw fieldError('password', 'password_wrong', contactPasswordWrongMessage);
  }
  const email = change.email.trim();
  // A new address: the notice's e-mail goes to the former one too, so its owner hears of a change they did not make.
  const former = user.email?.trim() ?? '';
  const alsoMailTo = former !== '' && former.toLowerCase() !== email.toLowerCase() ? former : undefined;
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { phone: change.phone.trim(), email, updated_at: new Date() });
    await addNotification(trx, user.id, 'contact_changed', { at: new Date().toISOString() }, alsoMailTo);
  });
}

import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { ApiError, notFound } from '../shared/errors.ts';
import { addNotification } from '../notifications/notifications.repository.ts';
import { setAccountStatus } from '../users/user.repository.ts';
import { lockAccountStatus } from './members.repository.ts';

export const notSuspendedMessage = 'This member is not suspended';

/** Ends a suspension after review (PRODUCT.md decision 4); the operator's note goes to the audit log. */
export async function reinstateMember(db: Db, operatorId: number, userId: number, note: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const member = await lockAccountStatus(trx, userId);
    if (member === undefined) throw notFound('member_not_found', 'Member not found');
    if (member.account_status !== 'suspended') throw new ApiError(409, 'member_not_suspended', notSuspendedMessage);
    await setAccountStatus(trx, userId, 'active');
    await addNotification(trx, userId, 'account_reinstated');
    await recordAudit(trx, {
      operatorId,
      action: 'member.reinstate',
      subjectType: 'user',
      subjectId: userId,
      before: { account_status: 'suspended' },
      after: { account_status: 'active', note: note.trim() },
    });
  });
}

export { countByAccountStatus, listByAccountStatus } from './members.repository.ts';

export { countMembers, searchMembers } from './member-search.repository.ts';

import { recordAudit } from '../audit/audit.repository.ts';
import { revokeSessions } from '../auth/session.repository.ts';
import type { Db } from '../db/database.ts';
import { ApiError, fieldError, notFound } from '../shared/errors.ts';
import { setAccountStatus } from '../users/user.repository.ts';
import { lockAccountStatus } from './members.repository.ts';

export const alreadySuspendedMessage = 'This member is already suspended';
export const memberNotFoundMessage = 'Member not found';
export const reasonNeededMessage = 'The reason field is required.';

export function checkedReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed === '') throw fieldError('reason', 'validation', reasonNeededMessage);
  return trimmed;
}

/**
 * Suspends a member by an operator's decision, with the reason in the audit log. Suspension means
 * what it already meant for a payment from someone else's account (PRODUCT.md decision 4): no new
 * order, payment notice or withdrawal until reinstated; the member can still log in and see their
 * account, and their sessions are left open (ending them is a separate action).
 */
export async function suspendMember(db: Db, operatorId: number, userId: number, reason: string): Promise<void> {
  const why = checkedReason(reason);
  await db.transaction().execute(async (trx) => {
    const member = await lockAccountStatus(trx, userId);
    if (member === undefined) throw notFound('member_not_found', memberNotFoundMessage);
    if (member.account_status === 'suspended') throw new ApiError(409, 'member_already_suspended', alreadySuspendedMessage);
    await setAccountStatus(trx, userId, 'suspended');
    await recordAudit(trx, {
      operatorId,
      action: 'member.suspend',
      subjectType: 'user',
      subjectId: userId,
      before: { account_status: member.account_status },
      after: { account_status: 'suspended', reason: why },
    });
  });
}

/** Ends every open session of the member at once (every process's cache is told on commit); audited with the reason. */
export async function endMemberSessions(db: Db, operatorId: number, userId: number, reason: string): Promise<number> {
  const why = checkedReason(reason);
  return db.transaction().execute(async (trx) => {
    const member = await lockAccountStatus(trx, userId);
    if (member === undefined) throw notFound('member_not_found', memberNotFoundMessage);
    const ended = await revokeSessions(trx, userId, 'operator');
    await recordAudit(trx, {
      operatorId,
      action: 'member.sessions_end',
      subjectType: 'user',
      subjectId: userId,
      before: { open_sessions: ended },
      after: { open_sessions: 0, reason: why },
    });
    return ended;
  });
}

export { countAdjustments, findAdjustment, listAdjustments } from './member-adjustments.repository.ts';
export type { AdjustmentRow } from './member-adjustments.repository.ts';

export { listPartnerCities } from '../partners/partner-cities.repository.ts';

export { pageStatement } from '../wallet/statement.repository.ts';

export { countMemberOrders, findMemberProfile, memberCards, memberOpenSessions, memberOrders } from './member-page.repository.ts';

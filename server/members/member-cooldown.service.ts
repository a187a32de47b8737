import { recordAudit } from '../audit/audit.repository.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { addNotification } from '../notifications/notifications.repository.ts';
import { notFound } from '../shared/errors.ts';
import { cooldownHoursOf } from '../shared/withdrawal-cooldown.ts';
import { updateUser } from '../users/user.repository.ts';
import { checkedReason, memberNotFoundMessage } from './member-access.service.ts';
import { lockWithdrawalCooldown } from './members.repository.ts';

/**
 * Customer service sets one member's withdrawal cool-down (issue 35): the hours a new or changed card,
 * or a password change, makes that member's withdrawals wait; null gives them the install's again. A
 * member who changed their card in person and must be paid today gets 0; one whose login was abused,
 * longer. Audited with the reason; the member is told, in their language, the hours that now apply.
 * Returns those hours.
 */
export async function setWithdrawalCooldown(
  db: Db,
  config: Pick<Config, 'withdrawalCooldownMs'>,
  operatorId: number,
  userId: number,
  hours: number | null,
  reason: string,
): Promise<number> {
  const why = checkedReason(reason);
  return db.transaction().execute(async (trx) => {
    const member = await lockWithdrawalCooldown(trx, userId);
    if (member === undefined) throw notFound('member_not_found', memberNotFoundMessage);
    await updateUser(trx, userId, { withdrawal_cooldown_hours: hours, updated_at: new Date() });
    await recordAudit(trx, {
      operatorId,
      action: 'member.withdrawal_cooldown',
      subjectType: 'user',
      subjectId: userId,
      before: { withdrawal_cooldown_hours: member.withdrawal_cooldown_hours },
      after: { withdrawal_cooldown_hours: hours, reason: why },
    });
    const applies = cooldownHoursOf({ withdrawal_cooldown_hours: hours }, config.withdrawalCooldownMs);
    await addNotification(trx, userId, 'withdrawal_cooldown_changed', { hours: applies });
    return applies;
  });
}

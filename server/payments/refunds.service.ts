import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { accounts, ensureAccounts } from '../ledger/accounts.ts';
import { postJournal } from '../ledger/ledger.ts';
import { ApiError, notFound } from '../shared/errors.ts';
import { lockRefund, markRefundPaid } from './refunds.repository.ts';

export const refundNotOwedMessage = 'This refund has already been paid';

/**
 * An operator has sent a refund back to the payer: refunds owed → remittance clearing (the bank
 * account the money leaves from), key `refund:{id}:pay`, once. The outgoing transfer's reference
 * is kept in the journal memo and the audit log.
 */
export async function payRefund(db: Db, operatorId: number, refundId: string, bankReference: string): Promise<void> {
  const reference = bankReference.trim();
  await db.transaction().execute(async (trx) => {
    const refund = await lockRefund(trx, refundId);
    if (refund === undefined) throw notFound('refund_not_found', 'Refund not found');
    if (refund.status !== 'owed') throw new ApiError(409, 'refund_already_paid', refundNotOwedMessage);
    const amount = BigInt(refund.amount);
    const [owed = 0, clearing = 0] = await ensureAccounts(trx, [accounts.refundsOwed(), accounts.remittanceClearing()]);
    const journal = await postJournal(trx, {
      idempotencyKey: `refund:${refundId}:pay`,
      kind: 'refund_payout',
      memo: reference,
      entries: [
        { accountId: owed, amount: -amount },
        { accountId: clearing, amount },
      ],
    });
    await markRefundPaid(trx, refundId);
    await recordAudit(trx, {
      operatorId,
      action: 'refund.pay',
      subjectType: 'refund',
      subjectId: refundId,
      before: { status: 'owed', amount: refund.amount },
      after: { status: 'paid', bank_reference: reference, journal_id: journal.journalId },
    });
  });
}

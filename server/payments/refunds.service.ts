import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import type { RefundStatus } from '../db/schema-orders.ts';
import { accounts, ensureAccounts } from '../ledger/accounts.ts';
import { postJournal } from '../ledger/ledger.ts';
import { ApiError, notFound } from '../shared/errors.ts';

export const refundNotOwedMessage = 'This refund has already been paid';

export async function countRefunds(db: Db, status: RefundStatus): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Refunds by status, oldest first, with the order and the member they came from. */
export async function listRefunds(db: Db, status: RefundStatus, offset: number, limit: number) {
  return db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .innerJoin('users', 'users.id', 'refunds.user_id')
    .select([
      'refunds.id',
      'refunds.order_id',
      'refunds.payer_name',
      'refunds.bank_reference',
      'refunds.amount',
      'refunds.status',
      'refunds.created_at',
      'orders.order_number',
      'users.id as user_id',
      'users.username',
    ])
    .where('refunds.status', '=', status)
    .orderBy('refunds.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

/**
 * An operator has sent a refund back to the payer: refunds owed → remittance clearing (the bank
 * account the money leaves from), key `refund:{id}:pay`, once. The outgoing transfer's reference
 * is kept in the journal memo and the audit log.
 */
export async function payRefund(db: Db, operatorId: number, refundId: string, bankReference: string): Promise<void> {
  const reference = bankReference.trim();
  await db.transaction().execute(async (trx) => {
    const refund = await trx
      .selectFrom('refunds')
      .select(['id', 'amount', 'status'])
      .where('id', '=', refundId)
      .forUpdate()
      .executeTakeFirst();
    if (refund === undefined) throw notFound('Refund not found');
    if (refund.status !== 'owed') throw new ApiError(409, refundNotOwedMessage);
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
    await trx.updateTable('refunds').set({ status: 'paid' }).where('id', '=', refundId).execute();
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

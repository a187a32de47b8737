import { recordAudit } from '../audit/audit.repository.ts';
import { decryptCardNumber } from '../cards/card-cipher.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../shared/errors.ts';
import { findPayoutCard } from './payout-card.repository.ts';

export const withdrawalNotFoundMessage = 'Withdrawal not found';

export interface PayoutCard {
  withdrawal_id: number;
  cardholder: string;
  bank_name: string;
  branch: string;
  province: string | null;
  city: string | null;
  card_number: string;
}

/**
 * The whole card number of a withdrawal's card, for the operator who pays it out by bank transfer.
 * Every reveal is written to the audit log (who, which withdrawal, the last four digits; never the
 * number itself), in the same transaction, so a number is never shown without a trace.
 */
export async function revealPayoutCard(db: Db, cardKey: Buffer, operatorId: number, withdrawalId: number): Promise<PayoutCard> {
  return db.transaction().execute(async (trx) => {
    const card = await findPayoutCard(trx, String(withdrawalId));
    if (card === undefined) throw notFound('withdrawal_not_found', withdrawalNotFoundMessage);
    await recordAudit(trx, {
      operatorId,
      action: 'withdrawal.card_reveal',
      subjectType: 'withdrawal',
      subjectId: withdrawalId,
      after: { card_last4: card.card_last4 },
    });
    return {
      withdrawal_id: withdrawalId,
      cardholder: card.cardholder,
      bank_name: card.bank_name,
      branch: card.payment_name,
      province: card.province,
      city: card.city,
      card_number: decryptCardNumber(cardKey, card.card_number_cipher),
    };
  });
}

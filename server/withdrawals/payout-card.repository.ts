import type { Db } from '../db/database.ts';

/**
 * The card a withdrawal is to be paid to, with everything a bank transfer needs. A card deleted
 * after the withdrawal was asked for is still the one it goes to, so deleted cards are included.
 */
export function findPayoutCard(db: Db, withdrawalId: string) {
  return db
    .selectFrom('withdrawals')
    .innerJoin('bank_cards', 'bank_cards.id', 'withdrawals.bank_card_id')
    .select([
      'withdrawals.id',
      'withdrawals.status',
      'bank_cards.cardholder',
      'bank_cards.bank_name',
      'bank_cards.payment_name',
      'bank_cards.province',
      'bank_cards.city',
      'bank_cards.card_last4',
      'bank_cards.card_number_cipher',
    ])
    .where('withdrawals.id', '=', withdrawalId)
    .executeTakeFirst();
}

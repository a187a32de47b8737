/** The Withdrawals queue's own words, apart from its screen so the page carries them while the screen loads on first open. */
export const withdrawalsMessageKeys = [
  'admin_ask_payout',
  'admin_withdrawal_claim',
  'admin_withdrawal_claim_first',
  'admin_withdrawal_release',
  'admin_reference_needed',
  'admin_reference_or_reason',
  'admin_pay',
  'admin_withdrawal_paid',
  'admin_withdrawal_rejected',
  'admin_withdrawal_number',
  'bank_cardholder',
  'bank_bank_name',
];

/** The Reviews queue's own words, apart from its screen so the page carries them while the screen loads on first open. */
export const reviewsMessageKeys = [
  'admin_refunds',
  'admin_refund_payer',
  'admin_refund_pay',
  'admin_refund_paid',
  'admin_suspended',
  'admin_review_note',
  'admin_reinstate',
  'admin_keep_suspended',
  'admin_reinstated',
  'admin_kept_suspended',
  'admin_note_needed',
  'admin_ask_refund',
  'admin_refund_account_unknown',
  'admin_refund_incoming',
];

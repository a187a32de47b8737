/** The ledger's kinds of account and of journal, each named in three languages on the Books tab; others show their code. */
export const ledgerAccountKinds = [
  'member_main',
  'member_partner',
  'remittance_clearing',
  'order_sales',
  'engine_room_revenue',
  'income_paid',
  'withdrawals_held',
  'refunds_owed',
  'partner_in_transit',
  'partner_settlement',
  'customer_adjustments',
] as const;

export const ledgerJournalKinds = [
  'order_payment',
  'order_payment_refund_owed',
  'order_refund_owed',
  'refund_payout',
  'revenue_recorded',
  'revenue_adjusted',
  'income',
  'withdrawal_hold',
  'withdrawal_payout',
  'withdrawal_release',
  'partner_deposit',
  'partner_withdrawal',
  'service_credit',
  'service_debit',
] as const;

/** The books the tab downloads, in the order it offers them (server/books/books.admin.routes.ts). */
export const bookNames = ['journal', 'payments', 'withdrawals', 'refunds', 'income'] as const;
export type BookName = (typeof bookNames)[number];

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

/** The Books tab's words, apart from the screen so the page carries them while the screen loads. */
export const booksMessageKeys = [
  'admin_books',
  'admin_books_intro',
  'admin_books_from',
  'admin_books_to',
  'admin_books_downloading',
  'admin_books_download_error',
  'admin_books_close',
  'admin_books_close_day',
  'admin_books_close_show',
  'admin_books_close_movements',
  'admin_books_close_balances',
  'admin_books_close_zone',
  'admin_books_account',
  'admin_books_journal_kind',
  'admin_books_amount',
  'admin_books_room',
  'admin_books_load_error',
  'refusal_books_range_invalid',
  ...bookNames.map((name) => `admin_books_${name}`),
  ...ledgerAccountKinds.map((kind) => `admin_ledger_account_${kind}`),
  ...ledgerJournalKinds.map((kind) => `admin_ledger_journal_${kind}`),
];

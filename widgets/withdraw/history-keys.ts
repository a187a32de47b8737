/**
 * The history's words (WithdrawHistory.tsx, loaded after the form), with those of its loading and
 * its retry. Its pager's (ui/Pager.tsx) are added where the catalogue is named, the widget's
 * (embed/widget-messages.ts) and the page's: naming them here would make the form load the pager.
 */
export const withdrawHistoryMessageKeys = [
  'loading',
  'wallet_withdraw_history',
  'wallet_withdraw_card',
  'wallet_withdraw_reason',
  'transaction_time',
  'transaction_amount',
  'transaction_status',
  'transaction_status_1',
  'transaction_status_2',
  'transaction_status_3',
  'transaction_empty',
  'transaction_load_error',
  'embed_retry',
] as const;

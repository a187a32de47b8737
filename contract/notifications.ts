/**
 * What a member is told in the app (the bell): one kind per event, worded by the widgets as
 * `notice_<kind>` in each locale with the notice's parameters. Shared by the server, which
 * records them, and the widgets, which word them.
 */
export const notificationKinds = [
  'payment_confirmed',
  'payment_rejected',
  'payment_refunded',
  'payment_reopened',
  'verification_approved',
  'verification_rejected',
  'withdrawal_paid',
  'withdrawal_rejected',
  'income_arrived',
  'income_corrected',
  'account_reinstated',
  'logged_in_elsewhere',
  'password_reset',
  'contact_changed',
  'withdrawal_cooldown_changed',
  'balance_credited',
  'balance_debited',
  'order_refunded',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The original app refreshes what a member sees every 5 seconds (docs/original-app.md); the bell asks for its count as often. */
export const notificationPollMs = 5_000;

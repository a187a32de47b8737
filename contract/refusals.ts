/**
 * Every reason the API gives for refusing a request, as a stable machine code. The server puts
 * one in each failure envelope (`error_code`, beside the seed's English `message`, which stays
 * as the contract wrote it); the widgets translate by code through the locale key
 * `refusal_<code>`, never by matching the English sentence. A code, once published, keeps its
 * meaning: add new ones, never reuse or rename one.
 */
export const refusalCodes = [
  // Requests the framework refuses before any route runs.
  'malformed_request',
  'route_not_found',
  'method_not_allowed',
  'body_too_large',
  'unsupported_media_type',
  'rate_limited',
  'service_unavailable',
  'migrations_pending',
  'server_error',
  // Validation: `errors` names the fields at fault.
  'validation',
  'amount_not_number',
  'amount_too_many_decimals',
  'amount_too_large',
  // Sessions and roles.
  'session_expired',
  'session_other_device',
  'login_failed',
  'forbidden',
  'operators_only',
  'members_only',
  'account_suspended',
  // Registration and the member's own record.
  'username_taken',
  'referrer_not_found',
  'referrer_circular',
  'password_confirmation_mismatch',
  'nothing_to_change',
  'password_wrong',
  'member_not_found',
  // Identity verification.
  'identity_already_verified',
  'identity_not_verified',
  'verification_not_pending',
  'verification_name_fixed',
  'verification_photos_repeated',
  // Uploads.
  'image_not_found',
  'image_field_missing',
  'image_empty',
  'image_damaged',
  'image_too_large',
  'image_too_many_pixels',
  'image_unsupported',
  // Catalogue and orders.
  'product_not_found',
  'product_unknown',
  'product_sold_out',
  'product_hidden',
  'product_capacity_below_sold',
  'order_not_found',
  'notification_not_found',
  'order_unknown',
  'order_one_product',
  'order_amount_below_minimum',
  'order_not_pending',
  'order_not_waiting_confirmation',
  'order_not_paid_off',
  'notice_photo_required',
  'payer_mismatch',
  'refund_not_found',
  'refund_already_paid',
  // A payer name that is not the member's, and undoing a mistaken decision (decision 050).
  'payer_name_differs',
  'different_payer_details_missing',
  'nothing_to_undo',
  'undo_day_over',
  // Wallets and transfers.
  'amount_below_minimum',
  'main_wallet_insufficient',
  'partner_wallet_insufficient',
  'partner_city_not_found',
  'partner_unavailable',
  'transfer_not_found',
  'transfer_failed',
  'transfer_write_failed',
  'idempotency_key_reused',
  // Bank cards and withdrawals.
  'bank_card_not_found',
  'bank_card_duplicate',
  'bank_card_needs_verification',
  'cardholder_mismatch',
  'daily_quota_invalid',
  'withdrawal_not_found',
  'withdrawal_over_quota',
  'withdrawal_card_cooling_down',
  'withdrawal_already_decided',
  // One operator at a time on a withdrawal (decision 051).
  'withdrawal_claimed_by_other',
  'withdrawal_not_claimed',
  // Machines.
  'device_serial_unknown',
  'device_serial_taken',
  'device_bound_elsewhere',
  'device_credentials_wrong',
  'device_not_found',
  'device_retired',
  'engine_room_not_found',
  'engine_room_unknown',
  // Engine room capacity and states (decision 052).
  'engine_room_not_offered',
  'engine_room_full',
  'engine_room_capacity_below_held',
  'engine_room_not_retired',
  'engine_room_move_target',
  'engine_room_days_unshared',
  // Partner sites (decision 017).
  'partner_site_origin_invalid',
  'partner_site_duplicate',
  'partner_site_not_found',
  'partner_site_not_allowed',
  // Back office.
  'operator_name_invalid',
  'operator_password_short',
  'operator_password_wrong',
  'operator_password_same',
  // Operator roles and two-factor sign-in (decision 026).
  'administrators_only',
  'sign_in_unfinished',
  'two_factor_code_wrong',
  'two_factor_not_started',
  'two_factor_already_on',
  'operator_name_taken',
  'operator_not_found',
  'operator_self_change',
  'operator_last_administrator',
  'member_not_suspended',
  'business_date_invalid',
  'books_range_invalid',
  'reset_code_wrong',
  'business_day_not_started',
  'revenue_already_recorded',
  'revenue_record_not_found',
  'revenue_kwh_invalid',
  'revenue_amount_invalid',
  'revenue_correction_empty',
  // The hold on recorded revenue (decision 049).
  'revenue_entry_not_found',
  'revenue_entry_shared',
  'revenue_entry_withdrawn',
  'revenue_release_own',
  'engine_room_short',
  'time_zone_unknown',
  // Revenue by CSV (decision 028).
  'revenue_import_too_large',
  'revenue_import_too_many_rows',
  'revenue_import_header',
  'revenue_import_empty',
  'revenue_import_changed',
  // Receiving accounts and payments not open yet (decision 024).
  'receiving_account_not_found',
  'receiving_account_number_invalid',
  'receiving_account_demo_fixed',
  'receiving_account_unavailable',
  'virtual_currency_address_invalid',
  'payments_not_open',
  // Bank statements matched to payment notices (decision 059).
  'statement_too_large',
  'statement_too_many_lines',
  'statement_unreadable',
  'statement_columns_unmapped',
  'statement_imported_before',
  'statement_not_found',
  // The brand site (decision 022).
  'site_section_not_found',
  'site_content_invalid',
  'site_build_running',
  'site_build_not_found',
  'site_version_not_found',
  // Members and partner-city wallets in the back office (decision 029).
  'member_already_suspended',
  // Customer service's credits and debits (decision 060).
  'adjustment_not_found',
  'adjustment_not_pending',
  'adjustment_own',
  'partner_city_disabled',
  // A partner platform reporting a transfer's outcome (decision 031).
  'partner_signature_invalid',
  'transfer_already_settled',
] as const;

export type RefusalCode = (typeof refusalCodes)[number];

/** The locale key that translates a refusal code. */
export const refusalKeyPrefix = 'refusal_';

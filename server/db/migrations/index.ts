import type { Migration, MigrationProvider } from 'kysely/migration';
import * as catalog from './0001_catalog.ts';
import * as members from './0002_members.ts';
import * as ledger from './0003_ledger.ts';
import * as backOffice from './0004_back_office.ts';
import * as identityCardsWithdrawals from './0005_identity_cards_withdrawals.ts';
import * as ordersPayments from './0006_orders_payments.ts';
import * as income from './0007_income.ts';
import * as devices from './0008_devices.ts';
import * as ledgerCheckPerStatement from './0009_ledger_check_per_statement.ts';
import * as roomCapacity from './0010_room_capacity.ts';
import * as partnerTransferFunction from './0011_partner_transfer_function.ts';
import * as partnerSites from './0012_partner_sites.ts';
import * as siteContent from './0013_site_content.ts';
import * as receivingAccounts from './0014_receiving_accounts.ts';
import * as notifications from './0015_notifications.ts';
import * as localisedNames from './0016_localised_names.ts';
import * as deviceRetirement from './0017_device_retirement.ts';
import * as operatorRolesTwoFactor from './0018_operator_roles_two_factor.ts';
import * as catalogueEditing from './0019_catalogue_editing.ts';
import * as memberAdminPartnerWallets from './0020_member_admin_partner_wallets.ts';
import * as ledgerCheckByJournal from './0021_ledger_check_by_journal.ts';
import * as transferChecksPartnerCity from './0022_transfer_checks_partner_city.ts';
import * as seedMarks from './0023_seed_marks.ts';
import * as memberTransfersQueue from './0024_member_transfers_queue.ts';
import * as transferBatches from './0025_transfer_batches.ts';
import * as latePayers from './0026_late_payers.ts';
import * as translationBehind from './0027_translation_behind.ts';
import * as roomCapacityConfirmed from './0028_room_capacity_confirmed.ts';
import * as auditLogLookups from './0029_audit_log_lookups.ts';
import * as databaseFunctions from './0030_database_functions.ts';
import * as businessDayZones from './0031_business_day_zones.ts';
import * as memberPasswordResets from './0036_member_password_resets.ts';
import * as brandTextsStateTheTrustRule from './0039_brand_texts_state_the_trust_rule.ts';
import * as partnerSiteSessions from './0038_partner_site_sessions.ts';
import * as operatorFirstPassword from './0040_operator_first_password.ts';
import * as filesInTheDatabase from './0041_files_in_the_database.ts';
import * as memberWithdrawalCooldown from './0042_member_withdrawal_cooldown.ts';
import * as bankStatements from './0043_bank_statements.ts';
import * as customerAdjustments from './0044_customer_adjustments.ts';
import * as partnerFailuresIndex from './0045_partner_failures_index.ts';
import * as brandTextsNamePointsAndNames from './0046_brand_texts_name_points_and_names.ts';
import * as verificationChoicesInThreeLanguages from './0047_verification_choices_in_three_languages.ts';
import * as noticeMailToFormerAddress from './0048_notice_mail_to_former_address.ts';
import * as operatorAlerts from './0049_operator_alerts.ts';
import * as operatorWorkNotify from './0050_operator_work_notify.ts';
import * as roomTypesInThreeLanguages from './0051_room_types_in_three_languages.ts';
import * as alertEmailLanguages from './0052_alert_email_languages.ts';
import * as payerRefundsWithdrawalClaims from './0033_payer_refunds_withdrawal_claims.ts';
import * as revenueCorrectionsAndHold from './0032_revenue_corrections_and_hold.ts';
import * as roomStates from './0034_room_states.ts';

/**
 * Migrations are listed here rather than read from the folder so that the same list runs
 * from source, from tests and from any bundler, on PGlite and PostgreSQL alike.
 */
const migrations: Record<string, Migration> = {
  '0001_catalog': catalog,
  '0002_members': members,
  '0003_ledger': ledger,
  '0004_back_office': backOffice,
  '0005_identity_cards_withdrawals': identityCardsWithdrawals,
  '0006_orders_payments': ordersPayments,
  '0007_income': income,
  '0008_devices': devices,
  '0009_ledger_check_per_statement': ledgerCheckPerStatement,
  '0010_room_capacity': roomCapacity,
  '0011_partner_transfer_function': partnerTransferFunction,
  '0012_partner_sites': partnerSites,
  '0013_site_content': siteContent,
  '0014_receiving_accounts': receivingAccounts,
  '0015_notifications': notifications,
  '0016_localised_names': localisedNames,
  '0017_device_retirement': deviceRetirement,
  '0018_operator_roles_two_factor': operatorRolesTwoFactor,
  '0019_catalogue_editing': catalogueEditing,
  '0020_member_admin_partner_wallets': memberAdminPartnerWallets,
  '0021_ledger_check_by_journal': ledgerCheckByJournal,
  '0022_transfer_checks_partner_city': transferChecksPartnerCity,
  '0023_seed_marks': seedMarks,
  '0024_member_transfers_queue': memberTransfersQueue,
  '0025_transfer_batches': transferBatches,
  '0026_late_payers': latePayers,
  '0027_translation_behind': translationBehind,
  '0028_room_capacity_confirmed': roomCapacityConfirmed,
  '0029_audit_log_lookups': auditLogLookups,
  '0030_database_functions': databaseFunctions,
  '0031_business_day_zones': businessDayZones,
  '0032_revenue_corrections_and_hold': revenueCorrectionsAndHold,
  '0033_payer_refunds_withdrawal_claims': payerRefundsWithdrawalClaims,
  '0034_room_states': roomStates,
  '0036_member_password_resets': memberPasswordResets,
  '0038_partner_site_sessions': partnerSiteSessions,
  '0039_brand_texts_state_the_trust_rule': brandTextsStateTheTrustRule,
  '0040_operator_first_password': operatorFirstPassword,
  '0041_files_in_the_database': filesInTheDatabase,
  '0042_member_withdrawal_cooldown': memberWithdrawalCooldown,
  '0043_bank_statements': bankStatements,
  '0044_customer_adjustments': customerAdjustments,
  '0045_partner_failures_index': partnerFailuresIndex,
  '0046_brand_texts_name_points_and_names': brandTextsNamePointsAndNames,
  '0047_verification_choices_in_three_languages': verificationChoicesInThreeLanguages,
  '0048_notice_mail_to_former_address': noticeMailToFormerAddress,
  '0049_operator_alerts': operatorAlerts,
  '0050_operator_work_notify': operatorWorkNotify,
  '0051_room_types_in_three_languages': roomTypesInThreeLanguages,
  '0052_alert_email_languages': alertEmailLanguages,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

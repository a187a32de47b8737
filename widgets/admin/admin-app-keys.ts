import { refusalKey } from '../core/refusal.ts';
import { pagerMessageKeys } from '../ui/Pager.tsx';
import { contentMessageKeys } from './tabs/content/content-keys.ts';
import { decisionRefusals } from './shared/decision.ts';
import { partnerSitesMessageKeys } from './tabs/partners/partners-keys.ts';
import { payoutCardMessageKeys } from './tabs/withdrawals/PayoutCard.tsx';
import { receivingAccountsMessageKeys } from './tabs/receiving/receiving-keys.ts';
import { dashboardMessageKeys } from './tabs/dashboard/dashboard-keys.ts';
import { machinesMessageKeys } from './tabs/machines/machines-keys.ts';
import { auditMessageKeys } from './tabs/audit/audit-keys.ts';
import { noticesMessageKeys } from './tabs/notices/notices-keys.ts';
import { reviewsMessageKeys } from './tabs/reviews/reviews-keys.ts';
import { verificationsMessageKeys } from './tabs/verifications/verifications-keys.ts';
import { withdrawalsMessageKeys } from './tabs/withdrawals/withdrawals-keys.ts';

/**
 * The words of the back office's frame (AdminApp.tsx), the words several tabs share, and the lists of
 * the tabs the island's first screens open (each tab's own in its folder, `<tab>-keys.ts`). Kept apart
 * from AdminApp.tsx so the island's script does not import the modules these lists come from.
 */
export const adminAppMessageKeys = [
  'loading',
  'admin_title',
  'admin_username',
  'admin_password',
  'admin_login',
  'admin_login_blank',
  'admin_login_error',
  'admin_login_limited',
  'admin_logout',
  'admin_sections',
  'admin_group_today',
  'admin_group_money',
  'admin_group_members',
  'admin_group_catalogue',
  'admin_group_site',
  'admin_group_settings',
  'admin_work_waiting',
  'admin_verifications',
  'admin_withdrawals',
  'admin_notices',
  'admin_orders',
  'admin_revenue',
  'admin_reviews',
  'admin_engine_room',
  'admin_business_date',
  'admin_kwh',
  'admin_revenue_amount',
  'admin_evidence',
  'admin_revenue_blank',
  'admin_revenue_recorded',
  'admin_record_revenue',
  'admin_distribute',
  'admin_distributed',
  'admin_ask_cancel',
  'admin_ask_distribute_day',
  'admin_ask_distribute_all',
  'admin_order_number',
  'admin_not_verified',
  'admin_notice_reference',
  'admin_refund_account',
  'admin_refund_reason',
  'admin_undo',
  'admin_undo_reason',
  'admin_undone',
  'admin_audit',
  'admin_member',
  'admin_reason',
  'admin_change_reason',
  'admin_member_not_verified',
  'admin_reason_needed',
  'admin_reject',
  'admin_queue_empty',
  'admin_load_error',
  'admin_action_failed',
  'admin_operator',
  'admin_action',
  'admin_system',
  'verify_real_name',
  'transaction_time',
  'transaction_amount',
  ...contentMessageKeys,
  ...payoutCardMessageKeys,
  ...partnerSitesMessageKeys,
  ...receivingAccountsMessageKeys,
  ...dashboardMessageKeys,
  ...machinesMessageKeys,
  ...auditMessageKeys,
  ...noticesMessageKeys,
  ...reviewsMessageKeys,
  ...verificationsMessageKeys,
  ...withdrawalsMessageKeys,
  ...pagerMessageKeys,
  ...decisionRefusals.map(refusalKey),
];

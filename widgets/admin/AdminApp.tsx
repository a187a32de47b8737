import { useStore } from '../core/use-store.ts';
import { Fragment, useEffect, useRef } from 'react';
import { useMounted } from '../core/hooks.ts';
import { useI18n } from '../core/i18n.ts';
import { pagerMessageKeys } from '../ui/Pager.tsx';
import { payoutCardMessageKeys } from './PayoutCard.tsx';
import { refusalKey } from '../core/refusal.ts';
import { decisionRefusals } from './decision.ts';
import { AdminLogin } from './AdminLogin.tsx';
import { contentMessageKeys } from './content-messages.ts';
import { lazyTab } from './lazy-tab.tsx';
import { partnerSitesMessageKeys } from './partner-sites-keys.ts';
import { receivingAccountsMessageKeys } from './receiving-keys.ts';
import { dashboardMessageKeys, machinesMessageKeys } from './tab-keys.ts';
import { $operatorToken, operatorLogout } from './operator-session.ts';
import { $workCounts, countsByTab } from './work-counts.ts';
import { tabShown, useOperatorMe } from './operator-me.ts';
import { useAdminPlace } from './use-admin-place.ts';

/**
 * `reviewer: true` marks the queues a reviewer works; every other tab is for administrators (decision 026).
 * `group` is the task the side navigation files the tab under, in this order.
 */
const tabs = [
  { id: 'dashboard', label: 'admin_dashboard', group: 'today', reviewer: true },
  { id: 'notices', label: 'admin_notices', group: 'today', reviewer: true },
  { id: 'verifications', label: 'admin_verifications', group: 'today', reviewer: true },
  { id: 'withdrawals', label: 'admin_withdrawals', group: 'today', reviewer: true },
  { id: 'reviews', label: 'admin_reviews', group: 'today', reviewer: true },
  { id: 'orders', label: 'admin_orders', group: 'money' },
  { id: 'revenue', label: 'admin_revenue', group: 'money' },
  { id: 'books', label: 'admin_books', group: 'money' },
  { id: 'receiving', label: 'admin_receiving_accounts', group: 'money' },
  { id: 'members', label: 'admin_members', group: 'members' },
  { id: 'partner_wallets', label: 'admin_partner_wallets', group: 'members' },
  { id: 'catalogue', label: 'admin_catalogue', group: 'catalogue' },
  { id: 'machines', label: 'admin_machines', group: 'catalogue' },
  { id: 'content', label: 'admin_content', group: 'site' },
  { id: 'partners', label: 'admin_partner_sites', group: 'site' },
  { id: 'settings', label: 'admin_settings', group: 'settings' },
  { id: 'operators', label: 'admin_operators', group: 'settings' },
  { id: 'audit', label: 'admin_audit', group: 'settings' },
  { id: 'security', label: 'admin_security', group: 'settings', reviewer: true },
] as const;
const groups = ['today', 'money', 'members', 'catalogue', 'site', 'settings'] as const;
type Tab = (typeof tabs)[number]['id'];

/** Every tab's screen loads when the tab is first opened, keeping the page under its budget. */
const DashboardTab = lazyTab(() => import('./Dashboard.tsx').then((module) => module.Dashboard));
const NoticeTab = lazyTab(() => import('./NoticeQueue.tsx').then((module) => module.NoticeQueue));
const VerificationTab = lazyTab(() => import('./VerificationQueue.tsx').then((module) => module.VerificationQueue));
const WithdrawalTab = lazyTab(() => import('./WithdrawalQueue.tsx').then((module) => module.WithdrawalQueue));
const RevenueTab = lazyTab(() => import('./Revenue.tsx').then((module) => module.Revenue));
const ReviewTab = lazyTab(() => import('./ReviewQueue.tsx').then((module) => module.ReviewQueue));
const OrdersTab = lazyTab(() => import('./Orders.tsx').then((module) => module.Orders));
const AuditTab = lazyTab(() => import('./AuditLog.tsx').then((module) => module.AuditLog));
const BooksTab = lazyTab(() => import('./Books.tsx').then((module) => module.Books));
const MachinesTab = lazyTab(() => import('./Machines.tsx').then((module) => module.Machines));
const ReceivingTab = lazyTab(() => import('./ReceivingAccounts.tsx').then((module) => module.ReceivingAccounts));
const PartnerSitesTab = lazyTab(() => import('./PartnerSites.tsx').then((module) => module.PartnerSites));
const ContentTab = lazyTab(() => import('./ContentPanel.tsx').then((module) => module.ContentPanel));
const CatalogueTab = lazyTab(() => import('./Catalogue.tsx').then((module) => module.Catalogue));
const SettingsTab = lazyTab(() => import('./Settings.tsx').then((module) => module.Settings));
const MembersTab = lazyTab(() => import('./Members.tsx').then((module) => module.Members));
const PartnerWalletsTab = lazyTab(() => import('./PartnerWallets.tsx').then((module) => module.PartnerWallets));
const OperatorsTab = lazyTab(() => import('./Operators.tsx').then((module) => module.Operators));
const SecurityTab = lazyTab(() => import('./TwoFactorSetup.tsx').then((module) => module.TwoFactorSetup));

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
  'admin_ask_payment',
  'admin_ask_payout',
  'admin_ask_refund',
  'admin_ask_distribute_day',
  'admin_ask_distribute_all',
  'admin_order_number',
  'admin_not_verified',
  'admin_account_back_five',
  'admin_notice_paid_into',
  'admin_remark',
  'admin_proof_photo',
  'admin_notice_payer',
  'admin_notice_reference',
  'admin_notice_reason',
  'admin_payer_needed',
  'admin_confirm_payment',
  'admin_ask_different_payer',
  'admin_confirm_needs_identity',
  'admin_different_payer',
  'admin_different_payer_needed',
  'admin_order_held_for_refund',
  'admin_payer_differs',
  'admin_refund_account',
  'admin_refund_account_unknown',
  'admin_refund_incoming',
  'admin_refund_reason',
  'admin_rejected_today',
  'admin_undo',
  'admin_undo_reason',
  'admin_undone',
  'admin_verified_name',
  'admin_withdrawal_claim',
  'admin_withdrawal_claim_first',
  'admin_withdrawal_release',
  'admin_order_confirmed',
  'admin_order_rejected',
  'admin_audit',
  'admin_audit_caption',
  'admin_audit_filter',
  'admin_audit_text',
  'admin_audit_text_hint',
  'admin_audit_action',
  'admin_audit_action_all',
  'admin_audit_subject',
  'admin_audit_subject_all',
  'admin_audit_subject_id',
  'admin_audit_subject_id_hint',
  'admin_audit_show',
  'admin_audit_showing',
  'admin_audit_show_all',
  'admin_audit_none',
  'admin_audit_press_hint',
  'admin_audit_download',
  'admin_audit_downloading',
  'admin_audit_download_error',
  'admin_member',
  'admin_reason',
  'admin_change_reason',
  'admin_member_not_verified',
  'admin_reason_needed',
  'admin_reference_needed',
  'admin_reference_or_reason',
  'admin_approve',
  'admin_reject',
  'admin_pay',
  'admin_queue_empty',
  'admin_load_error',
  'admin_action_failed',
  'admin_verification_approved',
  'admin_verification_rejected',
  'admin_withdrawal_paid',
  'admin_withdrawal_rejected',
  'admin_withdrawal_number',
  'admin_operator',
  'admin_action',
  'admin_subject',
  'admin_change',
  'admin_system',
  'verify_real_name',
  'verify_certificate_number',
  'verify_email',
  'verify_phone',
  'verify_photo_front',
  'verify_photo_back',
  'verify_photo_handheld',
  'bank_cardholder',
  'bank_bank_name',
  'transaction_time',
  'transaction_amount',
  ...contentMessageKeys,
  ...payoutCardMessageKeys,
  ...partnerSitesMessageKeys,
  ...receivingAccountsMessageKeys,
  ...dashboardMessageKeys,
  ...machinesMessageKeys,
  ...pagerMessageKeys,
  ...decisionRefusals.map(refusalKey),
];

/** The back office: operators log in with their own accounts and work the review and payout queues. */
export function AdminApp() {
  const { t } = useI18n();
  const mounted = useMounted();
  const token = useStore($operatorToken);
  // Where the operator is (the tab, a machine or audit filter) lives in the address: reload and Back keep it.
  const { place, visit, open, follow } = useAdminPlace(token);
  const { me, loaded, reload } = useOperatorMe(token);
  const waiting = countsByTab(useStore($workCounts));
  const shownTabs = tabs.filter((item) => tabShown(item, me));
  const total = token === '' ? 0 : shownTabs.reduce((sum, item) => sum + (waiting.get(item.id) ?? 0), 0);
  usePageTitleCount(total);
  // A place this operator has no tab for (a reviewer given an administrator's link) opens the dashboard.
  const tab: Tab = shownTabs.find((item) => item.id === place.tab)?.id ?? 'dashboard';

  if (!mounted)
    return (
      <p role="status" className="gs-loading">
        {t('loading')}
      </p>
    );
  if (token === '') return <AdminLogin />;
  if (!loaded)
    return (
      <p role="status" className="gs-loading">
        {t('loading')}
      </p>
    );
  // Two-factor is required and not yet set up: nothing else opens until it is.
  if (me?.stage === 'enrol')
    return (
      <div className="gs-admin">
        <SecurityTab me={me} onChanged={reload} />
        <button type="button" className="button button--small button--quiet" onClick={() => void operatorLogout()}>
          {t('admin_logout')}
        </button>
      </div>
    );
  const shown = shownTabs;
  return (
    <div className="gs-admin">
      <nav className="gs-admin__nav" aria-label={t('admin_sections')}>
        {groups.map((group) => {
          const inGroup = shown.filter((item) => item.group === group);
          if (inGroup.length === 0) return null;
          return (
            <div key={group} className="gs-admin__nav-group" role="group" aria-labelledby={`gs-admin-group-${group}`}>
              <p className="gs-admin__nav-heading" id={`gs-admin-group-${group}`}>
                {t(`admin_group_${group}`)}
              </p>
              {inGroup.map((item) => (
                <button
                  key={item.id}
                  type="button"
                  className="button button--small"
                  aria-pressed={tab === item.id}
                  onClick={() => open({ tab: item.id })}
                >
                  {t(item.label)}
                  {(waiting.get(item.id) ?? 0) > 0 && (
                    <span className="gs-admin__count">
                      <span aria-hidden="true">{waiting.get(item.id)}</span>
                      <span className="visually-hidden">{t('admin_work_waiting', { count: waiting.get(item.id) ?? 0 })}</span>
                    </span>
                  )}
                </button>
              ))}
            </div>
          );
        })}
        <button type="button" className="button button--small button--quiet" onClick={() => void operatorLogout()}>
          {t('admin_logout')}
        </button>
      </nav>
      <div className="gs-admin__work">
        <Fragment key={visit}>
          {tab === 'dashboard' && (
            <DashboardTab tabs={shown} onOpen={(id, view) => open({ tab: id, machines: view === 'offline' ? 'offline' : 'all' })} />
          )}
          {tab === 'notices' && <NoticeTab />}
          {tab === 'orders' && <OrdersTab initialView={place.orders} onViewChange={(orders) => follow({ ...place, orders })} />}
          {tab === 'verifications' && <VerificationTab />}
          {tab === 'withdrawals' && <WithdrawalTab />}
          {tab === 'revenue' && <RevenueTab />}
          {tab === 'reviews' && <ReviewTab />}
          {tab === 'receiving' && <ReceivingTab />}
          {tab === 'catalogue' && <CatalogueTab />}
          {tab === 'machines' && (
            <MachinesTab initialFilter={place.machines} onFilterChange={(machines) => follow({ ...place, machines })} />
          )}
          {tab === 'partners' && <PartnerSitesTab />}
          {tab === 'members' && (
            <MembersTab
              initialView={place.members}
              onViewChange={(members) => follow({ ...place, members })}
              onHistory={(memberId) => open({ tab: 'audit', audit: { subjectType: 'user', subjectId: String(memberId) } })}
            />
          )}
          {tab === 'partner_wallets' && <PartnerWalletsTab />}
          {tab === 'content' && <ContentTab />}
          {tab === 'settings' && <SettingsTab />}
          {tab === 'audit' && <AuditTab initialQuery={place.audit} onQueryChange={(audit) => follow({ ...place, audit })} />}
          {tab === 'books' && <BooksTab />}
          {tab === 'operators' && <OperatorsTab me={me} />}
          {tab === 'security' && me !== null && <SecurityTab me={me} onChanged={reload} />}
        </Fragment>
      </div>
    </div>
  );
}

/** The page title leads with the work waiting, "(3) 运营后台", so a background tab says there is something to do. */
function usePageTitleCount(total: number): void {
  const base = useRef<string | null>(null);
  useEffect(() => {
    base.current ??= document.title.replace(/^\(\d+\) /, '');
    document.title = total > 0 ? `(${total}) ${base.current}` : base.current;
  }, [total]);
}

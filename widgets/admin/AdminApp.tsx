import { useStore } from '../core/use-store.ts';
import { Fragment, useEffect, useRef } from 'react';
import { useMounted } from '../core/hooks.ts';
import { useI18n } from '../core/i18n.ts';
import { AdminLogin } from './AdminLogin.tsx';
import { lazyTab } from './lazy-tab.tsx';
import { $operatorToken, operatorLogout } from './shared/operator-session.ts';
import { $workCounts, countsByTab } from './shared/work-counts.ts';
import { tabShown, useOperatorMe } from './shared/operator-me.ts';
import { useAdminPlace } from './use-admin-place.ts';

/**
 * `reviewer: true` marks the queues a reviewer works; every other tab is for administrators (decision 026).
 * `group` is the task the side navigation files the tab under, in this order.
 */
const tabs = [
  { id: 'dashboard', label: 'admin_dashboard', group: 'today', reviewer: true },
  { id: 'notices', label: 'admin_notices', group: 'today', reviewer: true },
  { id: 'statements', label: 'admin_statements', group: 'today', reviewer: true },
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
const DashboardTab = lazyTab(() => import('./tabs/dashboard/Dashboard.tsx').then((module) => module.Dashboard));
const NoticeTab = lazyTab(() => import('./tabs/notices/Notices.tsx').then((module) => module.Notices));
const StatementsTab = lazyTab(() => import('./tabs/statements/Statements.tsx').then((module) => module.Statements));
const VerificationTab = lazyTab(() => import('./tabs/verifications/Verifications.tsx').then((module) => module.Verifications));
const WithdrawalTab = lazyTab(() => import('./tabs/withdrawals/Withdrawals.tsx').then((module) => module.Withdrawals));
const RevenueTab = lazyTab(() => import('./tabs/revenue/Revenue.tsx').then((module) => module.Revenue));
const ReviewTab = lazyTab(() => import('./tabs/reviews/Reviews.tsx').then((module) => module.Reviews));
const OrdersTab = lazyTab(() => import('./tabs/orders/Orders.tsx').then((module) => module.Orders));
const AuditTab = lazyTab(() => import('./tabs/audit/Audit.tsx').then((module) => module.Audit));
const BooksTab = lazyTab(() => import('./tabs/books/Books.tsx').then((module) => module.Books));
const MachinesTab = lazyTab(() => import('./tabs/machines/Machines.tsx').then((module) => module.Machines));
const ReceivingTab = lazyTab(() => import('./tabs/receiving/Receiving.tsx').then((module) => module.Receiving));
const PartnerSitesTab = lazyTab(() => import('./tabs/partners/Partners.tsx').then((module) => module.Partners));
const ContentTab = lazyTab(() => import('./tabs/content/Content.tsx').then((module) => module.Content));
const CatalogueTab = lazyTab(() => import('./tabs/catalogue/Catalogue.tsx').then((module) => module.Catalogue));
const SettingsTab = lazyTab(() => import('./tabs/settings/Settings.tsx').then((module) => module.Settings));
const MembersTab = lazyTab(() => import('./tabs/members/Members.tsx').then((module) => module.Members));
const PartnerWalletsTab = lazyTab(() => import('./tabs/partner-wallets/PartnerWallets.tsx').then((module) => module.PartnerWallets));
const OperatorsTab = lazyTab(() => import('./tabs/operators/Operators.tsx').then((module) => module.Operators));
const SecurityTab = lazyTab(() => import('./tabs/security/Security.tsx').then((module) => module.Security));
const FirstPassword = lazyTab(() =>
  import('./tabs/security/OwnPassword.tsx').then((module) => (props: { onChanged: () => void }) => (
    <module.OwnPassword first onChanged={props.onChanged} />
  )),
);

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
  // Another operator chose the first password: nothing else opens until the operator has chosen their own.
  if (me?.stage === 'password')
    return (
      <div className="gs-admin">
        <FirstPassword onChanged={reload} />
        <button type="button" className="button button--small button--quiet" onClick={() => void operatorLogout()}>
          {t('admin_logout')}
        </button>
      </div>
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
          {tab === 'statements' && (
            <StatementsTab view={place.statements} onViewChange={(statements) => open({ tab: 'statements', statements })} />
          )}
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

import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { DashboardData } from '../../../../contract/api/dashboard.ts';
import { htmlLang } from '../../../../locales/index.ts';
import { useI18n } from '../../../core/i18n.ts';
import { localName } from '../../../core/local-name.ts';
import { formatPoints } from '../../../core/money.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { dateTimeFormat } from '../../../core/date-time.ts';
import { ScrollTable } from '../../shared/ScrollTable.tsx';

/** A back-office tab the dashboard can send the operator to, with its label's key. */
export interface TabLink {
  id: string;
  label: string;
}

interface DashboardProps {
  /** The tabs this back office has: a count or step whose tab is missing says so instead of linking. */
  tabs: readonly TabLink[];
  /** Opens a tab; `view` narrows what it shows first (the machines offline). */
  onOpen: (tab: string, view?: string) => void;
}

/** Which tab works each queue, and the words the dashboard names it by. */
const queueLinks = [
  { key: 'payment_notices', tab: 'notices', label: 'admin_notices' },
  { key: 'verifications', tab: 'verifications', label: 'admin_verifications' },
  { key: 'withdrawals', tab: 'withdrawals', label: 'admin_withdrawals' },
  { key: 'refunds_owed', tab: 'reviews', label: 'admin_dashboard_refunds' },
] as const;

/**
 * The operator's first screen: what waits in each queue, how each engine room's income went today and
 * yesterday, the machines offline and, until the business can take payments, the setup checklist.
 * Read fresh each time the tab is shown, and on request.
 */
export function Dashboard({ tabs, onOpen }: DashboardProps) {
  const { locale, t } = useI18n();
  const [data, setData] = useState<DashboardData | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(true);
  const live = useRef(true);

  const load = () => {
    setBusy(true);
    adminRequest<DashboardData>('GET', '/dashboard')
      .then((envelope) => {
        if (!live.current) return;
        setData(envelope.detail);
        setFailed(false);
      })
      .catch(() => live.current && setFailed(true))
      .finally(() => live.current && setBusy(false));
  };
  useEffect(() => {
    live.current = true;
    load();
    return () => {
      live.current = false;
    };
  }, []);

  const tabOf = (id: string) => tabs.find((tab) => tab.id === id);
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
  const number = new Intl.NumberFormat(htmlLang[locale]);
  const open = (tabId: string, name: string, view?: string) => {
    const tab = tabOf(tabId);
    if (tab === undefined) return <span className="gs-admin__note">{t('admin_dashboard_no_screen')}</span>;
    return (
      <button type="button" className="button button--small button--quiet" onClick={() => onOpen(tab.id, view)}>
        {t('admin_dashboard_open_named', { name })}
      </button>
    );
  };

  return (
    <section aria-labelledby="gs-admin-dashboard" aria-busy={busy}>
      <h2 id="gs-admin-dashboard">{t('admin_dashboard')}</h2>
      <div className="gs-actions">
        <button type="button" className="button button--small button--secondary" disabled={busy} onClick={load}>
          {t('admin_dashboard_refresh')}
        </button>
      </div>
      <p className="gs-message gs-message--error" role="alert">
        {failed ? t('admin_load_error') : ''}
      </p>
      <p className="gs-admin__note" role="status">
        {busy ? t('loading') : data === null ? '' : t('admin_dashboard_updated', { time: time.format(new Date(data.generated_at)) })}
      </p>
      {data !== null && (
        <>
          <Checklist data={data} open={(tabId) => open(tabId, t(tabOf(tabId)?.label ?? ''))} />
          <h3>{t('admin_dashboard_queues')}</h3>
          <dl className="gs-admin__facts gs-admin__counts">
            {queueLinks.map((queue) => (
              <div key={queue.key}>
                <dt>{t(queue.label)}</dt>
                <dd>
                  <strong>{number.format(data.queues[queue.key])}</strong> {open(queue.tab, t(queue.label))}
                </dd>
              </div>
            ))}
            <div>
              <dt>{t('admin_dashboard_machines_offline')}</dt>
              <dd>
                <strong>{number.format(data.machines.offline)}</strong> {open('machines', t('admin_machines'), 'offline')}
              </dd>
            </div>
          </dl>
          <Distribution data={data} />
        </>
      )}
    </section>
  );
}

/** Each step not done opens its tab, named as the tab is (the step's own words are a sentence, not a place). */
function Checklist({ data, open }: { data: DashboardData; open: (tab: string) => ReactNode }) {
  const { t } = useI18n();
  if (data.checklist.ready) return <p className="gs-message gs-message--ok">{t('admin_dashboard_ready')}</p>;
  return (
    <div className="gs-admin__item" role="region" aria-labelledby="gs-dashboard-checklist">
      <h3 id="gs-dashboard-checklist">{t('admin_dashboard_checklist')}</h3>
      <p>{t('admin_dashboard_checklist_intro')}</p>
      <ol className="gs-admin__checklist">
        {data.checklist.items.map((step) => {
          const label = t(`admin_dashboard_step_${step.id}`);
          return (
            <li key={step.id} className={step.done ? 'gs-admin__step--done' : 'gs-admin__step--todo'}>
              <strong>{step.done ? t('admin_dashboard_done') : t('admin_dashboard_todo')}</strong>
              {' · '}
              {label}
              {step.count !== undefined && (
                <span className="gs-admin__note"> ({t('admin_dashboard_count', { count: step.count })})</span>
              )}{' '}
              {!step.done && open(step.tab)}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function Distribution({ data }: { data: DashboardData }) {
  const { locale, t } = useI18n();
  const [today, yesterday] = data.distribution.days;
  if (today === undefined || yesterday === undefined) return null;
  const cell = (day: typeof today, roomId: number) => {
    const room = day.rooms.find((candidate) => candidate.engine_room_id === roomId);
    if (room === undefined) return '—';
    const paid = room.state === 'finished' || room.state === 'paid_so_far' || room.state === 'running';
    return (
      <>
        {t(`admin_dashboard_state_${room.state}`)}
        {paid && (
          <span className="gs-admin__note">
            {' · '}
            {t('admin_dashboard_paid', { orders: room.orders_credited, total: formatPoints(room.amount_credited, locale) })}
          </span>
        )}
      </>
    );
  };
  return (
    <>
      <h3 id="gs-dashboard-distribution">{t('admin_dashboard_distribution')}</h3>
      {today.rooms.length === 0 ? (
        <p>{t('admin_dashboard_no_rooms')}</p>
      ) : (
        <ScrollTable
          id="gs-dashboard-distribution-caption"
          caption={t('admin_dashboard_distribution_caption', { zone: data.distribution.time_zone })}
        >
          <thead>
            <tr>
              <th scope="col">{t('admin_engine_room')}</th>
              <th scope="col">{t('admin_dashboard_today', { date: today.business_date })}</th>
              <th scope="col">{t('admin_dashboard_yesterday', { date: yesterday.business_date })}</th>
            </tr>
          </thead>
          <tbody>
            {today.rooms.map((room) => (
              <tr key={room.engine_room_id}>
                <th scope="row">{localName(room, locale)}</th>
                <td>{cell(today, room.engine_room_id)}</td>
                <td>{cell(yesterday, room.engine_room_id)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </>
  );
}

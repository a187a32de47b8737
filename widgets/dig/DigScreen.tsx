import { useStore } from '../core/use-store.ts';
import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '../core/api.ts';
import { refreshSession } from '../ui/SessionWatcher.tsx';
import { useI18n } from '../core/i18n.ts';
import { siteHref } from '../core/locale.ts';
import { $mainWallet } from '../core/main-wallet.ts';
import { formatPoints } from '../core/money.ts';
import { usePagedList } from '../core/paged.ts';
import { Pager } from '../ui/Pager.tsx';
import { $user } from '../core/session.ts';
import type { EngineRoom, IncomeRecord, InterestWallet } from '../../contract/api/distribution.ts';
import type { Holding } from '../../contract/api/holdings.ts';
import { conversion, devicesOf, loadIncomePage, machineState } from './dig.ts';
import type { IncomeChartProps } from './IncomeChart.tsx';
import { MachineList } from './MachineList.tsx';
import { MachineArt } from './MachineArt.tsx';
import { PageNumbers } from './PageNumbers.tsx';
import { dateTimeFormat } from '../core/date-time.ts';
import { deliveredHome, Holdings } from './Holdings.tsx';

/** As in the original app, the zoom button hides itself 3 seconds after it shows. */
export const zoomButtonShownMs = 3_000;
/** Machines count as offline 5 minutes after their last heartbeat: asking every minute keeps the indicator honest. */
export const machineRefreshMs = 60_000;

/**
 * The income chart loads after the screen (the widget budget), with its own figures: a loading
 * state meanwhile and, should its code not arrive, a message and a retry. A plain dynamic import
 * rather than React.lazy: Suspense would grow the core that every widget shares.
 */
type ChartModule = typeof import('./IncomeChart.tsx');
let chartModule: Promise<ChartModule> | undefined;
const loadChart = () =>
  (chartModule ??= import('./IncomeChart.tsx').catch((error: unknown) => {
    chartModule = undefined;
    throw error;
  }));

function LazyIncomeChart(props: IncomeChartProps) {
  const { t } = useI18n();
  const [chart, setChart] = useState<ChartModule | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setFailed(false);
    loadChart()
      .then((module) => live && setChart(module))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [attempt]);
  if (chart !== null) return <chart.IncomeChart {...props} />;
  // Holds about the chart's own height, so the income list below does not jump when the chart arrives (CLS).
  if (!failed)
    return (
      <p role="status" className="gs-dig__chart gs-dig__chart--loading">
        {t('loading')}
      </p>
    );
  return (
    <p part="error" className="gs-message gs-message--error" role="alert">
      {t('transaction_load_error')}{' '}
      <button part="button" type="button" className="button button--small" onClick={() => setAttempt((count) => count + 1)}>
        {t('embed_retry')}
      </button>
    </p>
  );
}

/** The original app's /dig screen (docs/original-app.md): the machine, the main-wallet balance and its conversion, whether the machines report in, and the income. */
export function DigScreen() {
  const { locale, t } = useI18n();
  const balance = useStore($mainWallet);
  const user = useStore($user);
  const devices = devicesOf(user);
  const state = machineState(devices);
  const [wallet, setWallet] = useState<InterestWallet | null>(null);
  const [rooms, setRooms] = useState<EngineRoom[] | null>(null);
  const list = usePagedList<IncomeRecord>('/v1/interest', async (path) => {
    const envelope = await loadIncomePage(path, t);
    if (envelope.wallet !== undefined) setWallet(envelope.wallet);
    return envelope;
  });
  const holdings = usePagedList<Holding>('/v1/holdings');
  // Binding is offered only to a member with a machine of their own: one bound already, or one delivered home.
  const bindable = devices.length > 0 || holdings.page?.data.some((holding) => holding.delivery_method_id === deliveredHome) === true;
  const [zoomed, setZoomed] = useState(false);
  const [zoomShown, setZoomShown] = useState(true);
  const zoomButton = useRef<HTMLButtonElement>(null);
  const zoomTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The button shows, then steps aside after 3 s (unless it has focus); touching the machine brings it back.
  const showZoom = () => {
    setZoomShown(true);
    clearTimeout(zoomTimer.current);
    zoomTimer.current = setTimeout(function hide() {
      if (document.activeElement === zoomButton.current) zoomTimer.current = setTimeout(hide, zoomButtonShownMs);
      else setZoomShown(false);
    }, zoomButtonShownMs);
  };
  useEffect(() => {
    let live = true;
    apiRequest<EngineRoom[]>('GET', '/v1/engineRoom')
      .then((envelope) => live && setRooms(envelope.detail))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    showZoom();
    return () => clearTimeout(zoomTimer.current);
  }, []);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refreshSession().catch(() => undefined);
    }, machineRefreshMs);
    return () => clearInterval(timer);
  }, []);

  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const converted = conversion(balance, wallet);
  const records = list.page?.data ?? [];

  return (
    <div className="gs-dig">
      <section className="gs-dig__machine" onPointerDown={showZoom}>
        <MachineArt online={state === 'online'} zoomed={zoomed} />
        <button
          part="button"
          ref={zoomButton}
          type="button"
          className="button button--small button--secondary gs-dig__zoom"
          aria-pressed={zoomed}
          hidden={!zoomShown}
          onClick={() => {
            setZoomed(!zoomed);
            showZoom();
          }}
        >
          {t('dig_zoom')}
        </button>
      </section>

      {bindable && (
        <p className={`gs-dig__status gs-dig__status--${state}`}>
          <span className="gs-dig__dot" aria-hidden="true" />
          <span>{t('dig_machine_status')}: </span>
          {state === 'none' ? (
            <>
              <span>{t('dig_no_machine')} </span>
              <a href={siteHref(locale, '/addmachine')}>{t('dig_add_machine')}</a>
            </>
          ) : (
            <strong>{t(state === 'online' ? 'dig_online' : 'dig_offline')}</strong>
          )}
        </p>
      )}

      <dl className="gs-dig__figures">
        <div>
          <dt>{t('dig_balance')}</dt>
          <dd data-testid="dig-balance">{balance === null ? '—' : formatPoints(balance, locale)}</dd>
        </div>
        <div>
          <dt>{t('dig_conversion')}</dt>
          <dd data-testid="dig-conversion">{converted === null ? '—' : formatPoints(converted, locale)}</dd>
        </div>
      </dl>
      <p className="gs-dig__note">{t('dig_conversion_note')}</p>
      <p className="gs-dig__note">
        <a href={siteHref(locale, '/trust')}>{t('trust_title')}</a>
      </p>

      <Holdings list={holdings} />

      {/*
       * What follows the holdings is drawn once they are in (or failed): drawn earlier, all of it would be pushed down
       * the screen when they arrive, a layout shift of the income list (CLS). The requests go out together all the same.
       */}
      {(holdings.page !== null || holdings.failed !== null) && incomeSections()}
    </div>
  );

  // Called, not rendered as a component of its own: a component declared here would be a new type at each render.
  function incomeSections() {
    return (
      <>
        <MachineList devices={devices} rooms={rooms} now={Date.now()} />

        <LazyIncomeChart
          devices={devices}
          rooms={rooms}
          ownedRoomId={holdings.page?.data.find((held) => held.engine_room !== null)?.engine_room?.id}
        />

        <h2>{t('dig_income_list')}</h2>
        {list.failed !== null && (
          <p part="error" className="gs-message gs-message--error" role="alert">
            {list.failed}
          </p>
        )}
        <table className="gs-table" aria-busy={list.loading}>
          <caption className="gs-dig__note">{t('dig_income_note')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dig_income_number')}</th>
              <th scope="col">{t('dig_income_amount')}</th>
              <th scope="col">{t('dig_income_created')}</th>
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr key={record.id}>
                <td>{record.interest_record_number}</td>
                <td className="gs-table__number">{formatPoints(record.amount, locale)}</td>
                <td>
                  <time dateTime={record.created_at}>{time.format(new Date(record.created_at))}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.loading && list.page === null && <p role="status">{t('loading')}</p>}
        {!list.loading && list.failed === null && records.length === 0 && <p>{t('dig_income_empty')}</p>}
        {list.page !== null && (
          <>
            <PageNumbers current={list.page.current_page} last={list.page.last_page} onGo={list.go} />
            <Pager page={list.page} onGo={list.go} />
          </>
        )}
      </>
    );
  }
}

import { useEffect, useId, useRef } from 'react';
import { htmlLang } from '../../locales/index.ts';
import { recentResultsDays } from '../../contract/limits.ts';
import { useI18n } from '../core/i18n.ts';
import type { Holding } from '../../contract/api/holdings.ts';
import { localLocation, localName } from '../core/local-name.ts';
import { formatPoints } from '../core/money.ts';
import type { PagedList } from '../core/paged.ts';
import { dateTimeFormat } from '../core/date-time.ts';
import { Pager } from '../ui/Pager.tsx';

/** A machine delivered home is the one kind a member binds on /addmachine. */
export const deliveredHome = 2;

/** What the member owns: each paid order with its room, share and what it has earned (issue 36). */
export function Holdings({ list }: { list: PagedList<Holding> }) {
  const { locale, t } = useI18n();
  const id = useId();
  const holdings = list.page?.data ?? [];
  const number = new Intl.NumberFormat(htmlLang[locale], { maximumFractionDigits: 4 });
  const date = dateTimeFormat(locale, { dateStyle: 'medium' });
  const days = { days: recentResultsDays };
  // An order's link (/dig#holding-ID) lands on its holding once the list is there, reading on page by page while the
  // holding is not on the page shown (an older order; the newest come first). Once, on arrival: paging by hand is left alone.
  const shown = list.page;
  const seeking = useRef(true);
  useEffect(() => {
    if (!seeking.current || shown === null || list.loading) return;
    const wanted = location.hash.startsWith('#holding-') ? document.getElementById(location.hash.slice(1)) : null;
    if (wanted === null && location.hash.startsWith('#holding-') && shown.current_page < shown.last_page) {
      list.go(shown.current_page + 1);
      return;
    }
    seeking.current = false;
    wanted?.scrollIntoView();
  }, [shown, list.loading]);

  return (
    <section className="gs-holdings" aria-labelledby={`${id}-title`} aria-busy={list.loading}>
      <h2 id={`${id}-title`}>{t('dig_holdings')}</h2>
      <p className="gs-dig__note">{t('dig_holdings_note', days)}</p>
      {list.failed !== null && (
        <p part="error" className="gs-message gs-message--error" role="alert">
          {t('dig_holdings_error')}{' '}
          <button part="button" type="button" className="button button--small" onClick={list.reload}>
            {t('embed_retry')}
          </button>
        </p>
      )}
      {list.loading && list.page === null && <p role="status">{t('loading')}</p>}
      {!list.loading && list.failed === null && holdings.length === 0 && <p>{t('dig_holdings_empty')}</p>}
      <ul className="gs-holdings__list">
        {holdings.map((holding) => {
          const room = holding.engine_room;
          const figures: [string, string][] = [
            [t('dig_holding_room'), room === null ? t('dig_holding_home') : `${localName(room, locale)} · ${localLocation(room, locale)}`],
            [t('dig_holding_units'), number.format(holding.units)],
            [t('dig_holding_share'), holding.capacity_percent === null ? '—' : `${number.format(holding.capacity_percent)}%`],
            [t('dig_holding_paid'), date.format(new Date(holding.paid_at))],
            [t('dig_holding_income'), formatPoints(holding.income_total, locale)],
            [t('dig_holding_recent', days), formatPoints(holding.income_recent, locale)],
          ];
          if (holding.room_kwh_recent !== null) figures.push([t('dig_holding_kwh', days), `${number.format(holding.room_kwh_recent)} kWh`]);
          return (
            <li key={holding.id} id={`holding-${holding.id}`} className="gs-holdings__item" tabIndex={-1}>
              <h3>
                {localName(holding.product, locale)} · {t('dig_holding_order', { number: holding.order_number })}
              </h3>
              <dl className="gs-holdings__figures">
                {figures.map(([term, value]) => (
                  <div key={term}>
                    <dt>{term}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
      {list.page !== null && list.page.last_page > 1 && (
        <Pager page={list.page} onGo={list.go} label={`${t('dig_holdings')}: ${t('paging_label')}`} />
      )}
    </section>
  );
}

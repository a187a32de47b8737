import { useEffect, useId, useState } from 'react';
import type { RevenueChartDay } from '../../../../contract/api/revenue.ts';
import { useI18n } from '../../../core/i18n.ts';
import { localName } from '../../../core/local-name.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { formatDecimal } from '../../shared/formatters.ts';
import type { EngineRoom } from '../../../../contract/api/distribution.ts';
import { dateTimeFormat } from '../../../core/date-time.ts';

const width = 300;
const height = 100;

/**
 * A room's last 30 days of recorded revenue as bars, drawn as the member's /dig chart is: inline
 * SVG named by its caption, the dates under it, and every figure in a table for anyone who cannot
 * see the bars. The bar heights are only a picture; the figures stay exact text.
 */
export function RevenueChart({ room, round }: { room: EngineRoom; round: number }) {
  const { locale, t } = useI18n();
  const captionId = useId();
  const [days, setDays] = useState<RevenueChartDay[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    adminRequest<RevenueChartDay[]>('GET', `/engine-rooms/${room.id}/revenue-days`)
      .then((envelope) => live && (setDays(envelope.detail), setFailed(false)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [room.id, round]);

  if (failed)
    return (
      <p className="gs-message gs-message--error" role="alert">
        {t('admin_load_error')}
      </p>
    );
  if (days === null) return <p role="status">{t('loading')}</p>;
  const heights = days.map((day) => (day.revenue === null ? 0 : Number(day.revenue)));
  const max = Math.max(0, ...heights);
  const step = width / days.length;
  const shortDate = dateTimeFormat(locale, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  const label = (date: string | undefined) => (date === undefined ? '' : shortDate.format(new Date(`${date}T00:00:00Z`)));

  return (
    <figure className="gs-admin__chart">
      <figcaption id={captionId}>{t('admin_rev_chart_title', { room: localName(room, locale) })}</figcaption>
      {max === 0 && <p>{t('admin_rev_chart_empty')}</p>}
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={captionId} preserveAspectRatio="none" width="100%" height="120">
        {heights.map((value, index) => {
          const barHeight = max > 0 ? (value / max) * (height - 4) : 0;
          return (
            <rect
              key={days[index]?.business_date}
              x={index * step + 1}
              width={Math.max(step - 2, 1)}
              y={height - barHeight}
              height={barHeight}
              fill="currentColor"
            />
          );
        })}
      </svg>
      <p className="gs-admin__chart-dates" aria-hidden="true">
        <span>{label(days[0]?.business_date)}</span> <span>{label(days[days.length - 1]?.business_date)}</span>
      </p>
      {/* The chart's figures as text, named by the summary: three narrow columns that fit a phone, so no scrolling region (ScrollTable). */}
      <details>
        <summary>{t('admin_rev_chart_table')}</summary>
        <table className="gs-table">
          <thead>
            <tr>
              <th scope="col">{t('admin_rev_date')}</th>
              <th scope="col">{t('admin_kwh')}</th>
              <th scope="col">{t('admin_revenue_amount')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.business_date}>
                <td>{day.business_date}</td>
                <td className="gs-table__number">{day.kwh === null ? '—' : formatDecimal(day.kwh, locale)}</td>
                <td className="gs-table__number">{day.revenue === null ? '—' : formatDecimal(day.revenue, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

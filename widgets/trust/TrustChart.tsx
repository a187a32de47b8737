import { useId } from 'react';
import { useI18n } from '../core/i18n.ts';
import { formatPoints } from '../core/money.ts';
import type { dailyTotals } from './trust.ts';

const width = 300;
const height = 120;

/**
 * Revenue (bars) beside the income paid out of it (a darker bar inside), one scale for both, so a
 * reader sees at a glance that income never exceeds revenue. The table below carries the figures.
 */
export function TrustChart({ days }: { days: ReturnType<typeof dailyTotals> }) {
  const { locale, t } = useI18n();
  const titleId = useId();
  if (days.length === 0) return null;
  const max = Math.max(...days.map((day) => day.revenue), 1);
  const step = width / days.length;
  const barHeight = (value: number) => (Math.max(value, 0) / max) * (height - 4);
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? '';

  return (
    <figure className="gs-trust__chart">
      <figcaption id={titleId}>{t('trust_chart_title')}</figcaption>
      <svg viewBox={`0 0 ${width} ${height + 16}`} role="img" aria-labelledby={titleId}>
        {days.map((day, index) => (
          <g key={day.date}>
            <title>{`${day.date}: ${t('trust_revenue')} ${formatPoints(day.revenue, locale)}, ${t('trust_income')} ${formatPoints(day.income, locale)}`}</title>
            <rect
              className="gs-trust__revenue"
              x={index * step + 1}
              width={Math.max(step - 2, 1)}
              y={height - barHeight(day.revenue)}
              height={barHeight(day.revenue)}
            />
            <rect
              className="gs-trust__income"
              x={index * step + step / 4}
              width={Math.max(step / 2, 1)}
              y={height - barHeight(day.income)}
              height={barHeight(day.income)}
            />
          </g>
        ))}
        <text x="0" y={height + 14} className="gs-trust__axis">
          {first}
        </text>
        <text x={width} y={height + 14} text-anchor="end" className="gs-trust__axis">
          {last}
        </text>
      </svg>
      <p className="gs-trust__legend">
        <span className="gs-trust__key gs-trust__key--revenue" aria-hidden="true" /> {t('trust_revenue')}{' '}
        <span className="gs-trust__key gs-trust__key--income" aria-hidden="true" /> {t('trust_income')}
      </p>
    </figure>
  );
}

import { useEffect, useId, useState } from 'react';
import { htmlLang } from '../../locales/index.ts';
import { useI18n } from '../core/i18n.ts';
import { formatPoints } from '../core/money.ts';
import type { Device } from '../../contract/api/devices.ts';
import type { EngineRoom } from '../../contract/api/distribution.ts';
import { chartData, loadIncomeByDay, roomFor } from './income-days.ts';
import { localName } from '../core/local-name.ts';
import { dateTimeFormat } from '../core/date-time.ts';

/** The member's machines, the rooms, and a room the member holds a share of (the chart shows the machine's room, else that one). */
export interface IncomeChartProps {
  devices: Device[];
  rooms: EngineRoom[] | null;
  ownedRoomId?: number | undefined;
}

const width = 300;
const height = 120;

/**
 * The last 30 days of the engine room's recorded production (bars) beside the member's income
 * (a line), so the money can be traced to the energy sold. Inline SVG, each series on its own
 * scale, the top of each labelled in its unit; the same figures are in the table below it for anyone who cannot see the chart.
 */
export function IncomeChart({ devices, rooms, ownedRoomId }: IncomeChartProps) {
  const { locale, t } = useI18n();
  const captionId = useId();
  const [income, setIncome] = useState<Awaited<ReturnType<typeof loadIncomeByDay>> | null>(null);

  useEffect(() => {
    let live = true;
    loadIncomeByDay()
      .then((loaded) => live && setIncome(loaded))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  if (rooms === null) return null;
  const room = roomFor(rooms, devices, ownedRoomId);
  const days = chartData(room, income);
  const kwhMax = Math.max(0, ...days.map((day) => day.kwh ?? 0));
  const incomeMax = Math.max(0, ...days.map((day) => day.income ?? 0));
  const step = width / days.length;
  const y = (value: number, max: number) => height - (max > 0 ? (value / max) * (height - 8) : 0);
  // The line keeps a margin top and bottom, so its stroke never leaves the chart.
  const lineY = (value: number) => height - 4 - (incomeMax > 0 ? (value / incomeMax) * (height - 12) : 0);
  const line = days
    .map((day, index) => (day.income === null ? null : `${(index + 0.5) * step},${lineY(day.income)}`))
    .filter((point) => point !== null)
    .join(' ');
  const shortDate = dateTimeFormat(locale, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  // The first, middle and last day, each once (two days would otherwise name the last twice).
  const axisDates = [...new Set([0, Math.floor(days.length / 2), days.length - 1])]
    .filter((index) => index >= 0)
    .map((index) => days[index]);
  const number = (value: number | null, digits = 1) =>
    value === null ? '—' : value.toLocaleString(htmlLang[locale], { maximumFractionDigits: digits });

  return (
    <figure className="gs-dig__chart">
      <figcaption id={captionId}>
        {t('dig_chart_title')}
        {room === undefined ? '' : ` · ${localName(room, locale)}`}
      </figcaption>
      {kwhMax === 0 && <p className="gs-dig__note">{t('dig_chart_empty')}</p>}
      {/* Each series' top of scale in its unit: the bars in kWh on the left, the line in points on the right. */}
      <p className="gs-dig__scale" aria-hidden="true">
        <span className="gs-dig__scale--bar">{number(kwhMax)} kWh</span>
        <span className="gs-dig__scale--line">
          {formatPoints(incomeMax, locale)} {t('wallet_points')}
        </span>
      </p>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={captionId} preserveAspectRatio="none">
        {days.map((day, index) => (
          <rect
            key={day.date}
            className="gs-dig__bar"
            x={index * step + 1}
            width={Math.max(step - 2, 1)}
            y={y(day.kwh ?? 0, kwhMax)}
            height={height - y(day.kwh ?? 0, kwhMax)}
          />
        ))}
        {line !== '' && <polyline className="gs-dig__line" points={line} />}
      </svg>
      {/* The dates under the chart; the table below has every one for a screen reader. */}
      <p className="gs-dig__dates" aria-hidden="true">
        {axisDates.map((day, index) => (
          <span key={`${index}-${day?.date ?? ''}`}>{day === undefined ? '' : shortDate.format(new Date(`${day.date}T00:00:00Z`))}</span>
        ))}
      </p>
      <p className="gs-dig__legend">
        <span className="gs-dig__key gs-dig__key--bar" aria-hidden="true" /> {t('dig_chart_kwh')}
        <span className="gs-dig__key gs-dig__key--line" aria-hidden="true" /> {t('dig_chart_income')}
      </p>
      <details>
        <summary>{t('dig_chart_table')}</summary>
        <table className="gs-table">
          <thead>
            <tr>
              <th scope="col">{t('dig_chart_date')}</th>
              <th scope="col">{t('dig_chart_kwh')}</th>
              <th scope="col">{t('dig_room_revenue')}</th>
              <th scope="col">{t('dig_chart_income')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <td>{day.date}</td>
                <td className="gs-table__number">{number(day.kwh)}</td>
                <td className="gs-table__number">{day.revenue === null ? '—' : formatPoints(day.revenue, locale)}</td>
                <td className="gs-table__number">{day.income === null ? '—' : formatPoints(day.income, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

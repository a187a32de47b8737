import { useState, type FormEvent } from 'react';
import type { RevenueDay } from '../../../../contract/api/revenue.ts';
import { useI18n } from '../../../core/i18n.ts';
import { localName } from '../../../core/local-name.ts';
import { usePagedList, type Paged } from '../../../core/paged.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { adminRequest } from '../../shared/operator-session.ts';
import { ScrollTable } from '../../shared/ScrollTable.tsx';
import type { Outcome } from '../../shared/queue-parts.tsx';
import { RevenueCorrection } from './RevenueCorrection.tsx';
import { datePattern } from './revenue-patterns.ts';
import { formatDecimal } from '../../shared/formatters.ts';
import type { EngineRoom } from '../../../../contract/api/distribution.ts';

export interface RecordsFilter {
  room: string;
  from: string;
  to: string;
}

const query = (filter: RecordsFilter) => new URLSearchParams(Object.entries(filter).filter(([, value]) => value !== '')).toString();

/**
 * The recorded days, one row per room and day with its corrections summed in, paged on the server
 * and filtered by room and dates; each row can be corrected (with a reason) or explained.
 */
export function RevenueRecords({
  rooms,
  onFilter,
  onExplain,
  onChange,
}: {
  rooms: EngineRoom[];
  onFilter: (filter: RecordsFilter) => void;
  onExplain: (day: RevenueDay) => void;
  onChange: () => void;
}) {
  const { locale, t } = useI18n();
  const [draft, setDraft] = useState<RecordsFilter>({ room: '', from: '', to: '' });
  const [filter, setFilter] = useState<RecordsFilter>(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [correcting, setCorrecting] = useState<RevenueDay | null>(null);
  const list = usePagedList<RevenueDay>(`/revenue?${query(filter)}`, (path) => adminRequest<Paged<RevenueDay>>('GET', path));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (draft.from !== '' && !datePattern.test(draft.from)) found.from = t('admin_rev_date_bad');
    if (draft.to !== '' && !datePattern.test(draft.to)) found.to = t('admin_rev_date_bad');
    if (found.from === undefined && found.to === undefined && draft.from !== '' && draft.to !== '' && draft.from > draft.to)
      found.to = t('admin_rev_date_order');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFilter(draft);
    onFilter(draft);
  };

  const dateField = (name: 'from' | 'to', label: string) => (
    <div className="gs-field">
      <label htmlFor={`gs-rev-${name}`}>{label}</label>
      <div className="gs-field__control">
        <input
          id={`gs-rev-${name}`}
          type="date"
          value={draft[name]}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={`gs-rev-${name}-error`}
          onInput={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })}
        />
      </div>
      <p id={`gs-rev-${name}-error`} className="gs-field__error" aria-live="polite">
        {errors[name]}
      </p>
    </div>
  );

  const rows = list.page?.data ?? [];
  return (
    <section aria-labelledby="gs-rev-records">
      <h3 id="gs-rev-records">{t('admin_rev_records_title')}</h3>
      <form className="gs-admin__filters" onSubmit={apply} noValidate>
        <div className="gs-field">
          <label htmlFor="gs-rev-room">{t('admin_engine_room')}</label>
          <select id="gs-rev-room" value={draft.room} onChange={(event) => setDraft({ ...draft, room: event.currentTarget.value })}>
            <option value="">{t('admin_rev_all_rooms')}</option>
            {rooms.map((room) => (
              <option key={room.id} value={room.id}>
                {localName(room, locale)}
              </option>
            ))}
          </select>
        </div>
        {dateField('from', t('admin_rev_from'))}
        {dateField('to', t('admin_rev_to'))}
        <button type="submit" className="button button--small">
          {t('admin_rev_filter')}
        </button>
      </form>
      <p className="gs-message gs-message--error" role="alert">
        {list.failed !== null ? t('admin_load_error') : ''}
      </p>
      <p className="gs-message gs-message--ok" role="status">
        {outcome?.text ?? ''}
      </p>
      {!list.loading && list.failed === null && rows.length === 0 && <p>{t('admin_rev_records_empty')}</p>}
      <ScrollTable id="gs-rev-records-caption" caption={t('admin_rev_records_caption')}>
        <thead>
          <tr>
            <th scope="col">{t('admin_business_date')}</th>
            <th scope="col">{t('admin_engine_room')}</th>
            <th scope="col">{t('admin_kwh')}</th>
            <th scope="col">{t('admin_revenue_amount')}</th>
            <th scope="col">{t('admin_rev_recorded_as')}</th>
            <th scope="col">{t('admin_rev_corrections')}</th>
            <th scope="col">{t('admin_evidence')}</th>
            <th scope="col">{t('admin_rev_distribution')}</th>
            <th scope="col">{t('admin_rev_actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((day) => {
            const id = `gs-rev-${day.engine_room_id}-${day.business_date}`;
            return (
              <tr key={id}>
                <th scope="row" id={id}>
                  {day.business_date}
                </th>
                <td id={`${id}-room`}>{day.room_name}</td>
                <td className="gs-table__number">{formatDecimal(day.kwh, locale)}</td>
                <td className="gs-table__number">{formatDecimal(day.revenue, locale)}</td>
                <td className="gs-table__number">{formatDecimal(day.recorded_revenue, locale)}</td>
                <td className="gs-table__number">{day.corrections}</td>
                <td>{day.evidence}</td>
                <td>{t(`admin_rev_state_${day.distribution ?? 'not_run'}`)}</td>
                <td>
                  <div className="gs-actions">
                    <button
                      type="button"
                      className="button button--small button--quiet"
                      aria-describedby={`${id} ${id}-room`}
                      onClick={() => setCorrecting(day)}
                    >
                      {t('admin_rev_correct')}
                    </button>
                    <button
                      type="button"
                      className="button button--small button--quiet"
                      aria-describedby={`${id} ${id}-room`}
                      onClick={() => onExplain(day)}
                    >
                      {t('admin_rev_explain')}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </ScrollTable>
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
      {correcting !== null && (
        <RevenueCorrection
          key={`${correcting.engine_room_id}-${correcting.business_date}`}
          day={correcting}
          onClose={(done) => {
            setCorrecting(null);
            if (done !== null) {
              setOutcome(done);
              list.reload();
              onChange();
            }
          }}
        />
      )}
    </section>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import type { Explanation } from '../../../../contract/api/distribution.ts';
import { htmlLang } from '../../../../locales/index.ts';
import { revenueOrderOutcomes, type RevenueOrderOutcome } from '../../../../contract/revenue.ts';
import { useI18n } from '../../../core/i18n.ts';
import { localName } from '../../../core/local-name.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { adminRequest } from '../../shared/operator-session.ts';
import { ScrollTable } from '../../shared/ScrollTable.tsx';
import { datePattern } from './revenue-patterns.ts';
import { formatDecimal } from '../../shared/formatters.ts';
import type { EngineRoom } from '../../../../contract/api/distribution.ts';
import { revenueRefusalText } from './revenue-keys.ts';

export interface ExplainTarget {
  room: string;
  date: string;
}

/**
 * A room day's distribution explained: the revenue, the pool and the fee, the orders paid and how
 * much, and every other order of the room with why it did not earn (PRODUCT.md decision 1).
 */
export function DistributionExplain({ rooms, target, round }: { rooms: EngineRoom[]; target: ExplainTarget | null; round: number }) {
  const { locale, t } = useI18n();
  const [draft, setDraft] = useState<ExplainTarget>(target ?? { room: '', date: '' });
  const [shown, setShown] = useState<ExplainTarget | null>(target);
  const [outcome, setOutcome] = useState<RevenueOrderOutcome | ''>('');
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<Explanation | null>(null);
  const [error, setError] = useState('');
  const [fieldError, setFieldError] = useState<Record<string, string>>({});

  useEffect(() => {
    if (target === null) return;
    setDraft(target);
    setShown(target);
    setPage(1);
    setOutcome('');
  }, [target]);

  useEffect(() => {
    if (shown === null) return;
    let live = true;
    const query = new URLSearchParams({ page: String(page), ...(outcome === '' ? {} : { outcome }) });
    adminRequest<Explanation>('GET', `/engine-rooms/${shown.room}/distributions/${shown.date}?${query.toString()}`)
      .then((envelope) => live && (setResult(envelope.detail), setError('')))
      .catch((failure: unknown) => live && (setResult(null), setError(revenueRefusalText(failure, t))));
    return () => {
      live = false;
    };
  }, [shown, page, outcome, round]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (draft.room === '') found.room = t('admin_rev_room_needed');
    if (!datePattern.test(draft.date)) found.date = t('admin_rev_date_bad');
    setFieldError(found);
    if (Object.keys(found).length > 0) return;
    setPage(1);
    setShown({ ...draft });
  };

  const money = (text: string) => formatDecimal(text, locale);
  return (
    <section aria-labelledby="gs-rev-explain">
      <h3 id="gs-rev-explain">{t('admin_rev_explain_title')}</h3>
      <form className="gs-admin__filters" onSubmit={submit} noValidate>
        <div className="gs-field">
          <label htmlFor="gs-rev-explain-room">{t('admin_engine_room')}</label>
          <select
            id="gs-rev-explain-room"
            value={draft.room}
            aria-invalid={fieldError.room ? true : undefined}
            aria-describedby="gs-rev-explain-room-error"
            onChange={(event) => setDraft({ ...draft, room: event.currentTarget.value })}
          >
            <option value="">{t('admin_rev_choose_room')}</option>
            {rooms.map((room) => (
              <option key={room.id} value={room.id}>
                {localName(room, locale)}
              </option>
            ))}
          </select>
          <p id="gs-rev-explain-room-error" className="gs-field__error" aria-live="polite">
            {fieldError.room}
          </p>
        </div>
        <div className="gs-field">
          <label htmlFor="gs-rev-explain-date">{t('admin_rev_explain_date')}</label>
          <div className="gs-field__control">
            <input
              id="gs-rev-explain-date"
              type="date"
              value={draft.date}
              aria-invalid={fieldError.date ? true : undefined}
              aria-describedby="gs-rev-explain-date-error"
              onInput={(event) => setDraft({ ...draft, date: event.currentTarget.value })}
            />
          </div>
          <p id="gs-rev-explain-date-error" className="gs-field__error" aria-live="polite">
            {fieldError.date}
          </p>
        </div>
        <button type="submit" className="button button--small">
          {t('admin_rev_explain')}
        </button>
      </form>
      <p className="gs-message gs-message--error" role="alert">
        {error}
      </p>
      {result !== null && (
        <div aria-live="polite">
          <p>{t(`admin_rev_state_${result.state}`)}</p>
          <dl className="gs-admin__facts">
            <dt>{t('admin_revenue_amount')}</dt>
            <dd>{money(result.revenue)}</dd>
            <dt>{t('admin_rev_fee', { percent: String(result.fee_percent) })}</dt>
            <dd>{money(result.fee)}</dd>
            <dt>{t('admin_rev_pool')}</dt>
            <dd>{money(result.pool)}</dd>
            <dt>{t('admin_rev_orders_paid')}</dt>
            <dd>{result.orders_paid}</dd>
            <dt>{t('admin_rev_amount_paid')}</dt>
            <dd>{money(result.amount_paid)}</dd>
          </dl>
          <ScrollTable id="gs-rev-outcomes-caption" caption={t('admin_rev_outcomes_caption')}>
            <thead>
              <tr>
                <th scope="col">{t('admin_rev_outcome')}</th>
                <th scope="col">{t('admin_rev_orders')}</th>
                <th scope="col">{t('admin_rev_order_amount')}</th>
                <th scope="col">{t('admin_rev_earned')}</th>
              </tr>
            </thead>
            <tbody>
              {result.outcomes.map((row) => (
                <tr key={row.outcome}>
                  <th scope="row">{t(`admin_rev_outcome_${row.outcome}`)}</th>
                  <td className="gs-table__number">{row.orders}</td>
                  <td className="gs-table__number">{money(row.amount)}</td>
                  <td className="gs-table__number">{money(row.earned)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          <div className="gs-field">
            <label htmlFor="gs-rev-outcome">{t('admin_rev_outcome')}</label>
            <select
              id="gs-rev-outcome"
              value={outcome}
              onChange={(event) => {
                setPage(1);
                setOutcome(event.currentTarget.value as RevenueOrderOutcome | '');
              }}
            >
              <option value="">{t('admin_rev_all_outcomes')}</option>
              {revenueOrderOutcomes.map((value) => (
                <option key={value} value={value}>
                  {t(`admin_rev_outcome_${value}`)}
                </option>
              ))}
            </select>
          </div>
          <ScrollTable id="gs-rev-orders-caption" caption={t('admin_rev_orders_caption')}>
            <thead>
              <tr>
                <th scope="col">{t('admin_order_number')}</th>
                <th scope="col">{t('admin_rev_order_amount')}</th>
                <th scope="col">{t('admin_rev_paid_at')}</th>
                <th scope="col">{t('admin_rev_outcome')}</th>
                <th scope="col">{t('admin_rev_earned')}</th>
              </tr>
            </thead>
            <tbody>
              {result.orders.data.map((order) => (
                <tr key={order.order_number}>
                  <th scope="row">{order.order_number}</th>
                  <td className="gs-table__number">{money(order.amount)}</td>
                  <td>{order.paid_at === null ? '—' : new Date(order.paid_at).toLocaleString(htmlLang[locale])}</td>
                  <td>{t(`admin_rev_outcome_${order.outcome}`)}</td>
                  <td className="gs-table__number">{order.earned === null ? '—' : money(order.earned)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          <Pager page={result.orders} onGo={setPage} />
        </div>
      )}
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import type { DistributionRun } from '../../../../contract/api/distribution.ts';
import { useI18n } from '../../../core/i18n.ts';
import { formatPoints } from '../../../core/money.ts';
import { decisionError } from '../../shared/decision.ts';
import { localName } from '../../../core/local-name.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { AskFirst } from '../../shared/AskFirst.tsx';
import { datePattern } from './revenue-patterns.ts';
import type { EngineRoom } from '../../../../contract/api/distribution.ts';
import { dateTimeFormat, localToday } from '../../../core/date-time.ts';

/** Records an engine room's business day and pays the income out of it: the operator's side of decision 1. */
export function RevenuePanel({ rooms, onChange }: { rooms: EngineRoom[]; onChange?: () => void }) {
  const { locale, t } = useI18n();
  const [chosenRoom, setRoom] = useState('');
  const room = chosenRoom === '' ? String(rooms[0]?.id ?? '') : chosenRoom;
  const [day, setDay] = useState('');
  const [kwh, setKwh] = useState('');
  const [revenue, setRevenue] = useState('');
  const [evidence, setEvidence] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  /** The past day and figures the operator was asked to confirm; a second Record sends them. */
  const [confirmed, setConfirmed] = useState('');

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ text: await work(), failed: false });
      onChange?.();
    } catch (error) {
      setOutcome({ text: decisionError(error, t), failed: true });
    } finally {
      setBusy(false);
    }
  };

  const record = (event: FormEvent) => {
    event.preventDefault();
    if ([room, day, kwh, revenue, evidence].some((value) => value.trim() === '')) {
      setOutcome({ text: t('admin_revenue_blank'), failed: true });
      return;
    }
    // A day already over is said back with its figures first: a typo there is money on the next share-out.
    if (day < localToday() && confirmed !== `${room}|${day}|${revenue}`) {
      setConfirmed(`${room}|${day}|${revenue}`);
      setOutcome(null);
      return;
    }
    setConfirmed('');
    void run(async () => {
      await adminRequest('POST', `/engine-rooms/${room}/revenue`, {
        business_date: day,
        kwh: kwh.trim(),
        revenue: revenue.trim(),
        evidence: evidence.trim(),
      });
      return t('admin_revenue_recorded');
    });
  };

  const distribute = () =>
    void run(async () => {
      const envelope = await adminRequest<DistributionRun>('POST', '/income/distribute', day === '' ? {} : { business_date: day });
      return t('admin_distributed', { orders: envelope.detail.orders_credited, total: formatPoints(envelope.detail.total, locale) });
    });

  const longDate = (isoDay: string) =>
    !datePattern.test(isoDay)
      ? isoDay
      : dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`));

  const field = (id: string, label: string, value: string, set: (value: string) => void, type = 'text') => (
    <div className="gs-field">
      <label htmlFor={id}>{label}</label>
      <div className="gs-field__control">
        <input
          id={id}
          type={type}
          inputMode={type === 'text' && id !== 'gs-revenue-evidence' ? 'decimal' : undefined}
          value={value}
          onInput={(event) => set(event.currentTarget.value)}
        />
      </div>
    </div>
  );

  return (
    <section aria-labelledby="gs-admin-revenue">
      <h2 id="gs-admin-revenue">{t('admin_revenue')}</h2>
      <form onSubmit={record} noValidate>
        <div className="gs-field">
          <label htmlFor="gs-revenue-room">{t('admin_engine_room')}</label>
          <select id="gs-revenue-room" value={room} onChange={(event) => setRoom(event.currentTarget.value)}>
            {rooms.map((option) => (
              <option key={option.id} value={option.id}>
                {localName(option, locale)}
              </option>
            ))}
          </select>
        </div>
        {field('gs-revenue-day', t('admin_business_date'), day, setDay, 'date')}
        {field('gs-revenue-kwh', t('admin_kwh'), kwh, setKwh)}
        {field('gs-revenue-amount', t('admin_revenue_amount'), revenue, setRevenue)}
        {field('gs-revenue-evidence', t('admin_evidence'), evidence, setEvidence)}
        {confirmed !== '' && confirmed === `${room}|${day}|${revenue}` && (
          <p className="gs-admin__ask" role="status">
            {t('admin_revenue_confirm_past', {
              room: localName(rooms.find((option) => String(option.id) === room) ?? { name: room, names: {} }, locale),
              date: longDate(day),
              amount: revenue.trim(),
            })}
          </p>
        )}
        <p className="gs-message gs-message--error" role="alert">
          {outcome?.failed === true ? outcome.text : ''}
        </p>
        <p className="gs-message gs-message--ok" role="status">
          {outcome?.failed === false ? outcome.text : busy ? t('loading') : ''}
        </p>
        <div className="gs-actions">
          <button type="submit" className="button button--small" disabled={busy} aria-busy={busy}>
            {t('admin_record_revenue')}
          </button>
          <AskFirst
            label={t('admin_distribute')}
            secondary
            disabled={busy}
            question={day === '' ? t('admin_ask_distribute_all') : t('admin_ask_distribute_day', { day: longDate(day) })}
            onGo={distribute}
          />
        </div>
      </form>
    </section>
  );
}

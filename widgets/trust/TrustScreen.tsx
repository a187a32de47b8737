import { useEffect, useState } from 'react';
import { useLoggedIn, useMounted } from '../core/hooks.ts';
import { useI18n } from '../core/i18n.ts';
import { formatPoints } from '../core/money.ts';
import { usePagedList } from '../core/paged.ts';
import { Pager } from '../ui/Pager.tsx';
import { TrustChart } from './TrustChart.tsx';
import type { TrustDay, TrustRoom } from '../../contract/api/distribution.ts';
import { dailyTotals, loadMemberIncome, loadTrustPage, roomDayKey, trustPath } from './trust.ts';
import { localName } from '../core/local-name.ts';

/**
 * The public proof that income comes from recorded revenue (PRODUCT.md decision 1): each room's
 * ledger totals, then per room and day the energy, revenue and evidence, the fee, the income paid
 * and what the room kept. A logged-in member sees their own income beside each day they earned.
 */
export function TrustScreen() {
  const { locale, t } = useI18n();
  const mounted = useMounted();
  const loggedIn = useLoggedIn() && mounted;
  const [rooms, setRooms] = useState<TrustRoom[] | null>(null);
  const [mine, setMine] = useState<Map<string, number> | null>(null);
  const list = usePagedList<TrustDay>(trustPath, async (path) => {
    try {
      const envelope = await loadTrustPage(path);
      if (envelope.rooms !== undefined) setRooms(envelope.rooms);
      return envelope;
    } catch (error) {
      throw new Error(t('trust_load_error'), { cause: error });
    }
  });

  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    loadMemberIncome()
      .then((totals) => live && setMine(totals))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [loggedIn]);

  const points = (value: number | null) => (value === null ? '—' : formatPoints(value, locale));
  const roomName = (id: number) => {
    const room = rooms?.find((candidate) => candidate.id === id);
    return room === undefined ? `#${id}` : localName(room, locale);
  };
  const days = list.page?.data ?? [];

  return (
    <div className="gs-trust">
      {list.failed !== null && (
        <p part="error" className="gs-message gs-message--error" role="alert">
          {list.failed}
        </p>
      )}
      {list.page === null && list.failed === null && <p role="status">{t('loading')}</p>}

      {rooms !== null && rooms.length > 0 && (
        <section aria-labelledby="gs-trust-rooms">
          <h2 id="gs-trust-rooms">{t('trust_rooms')}</h2>
          <div className="gs-table-scroll" tabIndex={0} role="region" aria-labelledby="gs-trust-rooms">
            <table className="gs-table gs-trust__rooms">
              <thead>
                <tr>
                  <th scope="col">{t('trust_room')}</th>
                  <th scope="col">{t('trust_capacity')}</th>
                  <th scope="col">{t('trust_revenue')}</th>
                  <th scope="col">{t('trust_income')}</th>
                  <th scope="col">{t('trust_kept')}</th>
                </tr>
              </thead>
              <tbody>
                {rooms.map((room) => (
                  <tr key={room.id}>
                    <th scope="row">{localName(room, locale)}</th>
                    <td>{room.capacity_units ?? t('trust_capacity_unset')}</td>
                    <td className="gs-number">{points(room.revenue)}</td>
                    <td className="gs-number">{points(room.income)}</td>
                    <td className="gs-number">{points(room.balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="gs-trust__holds">{t('trust_holds')}</p>
        </section>
      )}

      {list.page !== null && (
        <section aria-labelledby="gs-trust-days">
          <h2 id="gs-trust-days">{t('trust_days')}</h2>
          <TrustChart days={dailyTotals(days)} />
          {loggedIn && <p className="gs-trust__mine-note">{t('trust_mine_note')}</p>}
          <div className="gs-table-scroll" tabIndex={0} role="region" aria-labelledby="gs-trust-days">
            <table className="gs-table gs-trust__days" aria-busy={list.loading}>
              <thead>
                <tr>
                  <th scope="col">
                    {t('trust_date')} · {t('trust_room')}
                  </th>
                  {loggedIn && <th scope="col">{t('trust_mine')}</th>}
                  <th scope="col">{t('trust_kwh')}</th>
                  <th scope="col">{t('trust_revenue')}</th>
                  <th scope="col">{t('trust_fee')}</th>
                  <th scope="col">{t('trust_distributable')}</th>
                  <th scope="col">{t('trust_income')}</th>
                  <th scope="col">{t('trust_kept')}</th>
                  <th scope="col">{t('trust_evidence')}</th>
                </tr>
              </thead>
              <tbody>
                {days.length === 0 && (
                  <tr>
                    <td colSpan={loggedIn ? 9 : 8}>{t('trust_empty')}</td>
                  </tr>
                )}
                {days.map((day) => {
                  const own = mine?.get(roomDayKey(day.engine_room_id, day.business_date));
                  return (
                    <tr key={roomDayKey(day.engine_room_id, day.business_date)} className={own === undefined ? undefined : 'gs-trust__own'}>
                      <th scope="row" className="gs-trust__day">
                        <span>{day.business_date}</span> <span>{roomName(day.engine_room_id)}</span>
                      </th>
                      {loggedIn && <td className="gs-number">{own === undefined ? '—' : <strong>{points(own)}</strong>}</td>}
                      <td className="gs-number">{day.kwh.toLocaleString(locale === 'eng' ? 'en' : 'zh')}</td>
                      <td className="gs-number">
                        {points(day.revenue)}
                        {/* A day corrected after it was recorded says so: its figures are the corrected ones (decision 048). */}
                        {day.adjustments > 0 && (
                          <small className="gs-trust__corrected">{t('trust_corrected', { count: day.adjustments })}</small>
                        )}
                      </td>
                      <td className="gs-number">{day.fee_percent === null ? '—' : `${day.fee_percent}%`}</td>
                      <td className="gs-number">{day.distributable === null ? t('trust_not_shared') : points(day.distributable)}</td>
                      <td className="gs-number">{points(day.income)}</td>
                      <td className="gs-number">{points(day.kept)}</td>
                      <td>{day.evidence}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager page={list.page} onGo={list.go} />
        </section>
      )}
    </div>
  );
}

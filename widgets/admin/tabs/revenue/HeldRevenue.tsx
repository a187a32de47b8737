import { useEffect, useState } from 'react';
import type { HeldEntry } from '../../../../contract/api/revenue.ts';
import { useI18n } from '../../../core/i18n.ts';
import { dateTimeFormat } from '../../../core/date-time.ts';
import { formatPoints } from '../../../core/money.ts';
import { knownRefusalKey } from '../../../core/refusal.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import type { Outcome } from '../../shared/queue-parts.tsx';
import { ReasonPanel } from '../../shared/ReasonPanel.tsx';
import { ScrollTable } from '../../shared/ScrollTable.tsx';
import { revenueRefusals } from './revenue-keys.ts';

/**
 * Revenue recorded but not yet shared (decision 049): when each is shared, and the two ways to act
 * before then: another administrator shares it now, or anyone withdraws it with a reason. The one
 * who recorded it cannot share it themselves: a second pair of eyes is the point of the hold.
 */
export function HeldRevenue({ round, onChange }: { round: number; onChange: () => void }) {
  const { locale, t } = useI18n();
  const [held, setHeld] = useState<HeldEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [withdrawing, setWithdrawing] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [reload, setReload] = useState(0);
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });

  useEffect(() => {
    let live = true;
    adminRequest<HeldEntry[]>('GET', '/revenue/held')
      .then((envelope) => live && (setHeld(envelope.detail), setFailed(false)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [round, reload]);

  const changed = (done: Outcome) => {
    setOutcome(done);
    setReload((value) => value + 1);
    onChange();
  };
  const shareNow = async (entry: HeldEntry) => {
    try {
      await adminRequest('POST', `/revenue-entries/${entry.id}/share-now`);
      changed({ text: t('admin_held_shared', { day: entry.business_date }), failed: false });
    } catch (error) {
      changed({ text: t(knownRefusalKey(error, revenueRefusals, 'admin_action_failed')), failed: true });
    }
  };

  if (held === null || (held.length === 0 && outcome === null))
    return failed ? (
      <p className="gs-message gs-message--error" role="alert">
        {t('admin_load_error')}
      </p>
    ) : null;
  return (
    <section aria-labelledby="gs-held-title">
      <h2 id="gs-held-title">{t('admin_held_title')}</h2>
      <p>{t('admin_held_intro')}</p>
      <p className={outcome?.failed === true ? 'gs-message gs-message--error' : 'gs-message gs-message--ok'} role="status">
        {outcome?.text ?? ''}
      </p>
      {held.length > 0 && (
        <ScrollTable id="gs-held-caption" caption={t('admin_held_caption')}>
          <thead>
            <tr>
              <th scope="col">{t('admin_business_date')}</th>
              <th scope="col">{t('admin_engine_room')}</th>
              <th scope="col">{t('admin_revenue_amount')}</th>
              <th scope="col">{t('admin_held_recorded_by')}</th>
              <th scope="col">{t('admin_held_until')}</th>
              <th scope="col">{t('admin_held_actions')}</th>
            </tr>
          </thead>
          <tbody>
            {held.map((entry) => (
              <tr key={entry.id}>
                <td>
                  {entry.business_date}
                  {entry.entry_kind === 'adjustment' && ` · ${t('admin_held_correction')}`}
                </td>
                <td>{entry.room_name}</td>
                <td className="gs-table__number">{formatPoints(entry.revenue, locale)}</td>
                <td>{entry.recorded_by_name ?? '—'}</td>
                <td>
                  <time dateTime={entry.hold_until}>{time.format(new Date(entry.hold_until))}</time>
                </td>
                <td>
                  <div className="gs-actions">
                    <button
                      type="button"
                      className="button button--small"
                      disabled={entry.recorded_by_me}
                      title={entry.recorded_by_me ? t('refusal_revenue_release_own') : undefined}
                      onClick={() => void shareNow(entry)}
                    >
                      {t('admin_held_share_now')}
                    </button>
                    <button type="button" className="button button--small button--secondary" onClick={() => setWithdrawing(entry.id)}>
                      {t('admin_held_withdraw')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {withdrawing !== null && (
        <ReasonPanel
          id="gs-held-reason"
          legend={t('admin_held_withdraw')}
          note={t('admin_held_withdraw_note')}
          reasonLabel={t('admin_reason')}
          submitLabel={t('admin_held_withdraw')}
          cancelLabel={t('admin_members_cancel')}
          act={async (reason) => {
            await adminRequest('POST', `/revenue-entries/${withdrawing}/withdraw`, { reason });
            return t('admin_held_withdrawn');
          }}
          refused={(error) => t(knownRefusalKey(error, revenueRefusals, 'admin_action_failed'))}
          onClose={(done) => {
            setWithdrawing(null);
            if (done !== null) changed(done);
          }}
        />
      )}
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import type { RevenueDay } from '../../../../contract/api/revenue.ts';
import { useI18n } from '../../../core/i18n.ts';
import { Field } from '../../../ui/form.tsx';
import { adminRequest } from '../../shared/operator-session.ts';
import type { Outcome } from '../../shared/queue-parts.tsx';
import { signedKwhPattern, signedPointsPattern } from './revenue-patterns.ts';
import { revenueFieldErrors, revenueRefusalText } from './revenue-keys.ts';

/** The recorded day a correction is for: its room and date, as the records list gives them. */
export type CorrectedDay = Pick<RevenueDay, 'engine_room_id' | 'room_name' | 'business_date'>;

/**
 * A correction of a recorded day through the adjustments API: a signed change of revenue (and of
 * kWh if need be) with the reason it is made, which the audit log keeps. Each field is checked
 * before anything is sent; a refused correction changes nothing.
 */
export function RevenueCorrection({ day, onClose }: { day: CorrectedDay; onClose: (done: Outcome | null) => void }) {
  const { t } = useI18n();
  const [revenue, setRevenue] = useState('');
  const [kwh, setKwh] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  // Money once shared stays shared (decision 048): the figures are said back before anything is sent.
  const [confirming, setConfirming] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!signedPointsPattern.test(revenue.trim())) found.revenue_delta = t('admin_rev_delta_bad');
    if (kwh.trim() !== '' && !signedKwhPattern.test(kwh.trim())) found.kwh_delta = t('admin_rev_kwh_delta_bad');
    if (reason.trim() === '') found.reason = t('admin_reason_needed');
    setErrors(found);
    setFailure('');
    if (Object.keys(found).length > 0) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    setBusy(true);
    try {
      await adminRequest('POST', `/engine-rooms/${day.engine_room_id}/revenue-adjustments`, {
        business_date: day.business_date,
        revenue_delta: revenue.trim().replace(/^\+/, ''),
        ...(kwh.trim() === '' ? {} : { kwh_delta: kwh.trim().replace(/^\+/, '') }),
        reason: reason.trim(),
      });
      onClose({ text: t('admin_rev_corrected'), failed: false });
    } catch (error) {
      setConfirming(false);
      setErrors(revenueFieldErrors(error, t));
      setFailure(revenueRefusalText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="gs-admin__panel" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="gs-rev-correct-title">
      <h3 id="gs-rev-correct-title">{t('admin_rev_correct_title', { room: day.room_name, date: day.business_date })}</h3>
      <Field
        id="gs-rev-delta"
        name="revenue_delta"
        label={t('admin_rev_revenue_delta')}
        value={revenue}
        onChange={(value) => (setRevenue(value), setConfirming(false))}
        error={errors.revenue_delta}
        maxLength={24}
      />
      <Field
        id="gs-rev-kwh-delta"
        name="kwh_delta"
        label={t('admin_rev_kwh_delta')}
        value={kwh}
        onChange={(value) => (setKwh(value), setConfirming(false))}
        error={errors.kwh_delta}
        maxLength={24}
      />
      <Field
        id="gs-rev-reason"
        name="reason"
        label={t('admin_change_reason')}
        value={reason}
        onChange={(value) => (setReason(value), setConfirming(false))}
        error={errors.reason}
        maxLength={500}
      />
      {confirming && (
        <p className="gs-admin__ask" role="status">
          {t(revenue.trim().startsWith('-') ? 'admin_rev_confirm_decrease' : 'admin_rev_confirm_increase', {
            amount: revenue.trim().replace(/^[+-]/, ''),
            room: day.room_name,
            date: day.business_date,
          })}
        </p>
      )}
      <p className="gs-message gs-message--error" role="alert">
        {failure}
      </p>
      <div className="gs-actions">
        <button type="submit" className="button button--small" disabled={busy} aria-busy={busy}>
          {t(confirming ? 'admin_rev_correct_confirm' : 'admin_rev_correct_save')}
        </button>
        <button
          type="button"
          className="button button--small button--quiet"
          onClick={() => (confirming ? setConfirming(false) : onClose(null))}
        >
          {t('admin_rev_cancel')}
        </button>
      </div>
    </form>
  );
}

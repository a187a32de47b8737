import { useState, type FormEvent } from 'react';
import type { AdjustmentJson, MemberDetail } from '../../../../contract/api/members.ts';
import { htmlLang } from '../../../../locales/index.ts';
import { useI18n } from '../../../core/i18n.ts';
import { usePagedList, type Paged } from '../../../core/paged.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { adjustmentRefusalText } from './adjustment-keys.ts';
import { AdjustmentTable } from './AdjustmentTable.tsx';
import { AskFirst } from '../../shared/AskFirst.tsx';
import { adminRequest } from '../../shared/operator-session.ts';
import { NoteField, type Outcome, OutcomeLines } from '../../shared/queue-parts.tsx';
import { formatDecimal } from '../../shared/formatters.ts';

/** As the server reads it: points above zero with at most four decimals. */
const amountPattern = /^\d{1,15}(\.\d{1,4})?$/;
type Direction = AdjustmentJson['direction'];

/**
 * Customer service credits or debits this member's main wallet with a reason (administrators,
 * decision 060), asked first with the figures; above the install's limit it waits for a second
 * administrator. One key per request the operator means, so a double click or a retry is one.
 */
export function MemberAdjustments({ member, onChanged }: { member: MemberDetail; onChanged: () => void }) {
  const { locale, t } = useI18n();
  const list = usePagedList<AdjustmentJson>(`/members/${member.id}/adjustments`, (path) =>
    adminRequest<Paged<AdjustmentJson>>('GET', path),
  );
  const [direction, setDirection] = useState<Direction>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [amountError, setAmountError] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const limit = new Intl.NumberFormat(htmlLang[locale]).format(member.adjustments.approval_points);

  const ready = amountPattern.test(amount.trim()) && Number(amount) > 0 && reason.trim() !== '';
  const check = () => {
    const badAmount = !amountPattern.test(amount.trim()) || Number(amount) <= 0;
    setAmountError(badAmount ? t('admin_adjust_amount_invalid') : '');
    if (!badAmount && reason.trim() === '') setOutcome({ text: t('admin_reason_needed'), failed: true });
  };
  const send = async () => {
    if (!ready) {
      check();
      return;
    }
    setOutcome(null);
    try {
      const answer = await adminRequest<AdjustmentJson>(
        'POST',
        `/members/${member.id}/adjustments`,
        { direction, amount: amount.trim(), reason: reason.trim() },
        { 'Idempotency-Key': key },
      );
      const signed = `${direction === 'debit' ? '−' : '+'}${formatDecimal(answer.detail.amount, locale)}`;
      setOutcome({
        text: t(answer.detail.status === 'posted' ? 'admin_adjust_posted' : 'admin_adjust_waiting', { amount: signed }),
        failed: false,
      });
      setAmount('');
      setReason('');
      setKey(crypto.randomUUID());
      list.reload();
      onChanged();
    } catch (error) {
      // Refused: nothing changed, so the form keeps what was typed, and the same key stays for a retry.
      setOutcome({ text: adjustmentRefusalText(error, t), failed: true });
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    check();
  };

  const rows = list.page?.data ?? [];
  return (
    <section aria-labelledby="gs-member-adjust">
      <h3 id="gs-member-adjust">{t('admin_adjust_title')}</h3>
      <p>{t('admin_adjust_intro', { limit })}</p>
      <form onSubmit={submit} noValidate className="gs-admin__item">
        <fieldset>
          <legend>{t('admin_adjust_new')}</legend>
          <div className="gs-toggle" role="radiogroup" aria-label={t('admin_adjust_direction')}>
            {(['credit', 'debit'] as const).map((value) => (
              <label key={value} className="gs-admin__check">
                <input type="radio" name="gs-adjust-direction" checked={direction === value} onChange={() => setDirection(value)} />
                {t(`admin_adjust_${value}`)}
              </label>
            ))}
          </div>
          <div className="gs-field">
            <label htmlFor="gs-adjust-amount">{t('admin_adjust_amount')}</label>
            <div className="gs-field__control">
              <input
                id="gs-adjust-amount"
                inputMode="decimal"
                value={amount}
                aria-invalid={amountError !== ''}
                aria-describedby="gs-adjust-amount-hint gs-adjust-amount-error"
                onInput={(event) => setAmount(event.currentTarget.value)}
              />
            </div>
            <p id="gs-adjust-amount-hint" className="gs-admin__note">
              {t('admin_adjust_second_needed', { limit })}
            </p>
            <p id="gs-adjust-amount-error" className="gs-message gs-message--error" aria-live="polite">
              {amountError}
            </p>
          </div>
          <NoteField id="gs-adjust-reason" label={t('admin_adjust_reason')} maxLength={500} value={reason} onChange={setReason} />
          <p className="gs-admin__note">{t('admin_adjust_reason_hint')}</p>
          <AskFirst
            label={t('admin_adjust_submit')}
            question={
              ready
                ? t(direction === 'credit' ? 'admin_adjust_ask_credit' : 'admin_adjust_ask_debit', {
                    amount: formatDecimal(amount.trim().includes('.') ? amount.trim() : `${amount.trim()}.0000`, locale),
                    member: member.username,
                    reason: reason.trim(),
                  })
                : null
            }
            onGo={() => void send()}
          />
        </fieldset>
      </form>
      <OutcomeLines outcome={outcome} />
      {rows.length === 0 && !list.loading ? (
        <p>{t('admin_adjust_none')}</p>
      ) : (
        <AdjustmentTable
          id="gs-member-adjust-caption"
          caption={t('admin_adjust_caption')}
          rows={rows}
          onDecided={(decided) => {
            setOutcome(decided);
            list.reload();
            onChanged();
          }}
        />
      )}
      {list.page !== null && <Pager page={list.page} onGo={list.go} label={t('admin_adjust_caption')} />}
    </section>
  );
}

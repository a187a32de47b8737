import type { RevealedCard } from '../../../../contract/api/withdrawals.ts';
import { useState } from 'react';
import { useI18n } from '../../../core/i18n.ts';
import { groupInFours } from '../../../bank/card-rules.ts';
import { decisionError } from '../../shared/decision.ts';
import { adminRequest } from '../../shared/operator-session.ts';

/**
 * The whole card a withdrawal goes to, shown only when the operator asks (each reveal is audited
 * on the server): the number grouped in fours with a copy button, bank, branch, region and holder.
 */
export function PayoutCard({ withdrawalId }: { withdrawalId: number }) {
  const { t } = useI18n();
  const [card, setCard] = useState<RevealedCard | null>(null);
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const reveal = async () => {
    setBusy(true);
    try {
      setCard((await adminRequest<RevealedCard>('POST', `/withdrawals/${withdrawalId}/card`)).detail);
      setStatus(null);
    } catch (error) {
      setStatus({ text: decisionError(error, t, 'admin_load_error'), failed: true });
    } finally {
      setBusy(false);
    }
  };
  const copy = async (number: string) => {
    try {
      await navigator.clipboard.writeText(number);
      setStatus({ text: t('admin_copied'), failed: false });
    } catch {
      setStatus({ text: t('admin_copy_failed'), failed: true });
    }
  };

  return (
    <div className="gs-admin__payout">
      {card === null ? (
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void reveal()}
        >
          {t('admin_reveal_card')}
        </button>
      ) : (
        <>
          <dl className="gs-admin__facts">
            <dt>{t('bank_card_number')}</dt>
            <dd>
              <code className="gs-admin__card-number">{groupInFours(card.card_number)}</code>{' '}
              <button
                type="button"
                className="button button--small button--quiet"
                aria-label={`${t('admin_copy')} ${t('bank_card_number')}`}
                onClick={() => void copy(card.card_number)}
              >
                {t('admin_copy')}
              </button>
            </dd>
            <dt>{t('bank_branch')}</dt>
            <dd>
              {card.bank_name} · {card.branch}
            </dd>
            <dt>{`${t('bank_province')} / ${t('bank_city')}`}</dt>
            <dd>{[card.province, card.city].filter((part) => part !== null && part !== '').join(' · ') || '—'}</dd>
          </dl>
          <p className="gs-admin__note">{t('admin_reveal_note')}</p>
        </>
      )}
      {status !== null && (
        <p className={`gs-message ${status.failed ? 'gs-message--error' : 'gs-message--ok'}`} role={status.failed ? 'alert' : 'status'}>
          {status.text}
        </p>
      )}
    </div>
  );
}

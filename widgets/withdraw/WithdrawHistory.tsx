import { useI18n } from '../core/i18n.ts';
import { formatPoints } from '../core/money.ts';
import { $walletChanged } from '../core/changes.ts';
import { useReloadOn } from '../core/reload-on.ts';
import { usePagedList } from '../core/paged.ts';
import { Pager } from '../ui/Pager.tsx';
import type { Withdrawal } from '../../contract/api/withdrawals.ts';
import { withdrawalStatus } from '../../contract/statuses.ts';
import { dateTimeFormat } from '../core/date-time.ts';

/** The member's withdrawals to bank cards, page by page (GET v1/withdraw?page=N). */
export function WithdrawHistory() {
  const { locale, t } = useI18n();
  const list = usePagedList<Withdrawal>('/v1/withdraw');
  // Points moved elsewhere on the page (a transfer, a withdrawal, a notice of income): read again.
  useReloadOn($walletChanged, list.reload);
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const records = list.page?.data ?? [];

  return (
    <section aria-labelledby="gs-withdraw-history">
      <h2 id="gs-withdraw-history">{t('wallet_withdraw_history')}</h2>
      {list.failed !== null && (
        <p part="error" className="gs-message gs-message--error" role="alert">
          {t('transaction_load_error')}
        </p>
      )}
      <table className="gs-table" aria-busy={list.loading} aria-labelledby="gs-withdraw-history">
        <thead>
          <tr>
            <th scope="col">{t('transaction_time')}</th>
            <th scope="col">{t('wallet_withdraw_card')}</th>
            <th scope="col" className="gs-table__number">
              {t('transaction_amount')}
            </th>
            <th scope="col">{t('transaction_status')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id}>
              <td>
                <time dateTime={record.created_at}>{time.format(new Date(record.created_at))}</time>
              </td>
              <td>
                {record.bankcard === null ? (
                  '—'
                ) : (
                  <>
                    {record.bankcard.bank_name} <span className="gs-withdraw__last4">···· {record.bankcard.card_last4}</span>
                  </>
                )}
              </td>
              <td className="gs-table__number">{formatPoints(record.amount, locale)}</td>
              <td>
                {t(`transaction_status_${record.status}`)}
                {record.status === withdrawalStatus.failed && record.reason !== null && record.reason !== '' && (
                  <span className="gs-withdraw__reason">{t('wallet_withdraw_reason', { reason: record.reason })}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.loading && list.page === null && <p role="status">{t('loading')}</p>}
      {!list.loading && list.failed === null && records.length === 0 && <p>{t('transaction_empty')}</p>}
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
    </section>
  );
}

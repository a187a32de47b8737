import { useState } from 'react';
import type { TransactionRecord } from '../../contract/api/wallet.ts';
import { useI18n } from '../core/i18n.ts';
import { $walletChanged } from '../core/changes.ts';
import { useReloadOn } from '../core/reload-on.ts';
import { usePagedList } from '../core/paged.ts';
import { Pager } from '../ui/Pager.tsx';
import { formatPoints } from '../core/money.ts';
import { dateTimeFormat } from '../core/date-time.ts';

type RecordType = TransactionRecord['type'];

/** The original app's /wallet/transactions screen: top-up or withdrawal records, page by page. */
export function TransactionsScreen() {
  const { locale, t } = useI18n();
  const [type, setType] = useState<RecordType>('deposit');
  const list = usePagedList<TransactionRecord>(`/v1/transactionRecod?type=${type}`);
  // Points moved elsewhere on the page (a transfer, a withdrawal, a notice of income): read again.
  useReloadOn($walletChanged, list.reload);
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const records = list.page?.data ?? [];

  return (
    <div className="gs-transactions">
      <div className="gs-toggle" role="group">
        {(['deposit', 'withdrawal'] as const).map((choice) => (
          <button
            part="button"
            key={choice}
            type="button"
            className="button button--small"
            aria-pressed={type === choice}
            onClick={() => setType(choice)}
          >
            {t(choice === 'deposit' ? 'transaction_deposit_records' : 'transaction_withdrawal_records')}
          </button>
        ))}
      </div>
      {list.failed !== null && (
        <p part="error" className="gs-message gs-message--error" role="alert">
          {t('transaction_load_error')}
        </p>
      )}
      <table className="gs-table" aria-busy={list.loading}>
        <caption>{t(type === 'deposit' ? 'transaction_deposit_records' : 'transaction_withdrawal_records')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('transaction_time')}</th>
            <th scope="col">{t('transaction_amount')}</th>
            <th scope="col">{t('transaction_status')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id}>
              <td>
                <time dateTime={record.created_at}>{time.format(new Date(record.created_at))}</time>
              </td>
              <td className="gs-table__number">{formatPoints(record.amount, locale)}</td>
              <td>{t(`transaction_status_${record.transaction_recod_status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.loading && list.page === null && <p role="status">{t('loading')}</p>}
      {!list.loading && list.failed === null && records.length === 0 && <p>{t('transaction_empty')}</p>}
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
    </div>
  );
}

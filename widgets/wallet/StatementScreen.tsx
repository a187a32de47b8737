import { useState } from 'react';
import type { StatementEntry } from '../../contract/api/wallet.ts';
import { withTransport } from '../core/api.ts';
import { useI18n } from '../core/i18n.ts';
import { formatPoints } from '../core/money.ts';
import { $walletChanged } from '../core/changes.ts';
import { useReloadOn } from '../core/reload-on.ts';
import { usePagedList } from '../core/paged.ts';
import { saveFile } from '../ui/save-file.ts';
import { Pager } from '../ui/Pager.tsx';
import { dateTimeFormat } from '../core/date-time.ts';

/** Movement kinds with a name in every locale; an unknown kind shows as the server names it. */
const kindKeys: Record<string, string> = {
  partner_deposit: 'statement_kind_deposit',
  partner_deposit_accepted: 'statement_kind_deposit',
  partner_deposit_returned: 'statement_kind_refund',
  partner_withdrawal: 'statement_kind_withdrawal',
  partner_withdrawal_completed: 'statement_kind_withdrawal',
  withdrawal_hold: 'statement_kind_bank_withdrawal',
  withdrawal_release: 'statement_kind_bank_returned',
  income: 'statement_kind_income',
  service_credit: 'statement_kind_service_credit',
  service_debit: 'statement_kind_service_debit',
};

const partnerKeys: Record<number, string> = { 1: 'wallet_store', 2: 'wallet_cinema' };

/** Beyond the original app: every movement that touched the member's wallets, newest first, with a CSV download. */
export function StatementScreen() {
  const { locale, t } = useI18n();
  const list = usePagedList<StatementEntry>('/v1/statement');
  // Points moved elsewhere on the page (a transfer, a withdrawal, a notice of income): read again.
  useReloadOn($walletChanged, list.reload);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const entries = list.page?.data ?? [];

  const walletName = (entry: StatementEntry) => {
    if (entry.wallet === 'main' || entry.enjoy_city === null) return t('wallet_main');
    const key = partnerKeys[entry.enjoy_city.id];
    return key === undefined ? entry.enjoy_city.name : t(key);
  };
  const kindName = (kind: string) => {
    const key = kindKeys[kind];
    return key === undefined ? kind : t(key);
  };

  const download = async () => {
    setDownloadFailed(false);
    try {
      saveFile(
        await withTransport((transport, token) => transport.download({ method: 'GET', path: '/v1/statement.csv', token })),
        'statement.csv',
      );
    } catch {
      setDownloadFailed(true);
    }
  };

  return (
    <div className="gs-statement">
      <button part="button" type="button" className="button button--small" onClick={() => void download()}>
        {t('statement_download')}
      </button>
      <p part="error" className="gs-message gs-message--error" role="alert">
        {downloadFailed ? t('statement_download_error') : list.failed !== null ? t('statement_load_error') : ''}
      </p>
      <table className="gs-table" aria-busy={list.loading}>
        <caption>{t('statement_caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('statement_time')}</th>
            <th scope="col">{t('statement_movement')}</th>
            <th scope="col">{t('statement_amount')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.created_at}>{time.format(new Date(entry.created_at))}</time>
              </td>
              <td>
                {kindName(entry.kind)} · {walletName(entry)}
              </td>
              <td className={entry.amount < 0 ? 'gs-table__number gs-table__number--out' : 'gs-table__number'}>
                {entry.amount > 0 ? '+' : ''}
                {formatPoints(entry.amount, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.loading && list.page === null && <p role="status">{t('loading')}</p>}
      {!list.loading && list.failed === null && entries.length === 0 && <p>{t('statement_empty')}</p>}
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
    </div>
  );
}

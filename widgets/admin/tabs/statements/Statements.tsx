import type { ListedStatementJson } from '../../../../contract/api/reconciliation.ts';
import type { StatementLineGroup } from '../../../../contract/reconciliation.ts';
import { dateTimeFormat } from '../../../core/date-time.ts';
import { useI18n } from '../../../core/i18n.ts';
import { usePagedList, type Paged } from '../../../core/paged.ts';
import { Pager } from '../../../ui/Pager.tsx';
import type { StatementsView } from '../../shared/admin-place.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { ScrollTable } from '../../shared/ScrollTable.tsx';
import { StatementImport } from './StatementImport.tsx';
import { StatementLines } from './StatementLines.tsx';

interface Props {
  view: StatementsView;
  /** The open statement and its group are a place of their own (admin-place.ts): reload and Back keep them. */
  onViewChange: (view: StatementsView) => void;
}

/** The Bank statements tab (decision 059): import a statement, then work its lines; the statements imported so far. */
export function Statements({ view, onViewChange }: Props) {
  const { locale, t } = useI18n();
  const list = usePagedList<ListedStatementJson>('/bank-statements', (path) => adminRequest<Paged<ListedStatementJson>>('GET', path));
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });

  if (view.statement !== undefined)
    return (
      <StatementLines
        id={view.statement}
        group={view.show ?? 'matched'}
        onGroup={(show: StatementLineGroup) => onViewChange({ statement: view.statement, show })}
        onBack={() => {
          onViewChange({});
          list.reload();
        }}
      />
    );

  const rows = list.page?.data ?? [];
  return (
    <section aria-labelledby="gs-admin-statements">
      <h2 id="gs-admin-statements">{t('admin_stmt_title')}</h2>
      <p>{t('admin_stmt_intro')}</p>
      <StatementImport onImported={(statement) => onViewChange({ statement })} />
      <h3 id="gs-stmt-list">{t('admin_stmt_list')}</h3>
      <p className="gs-message gs-message--error" role="alert">
        {list.failed !== null ? t('admin_load_error') : ''}
      </p>
      {!list.loading && list.failed === null && rows.length === 0 && <p>{t('admin_stmt_list_empty')}</p>}
      {rows.length > 0 && (
        <ScrollTable id="gs-stmt-list-caption" caption={t('admin_stmt_list_caption')}>
          <thead>
            <tr>
              <th scope="col">{t('admin_stmt_file_name')}</th>
              <th scope="col">{t('admin_stmt_account')}</th>
              <th scope="col">{t('admin_stmt_imported_at')}</th>
              <th scope="col">{t('admin_stmt_imported_by')}</th>
              <th scope="col">{t('admin_stmt_lines')}</th>
              <th scope="col">{t('admin_stmt_lines_confirmed')}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row" id={`gs-stmt-${row.id}`}>
                  {row.file_name}
                </th>
                <td>
                  {row.account.bank_name} {row.account.account_number}
                </td>
                <td>
                  <time dateTime={row.imported_at}>{time.format(new Date(row.imported_at))}</time>
                </td>
                <td>{row.imported_by}</td>
                <td>{row.lines_total}</td>
                <td>{row.lines_confirmed}</td>
                <td>
                  <button
                    type="button"
                    className="button button--small button--quiet"
                    aria-describedby={`gs-stmt-${row.id}`}
                    onClick={() => onViewChange({ statement: row.id })}
                  >
                    {t('admin_stmt_open')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {list.page !== null && <Pager page={list.page} onGo={list.go} label={t('admin_stmt_list')} />}
    </section>
  );
}

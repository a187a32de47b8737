import type { CloseReport } from '../../../../contract/api/books.ts';
import { useId, useState, type SubmitEvent } from 'react';
import { useI18n } from '../../../core/i18n.ts';
import { refusalCode } from '../../../core/refusal.ts';
import { formatDecimalPoints } from '../../../core/money.ts';
import { localToday } from '../../../core/date-time.ts';
import { saveFile } from '../../../ui/save-file.ts';
import { adminDownload, adminRequest } from '../../shared/operator-session.ts';
import { ScrollTable } from '../../shared/ScrollTable.tsx';
import { bookNames, ledgerAccountKinds, ledgerJournalKinds, type BookName } from './books-keys.ts';

/** Whether an amount from the API is plain decimal text, as the number formatter reads it exactly. */
const decimalText = (text: string): text is `${number}` => /^-?\d+(\.\d+)?$/.test(text);

/**
 * The accountant's tab: the books for a range of business days as CSV files a spreadsheet opens
 * (UTF-8, decimal points, business-zone times), and one day's close as the ledger sums it.
 */
export function Books() {
  const { t } = useI18n();
  const id = useId();
  const [from, setFrom] = useState(localToday);
  const [to, setTo] = useState(localToday);
  const [busy, setBusy] = useState<BookName | null>(null);
  const [failure, setFailure] = useState('');

  const download = async (name: BookName) => {
    setBusy(name);
    setFailure('');
    try {
      saveFile(await adminDownload(`/books/${name}.csv?from=${from}&to=${to}`), `${name}-${from}-${to}.csv`);
    } catch (error) {
      setFailure(t(refusalCode(error) === 'books_range_invalid' ? 'refusal_books_range_invalid' : 'admin_books_download_error'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="gs-admin__panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin_books')}</h2>
      <p>{t('admin_books_intro')}</p>
      <div className="gs-actions">
        <label>
          {t('admin_books_from')} <input type="date" value={from} required onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          {t('admin_books_to')} <input type="date" value={to} required onChange={(event) => setTo(event.target.value)} />
        </label>
      </div>
      <div className="gs-actions">
        {bookNames.map((name) => (
          <button
            key={name}
            type="button"
            className="button button--small button--secondary"
            disabled={busy !== null}
            onClick={() => void download(name)}
          >
            {t(busy === name ? 'admin_books_downloading' : `admin_books_${name}`)}
          </button>
        ))}
      </div>
      <p className="gs-message gs-message--error" role="alert">
        {failure}
      </p>
      <CloseDay />
    </section>
  );
}

/** One business day's close: the ledger's movements by kind during the day and its balances at the end. */
function CloseDay() {
  const { locale, t } = useI18n();
  const id = useId();
  const [day, setDay] = useState(localToday);
  const [report, setReport] = useState<CloseReport | null>(null);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const named = (prefix: string, known: readonly string[], kind: string) => (known.includes(kind) ? t(`${prefix}${kind}`) : kind);
  const account = (kind: string) => named('admin_ledger_account_', ledgerAccountKinds, kind);
  const journal = (kind: string) => named('admin_ledger_journal_', ledgerJournalKinds, kind);
  // The close's amounts are decimal text (points with 4 decimals); anything else is shown as it came.
  const points = (amount: string) => (decimalText(amount) ? formatDecimalPoints(amount, locale) : amount);

  const show = async (event: SubmitEvent) => {
    event.preventDefault();
    setState('busy');
    try {
      setReport((await adminRequest<CloseReport>('GET', `/books/close?day=${day}`)).detail);
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <section aria-labelledby={`${id}-close`}>
      <h3 id={`${id}-close`}>{t('admin_books_close')}</h3>
      <form className="gs-actions" onSubmit={(event) => void show(event)}>
        <label>
          {t('admin_books_close_day')} <input type="date" value={day} required onChange={(event) => setDay(event.target.value)} />
        </label>
        <button type="submit" className="button button--small" disabled={state === 'busy'}>
          {t('admin_books_close_show')}
        </button>
      </form>
      <p className="gs-message gs-message--error" role="alert">
        {state === 'failed' ? t('admin_books_load_error') : ''}
      </p>
      {report !== null && (
        <>
          <p>{t('admin_books_close_zone', { zone: report.time_zone })}</p>
          <ScrollTable id={`${id}-balances`} caption={t('admin_books_close_balances', { day: report.day })}>
            <thead>
              <tr>
                <th scope="col">{t('admin_books_account')}</th>
                <th scope="col">{t('admin_books_room')}</th>
                <th scope="col">{t('admin_books_amount')}</th>
              </tr>
            </thead>
            <tbody>
              {report.balances.map((row) => (
                <tr key={`${row.account_kind}:${row.engine_room_id ?? ''}`}>
                  <td>{account(row.account_kind)}</td>
                  <td>{row.engine_room_id ?? ''}</td>
                  <td className="gs-table__number">{points(row.amount)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          <ScrollTable id={`${id}-movements`} caption={t('admin_books_close_movements', { day: report.day })}>
            <thead>
              <tr>
                <th scope="col">{t('admin_books_journal_kind')}</th>
                <th scope="col">{t('admin_books_account')}</th>
                <th scope="col">{t('admin_books_amount')}</th>
              </tr>
            </thead>
            <tbody>
              {report.movements.map((row) => (
                <tr key={`${row.journal_kind}:${row.account_kind}`}>
                  <td>{journal(row.journal_kind)}</td>
                  <td>{account(row.account_kind)}</td>
                  <td className="gs-table__number">{points(row.amount)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </>
      )}
    </section>
  );
}

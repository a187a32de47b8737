import { useState, type FormEvent } from 'react';
import type { ImportResult } from '../../../../contract/api/revenue.ts';
import { revenueImportBytesMax } from '../../../../contract/revenue.ts';
import { useI18n } from '../../../core/i18n.ts';
import { Field } from '../../../ui/form.tsx';
import { Pager } from '../../../ui/Pager.tsx';
import { adminRequest } from '../../shared/operator-session.ts';
import { CsvFileField } from '../../shared/CsvFileField.tsx';
import { ScrollTable } from '../../shared/ScrollTable.tsx';
import type { Outcome } from '../../shared/queue-parts.tsx';
import { formatDecimal } from '../../shared/formatters.ts';
import { revenueRefusalText } from './revenue-keys.ts';

/** Flagged rows shown at once: a file of up to a thousand bad rows is read page by page. */
export const flaggedRowsPerPage = 20;

interface ChosenFile {
  name: string;
  text: string;
}

/**
 * Meter data by CSV in two steps (decision 028): the file is checked and every row judged, with
 * nothing recorded; then one confirmation, with a reason, records the good rows at once. A file too
 * large is refused here before it is sent; the server checks again.
 */
export function RevenueImport({ onImported }: { onImported: () => void }) {
  const { locale, t } = useI18n();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState('');
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [busy, setBusy] = useState<'checking' | 'recording' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [flaggedPage, setFlaggedPage] = useState(1);

  const choose = async (chosen: File | undefined) => {
    setPreview(null);
    setOutcome(null);
    setFile(null);
    if (chosen === undefined) return;
    if (chosen.size > revenueImportBytesMax) {
      setFileError(t('refusal_revenue_import_too_large'));
      return;
    }
    try {
      setFile({ name: chosen.name, text: await chosen.text() });
      setFileError('');
    } catch {
      setFileError(t('admin_rev_import_read_error'));
    }
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (file === null) {
      setFileError(fileError || t('admin_rev_import_choose'));
      return;
    }
    setBusy('checking');
    try {
      const envelope = await adminRequest<ImportResult>('POST', '/revenue-imports/preview', { file_name: file.name, csv: file.text });
      setPreview(envelope.detail);
      setFlaggedPage(1);
    } catch (error) {
      setPreview(null);
      setOutcome({ text: revenueRefusalText(error, t), failed: true });
    } finally {
      setBusy(null);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (file === null || preview === null) return;
    if (reason.trim() === '') {
      setReasonError(t('admin_reason_needed'));
      return;
    }
    setReasonError('');
    setBusy('recording');
    try {
      const body = { file_name: file.name, csv: file.text, file_sha256: preview.file_sha256, reason: reason.trim() };
      const done = (await adminRequest<ImportResult>('POST', '/revenue-imports', body)).detail;
      setOutcome({
        text: t('admin_rev_import_done', { ok: done.rows_ok, before: done.rows_recorded_before, bad: done.rows_bad }),
        failed: false,
      });
      setPreview(null);
      setReason('');
      onImported();
    } catch (error) {
      setOutcome({ text: revenueRefusalText(error, t), failed: true });
    } finally {
      setBusy(null);
    }
  };

  const flagged = preview?.rows.filter((row) => row.status === 'bad') ?? [];
  const flaggedLastPage = Math.ceil(flagged.length / flaggedRowsPerPage);
  const flaggedShown = flagged.slice((flaggedPage - 1) * flaggedRowsPerPage, flaggedPage * flaggedRowsPerPage);
  return (
    <section aria-labelledby="gs-rev-import">
      <h3 id="gs-rev-import">{t('admin_rev_import_title')}</h3>
      <form onSubmit={(event) => void check(event)} noValidate>
        <CsvFileField
          id="gs-rev-file"
          label={t('admin_rev_import_file')}
          hint={t('admin_rev_import_hint')}
          error={fileError}
          onChoose={(chosen) => void choose(chosen)}
        />
        <button type="submit" className="button button--small" disabled={busy !== null} aria-busy={busy === 'checking'}>
          {t('admin_rev_import_preview')}
        </button>
      </form>
      {busy !== null && (
        <p>
          <progress aria-labelledby="gs-rev-import-progress" />{' '}
          <span id="gs-rev-import-progress">{t(busy === 'checking' ? 'admin_rev_import_checking' : 'admin_rev_import_recording')}</span>
        </p>
      )}
      <p className="gs-message gs-message--error" role="alert">
        {outcome?.failed === true ? outcome.text : ''}
      </p>
      <p className="gs-message gs-message--ok" role="status">
        {outcome?.failed === false
          ? outcome.text
          : preview === null
            ? ''
            : t('admin_rev_import_summary', {
                ok: preview.rows_ok,
                total: formatDecimal(preview.total_revenue, locale),
                before: preview.rows_recorded_before,
                bad: preview.rows_bad,
              })}
      </p>
      {flagged.length > 0 && (
        <ScrollTable id="gs-rev-import-caption" caption={t('admin_rev_import_bad_caption')}>
          <thead>
            <tr>
              <th scope="col">{t('admin_rev_import_line')}</th>
              <th scope="col">{t('admin_engine_room')}</th>
              <th scope="col">{t('admin_business_date')}</th>
              <th scope="col">{t('admin_revenue_amount')}</th>
              <th scope="col">{t('admin_rev_import_problem')}</th>
            </tr>
          </thead>
          <tbody>
            {flaggedShown.map((row) => (
              <tr key={row.line}>
                <th scope="row">{row.line}</th>
                <td>{row.room}</td>
                <td>{row.business_date}</td>
                <td>{row.revenue}</td>
                <td>{row.problems.map((problem) => t(`admin_rev_problem_${problem}`)).join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {flaggedLastPage > 1 && (
        <Pager page={{ current_page: flaggedPage, last_page: flaggedLastPage, total: flagged.length }} onGo={setFlaggedPage} />
      )}
      {preview !== null &&
        (preview.rows_ok === 0 ? (
          <p>{t('admin_rev_import_nothing')}</p>
        ) : (
          <form onSubmit={(event) => void confirm(event)} noValidate>
            <Field
              id="gs-rev-import-reason"
              name="reason"
              label={t('admin_rev_import_reason')}
              value={reason}
              onChange={setReason}
              error={reasonError}
              maxLength={500}
            />
            <button type="submit" className="button button--small" disabled={busy !== null} aria-busy={busy === 'recording'}>
              {t('admin_rev_import_confirm', { ok: preview.rows_ok })}
            </button>
          </form>
        ))}
    </section>
  );
}

import { useEffect, useState } from 'react';
import {
  statementBytesMax,
  statementColumns,
  statementColumnsRequired,
  statementDateOrders,
  statementEncodings,
  statementLinesMax,
} from '../../../../contract/reconciliation.ts';
import type {
  StatementAccountJson,
  StatementImportedJson,
  StatementMappingJson,
  StatementPreviewJson,
} from '../../../../contract/api/reconciliation.ts';
import { useI18n } from '../../../core/i18n.ts';
import { CsvFileField } from '../../shared/CsvFileField.tsx';
import { formFields } from '../../shared/form-fields.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import type { Outcome } from '../../shared/queue-parts.tsx';
import { previewProblemRefusal, reconciliationRefusalText } from './statements-keys.ts';
import { StatementLineTable } from './StatementLineTable.tsx';
import { noTranslate } from '../../../ui/no-translate.ts';

interface ChosenFile {
  name: string;
  bytes: ArrayBuffer;
}

type Encoding = (typeof statementEncodings)[number];

/** The file's text in the chosen encoding; null when it holds bytes that encoding cannot read. */
function decode(bytes: ArrayBuffer, encoding: Encoding): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * A statement in two steps (decision 059): the file is read and matched with nothing stored, the
 * columns shown as the server read them (the account's remembered choice, else a guess from the
 * header) and changeable; then one press imports it. The browser decodes the file, so a Big5 or
 * GB18030 export reads as well as UTF-8.
 */
export function StatementImport({ onImported }: { onImported: (statementId: number) => void }) {
  const { t } = useI18n();
  const [accounts, setAccounts] = useState<StatementAccountJson[]>([]);
  const [accountId, setAccountId] = useState('');
  const [encoding, setEncoding] = useState<Encoding>('utf-8');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [mapping, setMapping] = useState<StatementMappingJson | null>(null);
  const [preview, setPreview] = useState<StatementPreviewJson | null>(null);
  const [errors, setErrors] = useState<{ account?: string | undefined; file?: string | undefined }>({});
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    adminRequest<StatementAccountJson[]>('GET', '/bank-statement-accounts')
      .then((envelope) => setAccounts(envelope.detail))
      .catch(() => setOutcome({ text: t('admin_load_error'), failed: true }));
  }, []);

  const text = file === null ? null : decode(file.bytes, encoding);
  const body = (chosen: StatementMappingJson | null) => ({
    remittance_account_id: Number(accountId),
    file_name: file?.name ?? '',
    csv: text ?? '',
    ...(chosen === null ? {} : { mapping: chosen }),
  });

  // Read again whenever what is read changes: the account (its remembered columns), the file, its encoding, a column.
  useEffect(() => {
    setPreview(null);
    if (file !== null && accountId === '') setErrors((shown) => ({ ...shown, account: t('admin_stmt_account_needed') }));
    if (accountId === '' || file === null || text === null) return;
    let live = true;
    setBusy('checking');
    adminRequest<StatementPreviewJson>('POST', '/bank-statements/preview', formFields(body(mapping)))
      .then((envelope) => {
        if (!live) return;
        setPreview(envelope.detail);
        setOutcome(null);
      })
      .catch((error: unknown) => {
        if (live) setOutcome({ text: reconciliationRefusalText(error, t), failed: true });
      })
      .finally(() => {
        if (live) setBusy(null);
      });
    return () => {
      live = false;
    };
  }, [accountId, file, encoding, mapping]);

  const choose = async (chosen: File | undefined) => {
    setFile(null);
    setMapping(null);
    setOutcome(null);
    if (chosen === undefined) return;
    if (chosen.size > statementBytesMax) {
      setErrors({ ...errors, file: t('refusal_statement_too_large') });
      return;
    }
    try {
      setFile({ name: chosen.name, bytes: await chosen.arrayBuffer() });
      setErrors({ ...errors, file: undefined });
    } catch {
      setErrors({ ...errors, file: t('admin_stmt_read_error') });
    }
  };

  const shown = mapping ?? preview?.mapping ?? null;
  const setColumn = (column: string, header: string) => {
    if (shown === null) return;
    const columns = { ...shown.columns } as Record<string, string>;
    if (header === '') delete columns[column];
    else columns[column] = header;
    setMapping({ ...shown, columns });
  };

  const importIt = async () => {
    const missing = {
      account: accountId === '' ? t('admin_stmt_account_needed') : undefined,
      file: file === null ? t('admin_stmt_file_needed') : errors.file,
    };
    setErrors(missing);
    if (missing.account !== undefined || missing.file !== undefined || text === null || preview === null || preview.problem !== null)
      return;
    setBusy('importing');
    try {
      const done = (await adminRequest<StatementImportedJson>('POST', '/bank-statements', formFields(body(shown)))).detail;
      setOutcome({ text: t('admin_stmt_imported', { file: done.statement.file_name }), failed: false });
      onImported(done.statement.id);
    } catch (error) {
      setOutcome({ text: reconciliationRefusalText(error, t), failed: true });
    } finally {
      setBusy(null);
    }
  };

  const counts = preview?.counts;
  const fileError = errors.file ?? (file !== null && text === null ? t('admin_stmt_file_garbled') : '');
  return (
    <section aria-labelledby="gs-stmt-import">
      <h3 id="gs-stmt-import">{t('admin_stmt_import')}</h3>
      <div className="gs-admin__filters">
        <label>
          {t('admin_stmt_account')}
          <select
            value={accountId}
            aria-invalid={errors.account ? true : undefined}
            aria-describedby="gs-stmt-account-error"
            onChange={(event) => {
              setAccountId(event.currentTarget.value);
              setMapping(null);
              setErrors({ ...errors, account: undefined });
            }}
          >
            <option value="">{t('admin_stmt_account_choose')}</option>
            {accounts.map((account) => (
              <option key={account.id} value={String(account.id)} {...noTranslate}>
                {account.bank_name} {account.account_number}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('admin_stmt_encoding')}
          <select
            value={encoding}
            aria-describedby="gs-stmt-encoding-hint"
            onChange={(event) => setEncoding(event.currentTarget.value as Encoding)}
          >
            {statementEncodings.map((name) => (
              <option key={name} value={name}>
                {name.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p id="gs-stmt-account-error" className="gs-field__error" aria-live="polite">
        {errors.account ?? ''}
      </p>
      <p id="gs-stmt-encoding-hint" className="gs-field__hint">
        {t('admin_stmt_encoding_hint')}
      </p>
      <CsvFileField
        id="gs-stmt-file"
        label={t('admin_stmt_file')}
        hint={t('admin_stmt_file_hint', { kb: statementBytesMax / 1024, lines: statementLinesMax })}
        error={fileError}
        onChoose={(chosen) => void choose(chosen)}
      />
      {preview !== null && shown !== null && (
        <fieldset className="gs-admin__filters">
          <legend>{t('admin_stmt_mapping')}</legend>
          {statementColumns.map((column) => (
            <label key={column}>
              {t(`admin_stmt_column_${column}`)}
              <select value={shown.columns[column] ?? ''} onChange={(event) => setColumn(column, event.currentTarget.value)}>
                <option value="">
                  {statementColumnsRequired.includes(column) ? t('admin_stmt_account_choose') : t('admin_stmt_column_none')}
                </option>
                {preview.header.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <label>
            {t('admin_stmt_date_order')}
            <select
              value={shown.date_order}
              onChange={(event) => setMapping({ ...shown, date_order: event.currentTarget.value as StatementMappingJson['date_order'] })}
            >
              {statementDateOrders.map((order) => (
                <option key={order} value={order}>
                  {t(`admin_stmt_date_${order}`)}
                </option>
              ))}
            </select>
          </label>
          <p className="gs-field__hint">
            {t('admin_stmt_mapping_hint')} {t('admin_stmt_column_hint')}
          </p>
        </fieldset>
      )}
      {busy !== null && (
        <p>
          <progress aria-labelledby="gs-stmt-progress" />{' '}
          <span id="gs-stmt-progress">{t(busy === 'checking' ? 'admin_stmt_checking' : 'admin_stmt_importing')}</span>
        </p>
      )}
      <p className="gs-message gs-message--error" role="alert">
        {outcome?.failed === true ? outcome.text : preview?.problem ? t(`refusal_${previewProblemRefusal[preview.problem]}`) : ''}
      </p>
      <p className="gs-message gs-message--ok" role="status">
        {outcome?.failed === false
          ? outcome.text
          : counts === undefined || preview?.problem !== null
            ? ''
            : t('admin_stmt_preview_summary', {
                total: Object.values(counts).reduce((sum, count) => sum + count, 0),
                matched: counts.matched,
                unmatched: counts.no_notice + counts.digits_differ + counts.name_differs + counts.several_notices + counts.several_lines,
                before: counts.imported_before + counts.confirmed_by_hand,
                skipped: counts.bad + counts.not_credit,
              })}
      </p>
      {preview !== null && preview.problem === null && (
        <>
          <StatementLineTable
            id="gs-stmt-preview"
            caption={t('admin_stmt_preview_caption', { count: preview.lines.length })}
            lines={preview.lines}
          />
          <button
            type="button"
            className="button button--small"
            disabled={busy !== null}
            aria-busy={busy === 'importing'}
            onClick={() => void importIt()}
          >
            {t('admin_stmt_import_button')}
          </button>
        </>
      )}
    </section>
  );
}

import { useState } from 'react';
import type { AuditRow } from '../../../../contract/api/audit.ts';
import { useI18n } from '../../../core/i18n.ts';
import { usePagedList, type Paged } from '../../../core/paged.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { adminRequest } from '../../shared/operator-session.ts';
import { CsvDownload } from '../../shared/CsvDownload.tsx';
import { auditActionName, auditFieldName, auditSubjectName, changedFields, formatAuditValue } from '../../shared/audit-values.ts';
import type { AuditQuery } from '../../shared/admin-place.ts';
import { AuditFilter, auditPath } from './AuditFilter.tsx';
import { dateTimeFormat } from '../../../core/date-time.ts';
import { ScrollTable } from '../../shared/ScrollTable.tsx';

/** Who did what, when, with the values before and after: newest first, whole or narrowed to one action or one subject. */
export function Audit({ initialQuery = {}, onQueryChange }: { initialQuery?: AuditQuery; onQueryChange?: (query: AuditQuery) => void }) {
  const { locale, t } = useI18n();
  const [query, chooseQuery] = useState<AuditQuery>(initialQuery);
  const setQuery = (next: AuditQuery) => {
    chooseQuery(next);
    onQueryChange?.(next);
  };
  const list = usePagedList<AuditRow>(auditPath(query), (path) => adminRequest<Paged<AuditRow>>('GET', path));
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <section aria-labelledby="gs-admin-audit">
      <h2 id="gs-admin-audit">{t('admin_audit')}</h2>
      <AuditFilter query={query} onChange={setQuery} />
      <div className="gs-actions">
        <CsvDownload
          path={auditPath(query, '/audit.csv')}
          fileName="audit-log.csv"
          words={{ idle: 'admin_audit_download', busy: 'admin_audit_downloading', failed: 'admin_audit_download_error' }}
        />
      </div>
      {list.failed !== null && (
        <p className="gs-message gs-message--error" role="alert">
          {t('admin_load_error')}
        </p>
      )}
      <ScrollTable id="gs-audit-caption" caption={t('admin_audit_caption')}>
        <thead>
          <tr>
            <th scope="col">{t('transaction_time')}</th>
            <th scope="col">{t('admin_operator')}</th>
            <th scope="col">{t('admin_action')}</th>
            <th scope="col">{t('admin_subject')}</th>
            <th scope="col">{t('admin_change')}</th>
          </tr>
        </thead>
        <tbody>
          {(list.page?.data ?? []).map((row) => (
            <tr key={row.id}>
              <td>
                <time dateTime={row.created_at}>{time.format(new Date(row.created_at))}</time>
              </td>
              <td>{row.operator ?? t('admin_system')}</td>
              <td>
                <button type="button" className="gs-admin__narrow" onClick={() => setQuery({ ...query, action: row.action })}>
                  {auditActionName(row.action, t)}
                </button>
              </td>
              <td>
                <button
                  type="button"
                  className="gs-admin__narrow"
                  onClick={() => setQuery({ action: query.action, subjectType: row.subject_type, subjectId: row.subject_id })}
                >
                  {auditSubjectName(row.subject_type, t)} {row.subject_label ?? row.subject_id}
                </button>
              </td>
              <td className="gs-admin__change">
                <ul className="gs-admin__changes">
                  {changedFields(row.before, row.after).map((change) => (
                    <li key={change.field}>
                      {change.field !== '' && <span className="gs-admin__field">{auditFieldName(change.field, t)}: </span>}
                      {change.before !== undefined && (
                        <>
                          <del>{formatAuditValue(change.field, change.before, locale, t, row.subject_type)}</del> →{' '}
                        </>
                      )}
                      <ins>{formatAuditValue(change.field, change.after, locale, t, row.subject_type)}</ins>
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {list.page?.total === 0 && <p role="status">{t('admin_audit_none')}</p>}
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
    </section>
  );
}

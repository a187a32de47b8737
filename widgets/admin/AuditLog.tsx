import { htmlLang } from '../../locales/index.ts';
import { useI18n } from '../core/i18n.ts';
import { usePagedList, type Paged } from '../core/paged.ts';
import { Pager } from '../ui/Pager.tsx';
import { adminRequest } from './operator-session.ts';
import { auditActionName, auditFieldName, changedFields, formatAuditValue } from './audit-values.ts';

interface AuditRow {
  id: number;
  operator: string | null;
  action: string;
  subject_type: string;
  subject_id: string;
  before: unknown;
  after: unknown;
  created_at: string;
}

/** Who did what, when, with the values before and after: newest first. */
export function AuditLog() {
  const { locale, t } = useI18n();
  const list = usePagedList<AuditRow>('/audit', (path) => adminRequest<Paged<AuditRow>>('GET', path));
  const time = new Intl.DateTimeFormat(htmlLang[locale], { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <section aria-labelledby="gs-admin-audit">
      <h2 id="gs-admin-audit">{t('admin_audit')}</h2>
      {list.failed !== null && (
        <p className="gs-message gs-message--error" role="alert">
          {t('admin_load_error')}
        </p>
      )}
      <div className="gs-admin__scroll">
        <table className="gs-table">
          <caption>{t('admin_audit_caption')}</caption>
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
                <td>{auditActionName(row.action, t)}</td>
                <td>
                  {row.subject_type} {row.subject_id}
                </td>
                <td className="gs-admin__change">
                  <ul className="gs-admin__changes">
                    {changedFields(row.before, row.after).map((change) => (
                      <li key={change.field}>
                        {change.field !== '' && <span className="gs-admin__field">{auditFieldName(change.field, t)}: </span>}
                        {change.before !== undefined && (
                          <>
                            <del>{formatAuditValue(change.field, change.before, locale, t)}</del> →{' '}
                          </>
                        )}
                        <ins>{formatAuditValue(change.field, change.after, locale, t)}</ins>
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
    </section>
  );
}

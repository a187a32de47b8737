import { useEffect, useState, type FormEvent } from 'react';
import { useI18n } from '../../../core/i18n.ts';
import { auditActions, auditSubjects } from '../../../../contract/audit.ts';
import { auditActionName, auditSubjectName } from '../../shared/audit-values.ts';
import type { AuditQuery } from '../../shared/admin-place.ts';

/** The longest subject number the server reads. */
const subjectIdMaxLength = 64;
/** The longest text the server searches for. */
const textMaxLength = 100;

/** The list's address for a query: the server narrows and pages it (GET admin/v1/audit), or sends it whole (audit.csv). */
export function auditPath({ action, subjectType, subjectId, text }: AuditQuery, route: '/audit' | '/audit.csv' = '/audit'): string {
  const params = new URLSearchParams();
  if (text !== undefined) params.set('q', text);
  if (action !== undefined) params.set('action', action);
  if (subjectType !== undefined) params.set('subject_type', subjectType);
  if (subjectType !== undefined && subjectId !== undefined) params.set('subject_id', subjectId);
  const query = params.toString();
  return query === '' ? route : `${route}?${query}`;
}

/**
 * Asks for one kind of action (every withdrawal paid), one subject's history (what happened to
 * order 57, to member 12) or both, and says what the log is narrowed to with the way back to
 * everything. Pressing an action or a subject in the table narrows it too (Audit).
 */
export function AuditFilter({ query, onChange }: { query: AuditQuery; onChange: (query: AuditQuery) => void }) {
  const { t } = useI18n();
  const [action, setAction] = useState(query.action ?? '');
  const [subjectType, setSubjectType] = useState(query.subjectType ?? '');
  const [subjectId, setSubjectId] = useState(query.subjectId ?? '');
  const [text, setText] = useState(query.text ?? '');
  // Narrowed from the table or a member's page: the form says what is shown.
  useEffect(() => {
    setAction(query.action ?? '');
    setSubjectType(query.subjectType ?? '');
    setSubjectId(query.subjectId ?? '');
    setText(query.text ?? '');
  }, [query]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = subjectId.trim();
    const words = text.trim();
    onChange({
      ...(words === '' ? {} : { text: words }),
      action: action === '' ? undefined : action,
      ...(subjectType === '' ? {} : { subjectType, subjectId: id === '' ? undefined : id }),
    });
  };
  // An action an older version wrote (pressed in the table) is offered by its code, so the form still says what is shown.
  const actions: readonly string[] =
    action === '' || (auditActions as readonly string[]).includes(action) ? auditActions : [action, ...auditActions];
  const narrowedTo = [
    query.text === undefined ? '' : `“${query.text}”`,
    query.action === undefined ? '' : auditActionName(query.action, t),
    query.subjectType === undefined ? '' : `${auditSubjectName(query.subjectType, t)} ${query.subjectId ?? ''}`.trim(),
  ].filter((part) => part !== '');
  return (
    <>
      <form role="search" className="gs-admin__filter" onSubmit={submit} noValidate aria-labelledby="gs-audit-filter">
        <h3 id="gs-audit-filter">{t('admin_audit_filter')}</h3>
        <div className="gs-field">
          <label htmlFor="gs-audit-text">{t('admin_audit_text')}</label>
          <div className="gs-field__control">
            <input
              id="gs-audit-text"
              type="search"
              value={text}
              maxLength={textMaxLength}
              autoComplete="off"
              aria-describedby="gs-audit-text-hint"
              onInput={(event) => setText(event.currentTarget.value)}
            />
          </div>
          <p id="gs-audit-text-hint" className="gs-field__hint">
            {t('admin_audit_text_hint')}
          </p>
        </div>
        <CodeChoice
          id="gs-audit-action"
          label={t('admin_audit_action')}
          any={t('admin_audit_action_all')}
          codes={actions}
          name={(code) => auditActionName(code, t)}
          value={action}
          onChange={setAction}
        />
        <CodeChoice
          id="gs-audit-subject"
          label={t('admin_audit_subject')}
          any={t('admin_audit_subject_all')}
          codes={auditSubjects}
          name={(code) => auditSubjectName(code, t)}
          value={subjectType}
          onChange={setSubjectType}
        />
        <div className="gs-field">
          <label htmlFor="gs-audit-subject-id">{t('admin_audit_subject_id')}</label>
          <div className="gs-field__control">
            <input
              id="gs-audit-subject-id"
              value={subjectId}
              disabled={subjectType === ''}
              maxLength={subjectIdMaxLength}
              autoComplete="off"
              aria-describedby="gs-audit-subject-id-hint"
              onInput={(event) => setSubjectId(event.currentTarget.value.replace(/[^\w\u4e00-\u9fa5.:-]/g, ''))}
            />
          </div>
          <p id="gs-audit-subject-id-hint" className="gs-field__hint">
            {t('admin_audit_subject_id_hint')}
          </p>
        </div>
        <div className="gs-actions">
          <button type="submit" className="button button--small">
            {t('admin_audit_show')}
          </button>
        </div>
      </form>
      <p className="gs-admin__note">{t('admin_audit_press_hint')}</p>
      {narrowedTo.length > 0 && (
        <p className="gs-admin__narrowed" role="status">
          {t('admin_audit_showing', { what: narrowedTo.join(' · ') })}{' '}
          <button type="button" className="button button--small button--quiet" onClick={() => onChange({})}>
            {t('admin_audit_show_all')}
          </button>
        </p>
      )}
    </>
  );
}

interface CodeChoiceProps {
  id: string;
  label: string;
  /** The first choice, which narrows nothing. */
  any: string;
  codes: readonly string[];
  name: (code: string) => string;
  value: string;
  onChange: (code: string) => void;
}

/** One of the log's codes (an action, a kind of subject), chosen by its name in the operator's language. */
function CodeChoice({ id, label, any, codes, name, value, onChange }: CodeChoiceProps) {
  return (
    <div className="gs-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">{any}</option>
        {codes.map((code) => (
          <option key={code} value={code}>
            {name(code)}
          </option>
        ))}
      </select>
    </div>
  );
}

import { useI18n } from '../../core/i18n.ts';
import type { PagedList } from '../../core/paged.ts';
import { AskFirst } from './AskFirst.tsx';

/** What an operator reads after an action: a refusal as an alert, a success as a status. */
export interface Outcome {
  text: string;
  failed: boolean;
}

/** The last action's outcome: a refusal as an alert, a success as a status (both always present, so they are announced). */
export function OutcomeLines({ outcome, alert = '' }: { outcome: Outcome | null; alert?: string }) {
  return (
    <>
      <p className="gs-message gs-message--error" role="alert">
        {outcome?.failed === true ? outcome.text : alert}
      </p>
      <p className="gs-message gs-message--ok" role="status">
        {outcome?.failed === false ? outcome.text : ''}
      </p>
    </>
  );
}

/** A queue's messages: the last action's outcome, a failed load, or that nothing is waiting. */
export function QueueStatus({ outcome, list }: { outcome: Outcome | null; list: PagedList<unknown> }) {
  const { t } = useI18n();
  const empty = !list.loading && list.failed === null && (list.page?.data.length ?? 0) === 0;
  return (
    <>
      <p className="gs-message gs-message--error" role="alert">
        {outcome?.failed === true ? outcome.text : list.failed !== null ? t('admin_load_error') : ''}
      </p>
      <p className="gs-message gs-message--ok" role="status">
        {outcome?.failed === false ? outcome.text : ''}
      </p>
      {empty && <p>{t('admin_queue_empty')}</p>}
    </>
  );
}

interface NoteFieldProps {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
}

/** A labelled line an operator types a reason or a bank reference into. */
export function NoteField({ id, label, value, maxLength, onChange }: NoteFieldProps) {
  return (
    <div className="gs-field">
      <label htmlFor={id}>{label}</label>
      <div className="gs-field__control">
        <input id={id} maxLength={maxLength} value={value} onInput={(event) => onChange(event.currentTarget.value)} />
      </div>
    </div>
  );
}

interface DecisionsProps {
  yes: string;
  no: string;
  onYes: () => void;
  onNo: () => void;
  /** For a main decision that moves money: what it will do, asked first (AskFirst); null or absent acts at once. */
  question?: string | null;
  /** The main decision cannot be taken now (the reason is shown beside it). */
  yesDisabled?: boolean;
}

/** The two decisions on a queued item, the first the main one. */
export function Decisions({ yes, no, onYes, onNo, question = null, yesDisabled = false }: DecisionsProps) {
  return (
    <div className="gs-actions">
      <AskFirst label={yes} question={question} disabled={yesDisabled} onGo={onYes} />
      <button type="button" className="button button--small button--secondary" onClick={onNo}>
        {no}
      </button>
    </div>
  );
}

interface EditAndSwitchProps {
  /** The id of the row's name, which every button is described by. */
  describedBy: string;
  enabled: boolean;
  busy: boolean;
  /** The keys' common start: `<keys>edit`, `<keys>disable`, `<keys>enable`. */
  keys: string;
  onEdit: () => void;
  /** Opens the reason panel. */
  onDisable: () => void;
  /** Switches on at once. */
  onEnable: () => void;
}

/** A row's Edit, and Disable (which asks for a reason) or Enable. */
export function EditAndSwitch({ describedBy, enabled, busy, keys, onEdit, onDisable, onEnable }: EditAndSwitchProps) {
  const { t } = useI18n();
  return (
    <>
      <button type="button" className="button button--small button--quiet" aria-describedby={describedBy} onClick={onEdit}>
        {t(`${keys}edit`)}
      </button>
      {enabled ? (
        <button type="button" className="button button--small button--secondary" aria-describedby={describedBy} onClick={onDisable}>
          {t(`${keys}disable`)}
        </button>
      ) : (
        <button type="button" className="button button--small" aria-describedby={describedBy} disabled={busy} onClick={onEnable}>
          {t(`${keys}enable`)}
        </button>
      )}
    </>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useI18n } from '../../core/i18n.ts';
import { NoteField, type Outcome } from './queue-parts.tsx';

export interface ReasonPanelProps {
  /** The reason field's id. */
  id: string;
  legend: string;
  /** What the action does beyond its name, said before the operator confirms. */
  note?: string;
  reasonLabel: string;
  submitLabel: string;
  cancelLabel: string;
  /** A disabling or a retirement looks secondary; a plain action looks like the main button. */
  tone?: 'plain' | 'secondary';
  /** Makes the change with the trimmed reason; resolves to what the screen then says. */
  act: (reason: string) => Promise<string>;
  /** What a refusal of the change says. */
  refused: (error: unknown) => string;
  onClose: (done: Outcome | null) => void;
}

/**
 * The panel every back-office change that touches money or someone's access opens: why, for the
 * audit log, then confirm or cancel. A blank reason is told and nothing is sent; focus lands in the
 * reason field as the panel opens, so a keyboard user is where they asked to be.
 */
export function ReasonPanel({
  id,
  legend,
  note,
  reasonLabel,
  submitLabel,
  cancelLabel,
  tone = 'secondary',
  act,
  refused,
  onClose,
}: ReasonPanelProps) {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setFailure(t('admin_reason_needed'));
      return;
    }
    setBusy(true);
    try {
      onClose({ text: await act(reason.trim()), failed: false });
    } catch (error) {
      setFailure(refused(error));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="gs-admin__item">
      <fieldset ref={ref}>
        <legend>{legend}</legend>
        {note !== undefined && note !== '' && <p className="gs-admin__note">{note}</p>}
        <NoteField id={id} label={reasonLabel} maxLength={500} value={reason} onChange={setReason} />
        <p className="gs-message gs-message--error" role="alert">
          {failure}
        </p>
        <div className="gs-actions">
          <button
            type="submit"
            className={tone === 'secondary' ? 'button button--small button--secondary' : 'button button--small'}
            disabled={busy}
            aria-busy={busy}
          >
            {submitLabel}
          </button>
          <button type="button" className="button button--small button--quiet" onClick={() => onClose(null)}>
            {cancelLabel}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

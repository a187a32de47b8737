import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useI18n } from '../../core/i18n.ts';

interface AskFirstProps {
  /** The action's name, on its button and again on the button that carries it out. */
  label: string;
  /**
   * What the action will do, in words with its figures, asked before it runs. Null while the form
   * is not ready: the button then acts at once, and the action says what is missing.
   */
  question: string | null;
  /** Drawn as a secondary action (the Revenue tab's Distribute beside Record). */
  secondary?: boolean;
  disabled?: boolean;
  onGo: () => void;
}

/**
 * A back-office action that moves money (crediting an order, paying a withdrawal out, marking a
 * refund, paying income) in two steps: the first press asks the question, the second, on the
 * question's own button, carries it out. Cancel or Escape leave everything as it was.
 */
export function AskFirst({ label, question, secondary = false, disabled = false, onGo }: AskFirstProps) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  const go = useRef<HTMLButtonElement>(null);
  const open = asking && question !== null;
  useEffect(() => {
    if (open) go.current?.focus();
  }, [open]);

  if (!open)
    return (
      <button
        type="button"
        className={secondary ? 'button button--small button--secondary' : 'button button--small'}
        disabled={disabled}
        onClick={() => (question === null ? onGo() : setAsking(true))}
      >
        {label}
      </button>
    );
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setAsking(false);
  };
  return (
    <div className="gs-admin__ask" role="group" aria-labelledby={questionId} onKeyDown={cancelOnEscape}>
      <p id={questionId}>{question}</p>
      <div className="gs-actions">
        <button
          ref={go}
          type="button"
          className="button button--small"
          disabled={disabled}
          onClick={() => {
            setAsking(false);
            onGo();
          }}
        >
          {label}
        </button>
        <button type="button" className="button button--small button--quiet" onClick={() => setAsking(false)}>
          {t('admin_ask_cancel')}
        </button>
      </div>
    </div>
  );
}

/**
 * What the member forms (login, register, edit user) share: the original app's input rules and the
 * labelled field, message and submit button. One module, so a page or widget fetches it once.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { passwordLength } from '../../contract/limits.ts';
import { useMounted } from '../core/hooks.ts';

/** Names and referral codes keep only word characters and Chinese characters. */
export function keepNameCharacters(value: string): string {
  return value.replace(/[^\w\u4e00-\u9fa5]/g, '');
}

/** Passwords keep only lowercase letters, digits and underscore, 12 at most. */
export function keepPasswordCharacters(value: string): string {
  return value.replace(/[^a-z0-9_]/g, '').slice(0, passwordLength.max);
}

/** The original app's text: a password mixes letters and digits. */
export function mixesLettersAndDigits(password: string): boolean {
  return /[a-z]/.test(password) && /\d/.test(password);
}

export interface FieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  /** Receives what was typed; returns what the field keeps (the original app's input filters). */
  onChange: (value: string) => string | void;
  /** An error message, shown under the field and announced. */
  error?: string | undefined;
  hint?: string | undefined;
  type?: 'text' | 'password';
  /** The name of the show/hide button of a password field (described by the field's label); none, no button. */
  toggleLabel?: string | undefined;
  autoComplete?: string;
  maxLength?: number;
  inputRef?: RefObject<HTMLInputElement | null>;
}

/** A labelled input with its hint and error tied to it (aria-describedby), and an optional show/hide toggle. */
export function Field({
  id,
  name,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  toggleLabel,
  autoComplete,
  maxLength,
  inputRef,
}: FieldProps) {
  const [shown, setShown] = useState(false);
  const described = [hint === undefined ? '' : `${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const own = useRef<HTMLInputElement>(null);
  const input = inputRef ?? own;
  // Keeps what was typed: a filtered character leaves the state as it was, so take it out of the input too.
  const take = (element: HTMLInputElement) => {
    const kept = onChange(element.value);
    if (typeof kept === 'string' && kept !== element.value) element.value = kept;
  };
  const change = (event: FormEvent<HTMLInputElement>) => take(event.currentTarget);
  // What was typed before the script took over (hydration keeps the server's empty value in state).
  useEffect(() => {
    if (input.current !== null && input.current.value !== value) take(input.current);
  }, []); // Once, on mount.
  return (
    <div className="gs-field" part="field">
      <label id={`${id}-label`} htmlFor={id} part="label">
        {label}
      </label>
      <div className="gs-field__control">
        <input
          ref={input}
          id={id}
          part="input"
          name={name}
          type={type === 'password' && !shown ? 'password' : 'text'}
          value={value}
          onInput={change}
          autoComplete={autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
        />
        {toggleLabel !== undefined && (
          <button
            type="button"
            className="gs-field__toggle"
            aria-pressed={shown}
            aria-label={toggleLabel}
            aria-describedby={`${id}-label`}
            aria-controls={id}
            onClick={() => setShown(!shown)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
              {shown && <path d="M4 4l16 16" />}
            </svg>
          </button>
        )}
      </div>
      {hint !== undefined && (
        <p id={`${id}-hint`} className="gs-field__hint">
          {hint}
        </p>
      )}
      <p id={`${id}-error`} className="gs-field__error" part="error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

/** A form's outcome: a failure is an alert, a success a status message. */
export interface Outcome {
  text: string;
  failed: boolean;
}

export function FormMessage({ outcome }: { outcome: Outcome | null }) {
  return (
    <>
      <p className="gs-message gs-message--error" part="error" role="alert">
        {outcome?.failed === true ? outcome.text : ''}
      </p>
      <p className="gs-message gs-message--ok" part="message" role="status">
        {outcome?.failed === false ? outcome.text : ''}
      </p>
    </>
  );
}

/**
 * The submit button: disabled and visibly busy while the request runs, and until the screen
 * is hydrated, so that a form sent before its script runs never puts a password in a URL.
 */
export function SubmitButton({ busy, disabled = false, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  const mounted = useMounted();
  return (
    <button
      className="button button--block gs-submit"
      part="button submit"
      type="submit"
      disabled={busy || disabled || !mounted}
      aria-busy={busy}
    >
      {children}
    </button>
  );
}

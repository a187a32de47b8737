import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../core/i18n.ts';
import { uploadImage } from '../core/upload.ts';
import { photoProblem } from './photo-rules.ts';

interface PhotoFieldProps {
  id: string;
  label: string;
  /** The ids of the shared hints (png or jpeg, 2048 KB; who sees the photos). */
  hintIds: string;
  /** A hint of this field alone, shown under it (its id must be among hintIds). */
  hint?: { id: string; text: string };
  /** A message from the server about this photo (a 422's errors). */
  serverError?: string | undefined;
  /** The upload id once uploaded, undefined when the placeholder shows. */
  onUploaded: (id: number | undefined) => void;
}

type PhotoState = { kind: 'empty' } | { kind: 'uploading' } | { kind: 'done'; preview: string };

/**
 * One identity photo: checked (png/jpeg, 2048 KB) before anything is sent, uploaded at once,
 * previewed from the member's own file. A failed upload returns the placeholder (as in the original app).
 */
export function PhotoField({ id, label, hintIds, hint, serverError, onUploaded }: PhotoFieldProps) {
  const { t } = useI18n();
  const [state, setState] = useState<PhotoState>({ kind: 'empty' });
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const preview = useRef('');

  const setPreview = (url: string) => {
    if (preview.current !== '') URL.revokeObjectURL(preview.current);
    preview.current = url;
  };
  useEffect(() => () => setPreview(''), []);

  const choose = async (file: File | undefined) => {
    if (file === undefined) return;
    const problem = photoProblem(file);
    if (problem !== null) {
      setError(t(problem));
      if (input.current !== null) input.current.value = '';
      return;
    }
    setError('');
    setState({ kind: 'uploading' });
    onUploaded(undefined);
    try {
      const uploaded = await uploadImage(file);
      const url = URL.createObjectURL(file);
      setPreview(url);
      setState({ kind: 'done', preview: url });
      onUploaded(uploaded.id);
    } catch {
      setPreview('');
      setState({ kind: 'empty' });
      setError(t('verify_upload_error'));
      if (input.current !== null) input.current.value = '';
    }
  };

  const shown = error !== '' ? error : (serverError ?? '');
  return (
    <div className="gs-photo">
      <label part="label" htmlFor={id}>
        {label}
        <span className="gs-photo__frame" data-state={state.kind}>
          {state.kind === 'done' ? (
            <img src={state.preview} alt="" />
          ) : (
            <>
              <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
                <rect x="6" y="10" width="36" height="28" rx="3" />
                <circle cx="24" cy="24" r="7" />
              </svg>
              <span className="gs-photo__choose" aria-hidden="true">
                {t('photo_choose')}
              </span>
            </>
          )}
        </span>
      </label>
      {/* The frame above is the one picker: the file input stays the focusable control, out of sight. */}
      <input
        part="input"
        className="gs-photo__input"
        ref={input}
        id={id}
        type="file"
        accept="image/png,image/jpeg"
        aria-invalid={shown !== '' ? true : undefined}
        aria-describedby={`${hintIds} ${id}-error`}
        onChange={(event) => void choose(event.currentTarget.files?.[0])}
      />
      {hint !== undefined && (
        <p id={hint.id} className="gs-field__hint">
          {hint.text}
        </p>
      )}
      <p className="gs-photo__state" role="status">
        {state.kind === 'uploading' ? t('loading') : ''}
      </p>
      <p part="error" id={`${id}-error`} className="gs-field__error" aria-live="polite">
        {shown}
      </p>
    </div>
  );
}

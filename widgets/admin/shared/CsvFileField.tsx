/** A labelled CSV file chooser with its hint and its error, as the back office's imports ask for a file. */
export function CsvFileField(props: {
  id: string;
  label: string;
  hint: string;
  error: string;
  onChoose: (file: File | undefined) => void;
}) {
  const { id, label, hint, error, onChoose } = props;
  return (
    <div className="gs-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => onChoose(event.currentTarget.files?.[0])}
      />
      <p id={`${id}-hint`} className="gs-field__hint">
        {hint}
      </p>
      <p id={`${id}-error`} className="gs-field__error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

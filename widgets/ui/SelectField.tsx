import type { RefObject } from 'react';

export interface SelectFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  /** The first, empty choice ("Choose"). */
  placeholder: string;
  options: { value: string; text: string }[];
  onChange: (value: string) => void;
  error?: string | undefined;
  selectRef?: RefObject<HTMLSelectElement | null>;
}

/** A labelled select with its error tied to it, shaped like the shared Field (widgets/ui/form.tsx). */
export function SelectField({ id, name, label, value, placeholder, options, onChange, error, selectRef }: SelectFieldProps) {
  return (
    <div className="gs-field gs-member-select">
      <label part="label" htmlFor={id}>
        {label}
      </label>
      <select
        part="input"
        ref={selectRef}
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
      <p part="error" id={`${id}-error`} className="gs-field__error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

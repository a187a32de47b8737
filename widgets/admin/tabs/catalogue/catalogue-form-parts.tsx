import { useState } from 'react';
import { useI18n } from '../../../core/i18n.ts';
import { Field } from '../../../ui/form.tsx';
import { uploadPicture } from '../../shared/upload-picture.ts';
import { catalogueWording } from './catalogue-keys.ts';

export const catalogueLocales = ['zhs', 'zht', 'eng'] as const;
export type Locale = (typeof catalogueLocales)[number];
export type Texts = Record<Locale, string>;
export type Errors = Record<string, string>;

export const blankTexts = (): Texts => ({ zhs: '', zht: '', eng: '' });

/** One text per locale, in a column per locale so the three translations are read side by side. */
export interface LocalisedField {
  field: string;
  label: string;
  maxLength: number;
  multiline?: boolean;
}

export function LocaleColumns(props: {
  prefix: string;
  fields: readonly LocalisedField[];
  values: Record<string, Texts>;
  errors: Errors;
  onChange: (field: string, locale: Locale, value: string) => void;
}) {
  const { t } = useI18n();
  return (
    <div
      className="gs-admin__locales"
      style={{ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))' }}
    >
      {catalogueLocales.map((locale) => (
        <fieldset key={locale} className="gs-admin__form" lang={locale === 'eng' ? 'en' : locale === 'zht' ? 'zh-Hant' : 'zh-Hans'}>
          <legend>{t(`language_${locale}`)}</legend>
          {props.fields.map(({ field, label, maxLength, multiline }) => {
            const id = `${props.prefix}-${field}-${locale}`;
            const error = props.errors[`${field}.${locale}`];
            const value = props.values[field]?.[locale] ?? '';
            if (multiline !== true)
              return (
                <Field
                  key={field}
                  id={id}
                  name={`${field}.${locale}`}
                  label={`${label} (${t(`language_${locale}`)})`}
                  value={value}
                  maxLength={maxLength}
                  autoComplete="off"
                  error={error}
                  onChange={(next) => props.onChange(field, locale, next)}
                />
              );
            return (
              <div key={field} className="gs-field">
                <label htmlFor={id}>{`${label} (${t(`language_${locale}`)})`}</label>
                <div className="gs-field__control">
                  <textarea
                    id={id}
                    name={`${field}.${locale}`}
                    rows={3}
                    maxLength={maxLength}
                    value={value}
                    aria-invalid={error !== undefined}
                    aria-describedby={error === undefined ? undefined : `${id}-error`}
                    onInput={(event) => props.onChange(field, locale, event.currentTarget.value)}
                  />
                </div>
                {error !== undefined && (
                  <p id={`${id}-error`} className="gs-field__error">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}

/**
 * Chooses a png or jpeg, shows it at once (from the file itself), and uploads it: the server checks
 * it by content and re-encodes it, and answers the picture's src.
 */
export function PictureUpload({ id, label, onUploaded }: { id: string; label: string; onUploaded: (src: string) => void }) {
  const { t } = useI18n();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const chosen = async (file: File | undefined) => {
    if (file === undefined) return;
    setError('');
    setBusy(true);
    setPreview(URL.createObjectURL(file));
    try {
      onUploaded((await uploadPicture(file, '/catalogue/pictures')).src);
    } catch (failure) {
      setPreview(null);
      setError(catalogueWording.text(failure, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="gs-field">
      <label htmlFor={id}>{label}</label>
      <div className="gs-field__control">
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg"
          disabled={busy}
          aria-describedby={error === '' ? undefined : `${id}-error`}
          onChange={(event) => void chosen(event.currentTarget.files?.[0])}
        />
      </div>
      {preview !== null && <img src={preview} alt={t('admin_cat_picture_alt')} width={160} style={{ height: 'auto' }} />}
      <p id={`${id}-error`} className="gs-field__error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

/** A catalogue form's last lines: why the server refused it, Save, and Cancel when it edits an existing entry. */
export function FormEnd({ failure, busy, onCancel }: { failure: string; busy: boolean; onCancel: (() => void) | null }) {
  const { t } = useI18n();
  return (
    <>
      {failure !== '' && (
        <p className="gs-message gs-message--error" role="alert">
          {failure}
        </p>
      )}
      <div className="gs-actions">
        <button type="submit" className="button" disabled={busy}>
          {t('admin_cat_save')}
        </button>
        {onCancel !== null && (
          <button type="button" className="button button--quiet" onClick={onCancel}>
            {t('admin_cat_cancel')}
          </button>
        )}
      </div>
    </>
  );
}

import { htmlLang } from '../../../../locales/index.ts';
import type { ReactNode } from 'react';
import { useI18n } from '../../../core/i18n.ts';
import { siteFieldLabel } from './content-keys.ts';
import { fieldAt, withField } from './site-content.ts';

export type Path = (string | number)[];

interface ContentFormProps {
  value: unknown;
  onChange(next: unknown): void;
  /** Messages per field path ("sections.0.heading"), as the server refused them. */
  errors: Record<string, string[]>;
  /** The same page in the other locales, shown under each text for translators. */
  others: { locale: string; draft: unknown }[];
  /** A picture chosen for the `src` field at `path`. */
  onPicture(path: Path, file: File): void;
  /** The page's name, for the page-wide list (the partner locations). */
  name: string;
}

const key = (path: Path) => path.join('.');
const longTextChars = 60;

/**
 * A page's fields, laid out from the page itself: a text box per text, a group per object or list.
 * The server checks the result against the content schema and names each field it refuses.
 */
export function ContentForm({ value, onChange, errors, others, onPicture, name }: ContentFormProps) {
  const { t } = useI18n();

  const text = (path: Path, current: string | number) => {
    const id = `gs-site-field-${key(path).replace(/[^\w-]/g, '-')}`;
    const problems = errors[key(path)] ?? [];
    const numeric = typeof current === 'number';
    const set = (raw: string) => onChange(withField(value, path, numeric && /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : raw));
    const translations = others
      .map((other) => ({ locale: other.locale, text: fieldAt(other.draft, path) }))
      .filter((other) => typeof other.text === 'string' && other.text !== current);
    const Control = typeof current === 'string' && current.length > longTextChars ? 'textarea' : 'input';
    return (
      <div className="gs-field" key={id}>
        <label htmlFor={id}>{siteFieldLabel(t, path)}</label>
        <div className="gs-field__control">
          <Control
            id={id}
            name={key(path)}
            value={String(current)}
            {...(Control === 'textarea' ? { rows: 3 } : { type: 'text', inputMode: numeric ? ('decimal' as const) : undefined })}
            aria-invalid={problems.length > 0}
            aria-describedby={problems.length > 0 ? `${id}-error` : undefined}
            onInput={(event) => set(event.currentTarget.value)}
          />
        </div>
        {path.at(-1) === 'src' && (
          <div className="gs-field__control">
            <label htmlFor={`${id}-file`}>
              {siteFieldLabel(t, path)}: {t('admin_site_replace_picture')}
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept="image/png,image/jpeg"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                if (file !== undefined) onPicture(path, file);
              }}
            />
          </div>
        )}
        {problems.length > 0 && (
          <p className="gs-message gs-message--error" id={`${id}-error`}>
            {problems.join(' ')}
          </p>
        )}
        {translations.length > 0 && (
          <ul className="gs-admin__translations" aria-label={t('admin_site_other_locales')}>
            {translations.map((other) => (
              <li key={other.locale} lang={htmlLang[other.locale as keyof typeof htmlLang]}>
                <span className="gs-admin__locale">{t(`language_${other.locale}`)}</span> {String(other.text)}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  };

  const render = (path: Path, current: unknown): ReactNode => {
    if (typeof current === 'string' || typeof current === 'number') return text(path, current);
    if (current === null || typeof current !== 'object') return null;
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    const list = Array.isArray(current) ? (current as unknown[]) : undefined;
    const children = entries.map(([name, inner]) =>
      list === undefined ? (
        render([...path, name], inner)
      ) : (
        <div key={key([...path, name])} className="gs-admin__item">
          {render([...path, name], inner)}
          <button
            type="button"
            className="button button--small button--quiet"
            onClick={() =>
              onChange(
                withField(
                  value,
                  path,
                  list.filter((_, index) => index !== name),
                ),
              )
            }
          >
            {t('admin_site_remove', { field: siteFieldLabel(t, [...path, name]) })}
          </button>
        </div>
      ),
    );
    // A new item starts as a copy of the last one, for the operator to change; the schema says how many a list may hold.
    const add = list !== undefined && list.length > 0 && (
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() => onChange(withField(value, path, [...list, structuredClone(list.at(-1))]))}
      >
        {t('admin_site_add', { field: path.length === 0 ? name : siteFieldLabel(t, path) })}
      </button>
    );
    if (path.length === 0)
      return (
        <>
          {children}
          {add}
        </>
      );
    const problems = errors[key(path)] ?? [];
    return (
      <fieldset key={key(path)} className="gs-admin__group">
        <legend>{siteFieldLabel(t, path)}</legend>
        {problems.length > 0 && <p className="gs-message gs-message--error">{problems.join(' ')}</p>}
        {children}
        {add}
      </fieldset>
    );
  };

  return <>{render([], value)}</>;
}

import { useEffect, useState, type FormEvent } from 'react';
import { ApiFailure } from '../../../core/api.ts';
import { useI18n } from '../../../core/i18n.ts';
import { siteRefusals, siteSectionName } from './content-keys.ts';
import { knownRefusalKey } from '../../../core/refusal.ts';
import { ContentForm, type Path } from './ContentForm.tsx';
import { uploadPicture } from '../../shared/upload-picture.ts';
import type { SectionDetail } from '../../../../contract/api/site.ts';
import { loadSection, saveSection, withField } from './site-content.ts';

interface ContentEditorProps {
  section: string;
  locale: string;
  onClose(): void;
}

/** One page in one locale: its fields, the other locales beside them, and Save. */
export function ContentEditor({ section, locale, onClose }: ContentEditorProps) {
  const { t } = useI18n();
  const [detail, setDetail] = useState<SectionDetail | null>(null);
  const [value, setValue] = useState<unknown>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    loadSection(section, locale)
      .then((loaded) => {
        setDetail(loaded);
        setValue(loaded.draft);
      })
      .catch(() => setOutcome({ text: t('admin_load_error'), failed: true }));
  }, [section, locale]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      await saveSection(section, locale, value);
      setErrors({});
      setOutcome({ text: t('admin_site_saved'), failed: false });
    } catch (error) {
      const fields = error instanceof ApiFailure ? (error.envelope?.errors ?? {}) : {};
      setErrors(fields);
      const named = Object.keys(fields).join(', ');
      const reason = t(knownRefusalKey(error, siteRefusals, 'admin_action_failed'));
      setOutcome({ text: named === '' ? reason : `${reason} ${t('admin_site_invalid_fields', { fields: named })}`, failed: true });
    } finally {
      setBusy(false);
    }
  };

  const replacePicture = (path: Path, file: File) => {
    setBusy(true);
    setOutcome(null);
    uploadPicture(file)
      .then(({ src }) => {
        setValue((current: unknown) => withField(current, path, src));
        setOutcome({ text: t('admin_site_picture_ready'), failed: false });
      })
      .catch((error: unknown) => setOutcome({ text: t(knownRefusalKey(error, siteRefusals, 'admin_action_failed')), failed: true }))
      .finally(() => setBusy(false));
  };

  const heading = `${siteSectionName(t, section)} · ${locale === 'all' ? t('admin_site_every_language') : t(`language_${locale}`)}`;
  return (
    <section aria-labelledby="gs-admin-content-editor">
      <h2 id="gs-admin-content-editor">{heading}</h2>
      <form onSubmit={(event) => void save(event)} noValidate>
        {detail !== null && (
          <ContentForm value={value} onChange={setValue} errors={errors} others={detail.others} onPicture={replacePicture} name={section} />
        )}
        <p className="gs-message gs-message--error" role="alert">
          {outcome?.failed === true ? outcome.text : ''}
        </p>
        <p className="gs-message gs-message--ok" role="status">
          {outcome?.failed === false ? outcome.text : busy ? t('loading') : ''}
        </p>
        <div className="gs-actions">
          <button type="submit" className="button button--small" disabled={busy || detail === null} aria-busy={busy}>
            {t('admin_site_save')}
          </button>
          <button type="button" className="button button--small button--secondary" onClick={onClose}>
            {t('admin_site_back')}
          </button>
        </div>
      </form>
    </section>
  );
}

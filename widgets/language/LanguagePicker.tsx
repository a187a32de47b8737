import { useEffect, useState } from 'react';
import { htmlLang, locales, localePath, type Locale } from '../../locales/index.ts';
import { useHostEvents } from '../core/host-events.ts';
import { useI18n } from '../core/i18n.ts';
import { chooseLocale } from '../core/locale.ts';

interface LanguagePickerProps {
  /** On a site page, the route to reopen in the chosen language; widgets stay where they are. */
  route?: string;
}

/** The language screen: three choices; the choice persists and applies to every page and widget. */
export function LanguagePicker({ route }: LanguagePickerProps) {
  const { locale, t } = useI18n();
  const hostEvents = useHostEvents();
  const [saved, setSaved] = useState(false);
  // The choice shows at once, while the chosen language's messages are still loading.
  const [selected, setSelected] = useState(locale);
  useEffect(() => setSelected(locale), [locale]);
  const choose = (next: Locale) => {
    setSelected(next);
    chooseLocale(next);
    setSaved(true);
    // A partner's page keeps no storage of ours: it hears the choice and may keep it for its next page (gs:language).
    if (next !== locale) hostEvents('language', { locale: next, lang: htmlLang[next] });
    if (route !== undefined && next !== locale) location.assign(localePath(next, route));
  };
  return (
    <fieldset className="gs-language">
      <legend>{t('language_title')}</legend>
      {locales.map((option) => (
        <label part="label" key={option} className="gs-language__option">
          <input
            part="input"
            type="radio"
            name="gs-language"
            value={option}
            checked={option === selected}
            onChange={() => choose(option)}
          />
          <span lang={htmlLang[option]}>{t(`language_${option}`)}</span>
        </label>
      ))}
      <p className="gs-language__status" role="status">
        {saved ? t('language_saved') : ''}
      </p>
    </fieldset>
  );
}

import { alertLanguages, type AlertLanguage } from '../../../../contract/alert-rules.ts';
import { useI18n } from '../../../core/i18n.ts';

/**
 * The language each alert address is written to in (decision 064): all three, the default, or one. Shown for the
 * addresses as typed once they read as addresses, so a new one can be given its language before saving.
 */
export function AlertLanguages({
  addresses,
  languages,
  onChange,
}: {
  addresses: readonly string[];
  languages: Readonly<Record<string, AlertLanguage>>;
  onChange: (address: string, language: AlertLanguage) => void;
}) {
  const { t } = useI18n();
  if (addresses.length === 0) return null;
  return (
    <fieldset className="gs-admin__form">
      <legend>{t('admin_alerts_languages')}</legend>
      {addresses.map((address, index) => (
        <div className="gs-field" key={address}>
          <label htmlFor={`gs-alerts-language-${index}`}>{address}</label>
          <div className="gs-field__control">
            <select
              id={`gs-alerts-language-${index}`}
              name={`email_languages[${address}]`}
              value={languages[address] ?? 'all'}
              onChange={(event) => onChange(address, event.currentTarget.value as AlertLanguage)}
            >
              {alertLanguages.map((language) => (
                <option key={language} value={language}>
                  {t(language === 'all' ? 'admin_alerts_language_all' : `language_${language}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      ))}
    </fieldset>
  );
}

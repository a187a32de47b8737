import { useI18n } from '../core/i18n.ts';
import { siteHref } from '../core/locale.ts';

/** Links to the login and register screens, in the prompt and wherever a screen needs a login. */
export function LoginLinks() {
  const { locale, t } = useI18n();
  return (
    <p className="gs-actions">
      <a className="button" href={siteHref(locale, '/login')}>
        {t('login_submit')}
      </a>
      <a className="button button--secondary" href={siteHref(locale, '/register')}>
        {t('login_register_link')}
      </a>
    </p>
  );
}

import { useStore } from '../core/use-store.ts';
import { useState } from 'react';
import { localePath } from '../../locales/index.ts';
import { apiRequest } from '../core/api.ts';
import { useLoggedIn, useMounted } from '../core/hooks.ts';
import { appVersion, buildDate } from '../core/build-info.ts';
import { useI18n } from '../core/i18n.ts';
import { siteHref } from '../core/locale.ts';
import { $mainWallet } from '../core/main-wallet.ts';
import { formatPoints } from '../core/money.ts';
import { $sessionNotice } from '../core/session-expiry.ts';
import { $user, endSession } from '../core/session.ts';

/** The original app's settings menu, in its order, with identity verification and bank cards after the profile (beyond the original app). */
export const settingMenu = [
  { route: '/edit-user', label: 'setting_edit_user' },
  { route: '/setting/verify', label: 'setting_verify' },
  { route: '/setting/bank', label: 'setting_bank_cards' },
  { route: '/setting/about', label: 'setting_about' },
  { route: '/setting/order', label: 'setting_orders' },
  { route: '/setting/service', label: 'setting_service' },
  { route: '/prevention', label: 'setting_prevention' },
  { route: '/setting/language', label: 'setting_language' },
  { route: '/setting/instruction', label: 'setting_instructions' },
  { route: '/setting/warning', label: 'setting_warning' },
] as const;

/** The original app shows "logged out" for 1 second before going to the start page. */
export const loggedOutNoticeMs = 1_000;

interface SettingScreenProps {
  /** On a site page, go to the start page after logging out; a widget stays where it is. */
  navigate?: boolean;
}

/** The settings screen: who is logged in, the main wallet, the own referral code, log in or out, and the menu. */
export function SettingScreen({ navigate = false }: SettingScreenProps) {
  const { locale, t } = useI18n();
  const mounted = useMounted();
  const loggedIn = useLoggedIn() && mounted;
  const user = useStore($user);
  const balance = useStore($mainWallet);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const code = loggedIn ? user?.user_referral_code?.user_referral_code : undefined;

  const copy = async () => {
    if (code === undefined) return;
    if (navigator.clipboard === undefined) {
      setStatus(t('setting_copy_unsupported'));
      return;
    }
    try {
      await navigator.clipboard.writeText(code);
      setStatus(t('setting_copy_referral_success'));
    } catch {
      setStatus(t('setting_copy_error'));
    }
  };

  // Logging out always ends the session here, even when the server cannot be told.
  const logout = async () => {
    setBusy(true);
    try {
      await apiRequest('POST', '/v1/logout');
    } catch {
      // The token is dropped below either way.
    }
    endSession();
    $sessionNotice.set(null);
    setBusy(false);
    setStatus(t('session_logged_out'));
    if (navigate) setTimeout(() => location.assign(localePath(locale, '/')), loggedOutNoticeMs);
  };

  return (
    <div className="gs-setting">
      <div className="gs-setting__account">
        <p className="gs-setting__name">
          {!mounted ? t('loading') : loggedIn && user !== null ? user.username : t('setting_not_logged_in')}
        </p>
        {loggedIn && (
          <dl className="gs-setting__facts">
            <div>
              <dt>{t('setting_main_wallet')}</dt>
              <dd>
                <data value={balance ?? ''}>{balance === null ? '—' : formatPoints(balance, locale)}</data>
              </dd>
            </div>
            {code !== undefined && (
              <div>
                <dt>{t('setting_referral_code')}</dt>
                <dd className="gs-setting__code">
                  <code>{code}</code>
                  <button part="button" type="button" className="button button--small" onClick={() => void copy()}>
                    {t('setting_copy')}
                  </button>
                </dd>
              </div>
            )}
          </dl>
        )}
        <p part="message" className="gs-message gs-message--ok" role="status">
          {status}
        </p>
        {loggedIn ? (
          <button
            part="button"
            type="button"
            className="button button--block button--secondary"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void logout()}
          >
            {t('setting_logout')}
          </button>
        ) : (
          mounted && (
            <a className="button button--block" href={siteHref(locale, '/login')}>
              {t('setting_login')}
            </a>
          )
        )}
      </div>
      <nav aria-label={t('setting_menu_label')}>
        <ul className="gs-menu">
          {settingMenu.map((item) => (
            <li key={item.route}>
              <a href={siteHref(locale, item.route)}>{t(item.label)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="gs-setting__version">
        {t('setting_version', { version: appVersion })} · {t('setting_build_date', { date: buildDate })}
      </p>
    </div>
  );
}

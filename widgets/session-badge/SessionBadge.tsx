import { useStore } from '../core/use-store.ts';
import { useI18n } from '../core/i18n.ts';
import { $mainWallet } from '../core/main-wallet.ts';
import { formatPoints } from '../core/money.ts';
import { useLoggedIn } from '../core/hooks.ts';
import { $user } from '../core/session.ts';

/** The member's name and main-wallet balance, or "not logged in". */
export function SessionBadge() {
  const { locale, t } = useI18n();
  const loggedIn = useLoggedIn();
  const user = useStore($user);
  const balance = useStore($mainWallet);
  return (
    <section className="gs-badge" aria-label={t('badge_label')} aria-live="polite">
      {loggedIn && user !== null ? (
        <>
          <span className="gs-badge__name">{user.username}</span>
          <span className="gs-badge__balance">
            {t('badge_main_wallet')}: <data value={balance ?? ''}>{balance === null ? '—' : formatPoints(balance, locale)}</data>
          </span>
        </>
      ) : (
        <span className="gs-badge__name">{t('badge_not_logged_in')}</span>
      )}
    </section>
  );
}

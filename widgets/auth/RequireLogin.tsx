import { useStore } from '../core/use-store.ts';
import { useEffect, type ReactNode } from 'react';
import { useLoggedIn, useMounted } from '../core/hooks.ts';
import { useEmbedded } from '../core/embedded.ts';
import { partnerBundle } from '../core/page-mode.ts';
import { useI18n } from '../core/i18n.ts';
import { $sessionNotice } from '../core/session-expiry.ts';
import { closeLoginPrompt, openLoginPrompt } from './login-prompt.ts';
import { LoginLinks } from './LoginLinks.tsx';
import { LoginPrompt } from './LoginPrompt.tsx';

/**
 * The guard of the original app's login-only routes (widgets/core/guard.ts): logged in, the screen;
 * logged out, the login prompt instead, so the screen is never shown. A session that ends on
 * the page (logout, expiry) takes the screen away at once.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const mounted = useMounted();
  const loggedIn = useLoggedIn();
  const notice = useStore($sessionNotice);
  const embedded = useEmbedded();

  // Logged out: the prompt opens, unless the session notice is explaining an ended session
  // (it then goes to the login screen). Logged in (here or in another tab): the prompt closes.
  // A partner's page never has the overlay, so the partner bundle is built without it.
  useEffect(() => {
    if (partnerBundle || !mounted || embedded) return;
    if (loggedIn) closeLoginPrompt();
    else if (notice === null) openLoginPrompt();
  }, [mounted, loggedIn, notice, embedded]);

  if (!mounted) {
    return (
      <p className="gs-loading" role="status">
        {t('loading')}
      </p>
    );
  }
  if (loggedIn) return <>{children}</>;
  return (
    <div className="gs-require-login">
      <p>{t('login_prompt_body')}</p>
      <LoginLinks />
      {!partnerBundle && !embedded && <LoginPrompt />}
    </div>
  );
}

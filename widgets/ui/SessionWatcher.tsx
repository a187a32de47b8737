import { useStore } from '../core/use-store.ts';
import { useEffect } from 'react';
import { apiRequest } from '../core/api.ts';
import { useSingleton } from '../core/hooks.ts';
import { partnerBundle } from '../core/page-mode.ts';
import { useI18n } from '../core/i18n.ts';
import type { Locale } from '../../locales/index.ts';
import { loginReturningTo } from '../core/return-to.ts';
import { $sessionNotice, type SessionNotice } from '../core/session-expiry.ts';
import type { User } from '../../contract/api/users.ts';
import { $token, $user } from '../core/session.ts';

/** The original app shows "login expired" for 2 seconds before going to the login screen. */
export const expiredNoticeMs = 2_000;

let checked = false;

/** Verifies a stored session once per page load; a 401 ends it and sets the notice (api.ts). */
export function checkSessionOnce(): void {
  if (checked || $token.get() === '') return;
  checked = true;
  void refreshSession().catch(() => {
    // A 401 has already ended the session; other failures keep it until the next page.
  });
}

/** Asks the server who the member is, refreshing the stored user (and token, if it sends one). */
export async function refreshSession(): Promise<void> {
  const envelope = await apiRequest<User | null>('GET', '/v1/check');
  if (typeof envelope.token === 'string' && envelope.token !== '') $token.set(envelope.token);
  $user.set(envelope.detail);
}

/**
 * On a site page, the login screen a moment after the notice, then back to this page. A widget on
 * a partner's page never navigates: its bundle leaves the hook out.
 */
const useLoginAfterExpiry = partnerBundle
  ? () => undefined
  : (navigate: boolean, notice: SessionNotice, locale: Locale) =>
      useEffect(() => {
        if (!navigate || notice === null) return;
        const timer = setTimeout(() => location.assign(loginReturningTo(locale, location, notice)), expiredNoticeMs);
        return () => clearTimeout(timer);
      }, [navigate, notice, locale]);

/**
 * Rendered beside every island and widget (screens/screen.tsx, embed/runtime.tsx): checks the
 * session on start and says why it ended when the server refuses it. On the site it then goes to
 * the login screen; a widget stays where it is and shows itself logged out.
 */
export function SessionWatcher({ navigate = false }: { navigate?: boolean }) {
  const { locale, t } = useI18n();
  const notice = useStore($sessionNotice);
  const owner = useSingleton('session-notice');

  useEffect(checkSessionOnce, []);
  useLoginAfterExpiry(owner && navigate, notice, locale);

  if (!owner) return null;
  return (
    <p className="gs-session-notice" role="alert">
      {notice === null ? '' : t(notice === 'other_device' ? 'session_other_device' : 'session_expired_short')}
    </p>
  );
}

import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';

/**
 * The member's session, shared by every island and widget on a page (one module instance)
 * and across tabs (local storage events). The token sits under the key "token", as the seed says.
 */
export interface SessionUser {
  id: number;
  username: string;
  user_wallets?: { main_wallet: number };
  user_referral_code?: { user_referral_code: string };
  [field: string]: unknown;
}

export const $token = persistentAtom<string>('token', '');

export const $user = persistentAtom<SessionUser | null>('user', null, {
  encode: JSON.stringify,
  decode: (raw) => {
    try {
      const value: unknown = JSON.parse(raw);
      return typeof value === 'object' && value !== null && 'id' in value ? (value as SessionUser) : null;
    } catch {
      return null;
    }
  },
});

export const $loggedIn = computed([$token, $user], (token, user) => token !== '' && user !== null);

export function startSession(token: string, user: SessionUser): void {
  $token.set(token);
  $user.set(user);
}

export function endSession(): void {
  $token.set('');
  $user.set(null);
}

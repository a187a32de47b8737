import { storedAtom } from './stored-atom.ts';

/**
 * The member's session, shared by every island and widget on a page (one module instance)
 * and across tabs (local storage events). The token sits under the key "token", as in the original app
 * (docs/original-app.md).
 */
export interface SessionUser {
  id: number;
  username: string;
  user_wallets?: { main_wallet: number };
  user_referral_code?: { user_referral_code: string };
  /** The referrer's code, null when the member registered with the house code. */
  parent_referral_code?: { user_referral_code: string } | null;
  [field: string]: unknown;
}

export const $token = storedAtom<string>('token', '');

export const $user = storedAtom<SessionUser | null>('user', null, {
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

export function startSession(token: string, user: SessionUser): void {
  $token.set(token);
  $user.set(user);
}

export function endSession(): void {
  $token.set('');
  $user.set(null);
}

/** The saved account name that prefills the login form (the original app keeps it in local storage). */
export const savedUsernameKey = 'username';

/** Where a member lands after logging in or registering on the site (as in the original app). */
export const afterLoginRoute = '/home/shopping';

export function readSavedUsername(): string {
  try {
    return localStorage.getItem(savedUsernameKey) ?? '';
  } catch {
    return '';
  }
}

export function saveUsername(username: string): void {
  try {
    localStorage.setItem(savedUsernameKey, username);
  } catch {
    // Storage refused (private mode, quota): the name is simply not remembered.
  }
}
